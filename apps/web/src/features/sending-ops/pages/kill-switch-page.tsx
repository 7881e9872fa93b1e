/**
 * /kill-switch: is anything sending right now, and how do I stop it at once? The workspace's state
 * in one glance (running, or stopped since when, by whom and why), "Stop all sending" with a
 * reason, per-campaign and per-inbox stop and resume, and the audited history (docs/sending.md,
 * "Kill switch"). Reading needs campaigns:read; stopping and resuming campaigns:update.
 */
import { Alert, Button, Stack } from "@mui/material";
import { useState } from "react";
import { usePermissions } from "../../../app/permissions/permission-provider.tsx";
import { errorMessage } from "../../../lib/errors.ts";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { PageIntro } from "../../../ui/page-intro.tsx";
import { useKillSwitchState } from "../api/use-sending-ops.ts";
import { type HoldTargetRef, ResumeDialog, StopDialog } from "../components/hold-dialogs.tsx";
import { HoldHistoryCard } from "../components/hold-history-card.tsx";
import { HoldTargetsCard } from "../components/hold-targets-card.tsx";
import { KillSwitchStateCard } from "../components/kill-switch-state.tsx";

export default function KillSwitchPage() {
  const state = useKillSwitchState();
  const { can } = usePermissions();
  const canChange = can("campaigns:update");
  const [stopping, setStopping] = useState<HoldTargetRef | null>(null);
  const [resuming, setResuming] = useState<{ id: string; label: string } | null>(null);
  return (
    <Stack spacing={3}>
      <PageIntro
        question="Is anything sending right now, and how do I stop it at once?"
        summary="A stop takes effect before the next email is handed to the mail server; queued emails stay queued and go out once you resume."
      />
      {state.isError ? (
        <Alert severity="error" action={<Button onClick={() => state.refetch()}>Retry</Button>}>
          {errorMessage(state.error)}
        </Alert>
      ) : !state.data ? (
        <LoadingScreen />
      ) : (
        <KillSwitchStateCard
          state={state.data}
          canChange={canChange}
          onStopAll={() => setStopping({ scope: "workspace", id: null, label: "Whole workspace" })}
          onResume={() => state.data?.workspace_hold && setResuming({ id: state.data.workspace_hold.id, label: "All sending" })}
        />
      )}
      <HoldTargetsCard canChange={canChange} onStop={setStopping} onResume={(id, label) => setResuming({ id, label })} />
      <HoldHistoryCard />
      {stopping && <StopDialog target={stopping} onClose={() => setStopping(null)} />}
      {resuming && <ResumeDialog holdId={resuming.id} label={resuming.label} onClose={() => setResuming(null)} />}
    </Stack>
  );
}
