/** The Re-check button and, while a run works, its progress (domains checked of the total). */

import { Alert, Button } from "@mui/material";
import type { RefreshRun } from "@prospector/contracts";
import { errorMessage } from "../../../lib/errors.ts";
import { JobProgress } from "../../../ui/job-progress.tsx";
import { isRunning, useRecheck } from "../api/use-deliverability.ts";

export function RecheckButton({ run, disabled }: { run: RefreshRun | null; disabled?: boolean }) {
  const recheck = useRecheck();
  const busy = recheck.isPending || isRunning(run);
  return (
    <Button variant="contained" onClick={() => recheck.mutate(undefined)} disabled={busy || disabled}>
      {busy ? "Checking…" : "Re-check"}
    </Button>
  );
}

export function RunProgress({ run }: { run: RefreshRun | null }) {
  if (!run) return null;
  if (isRunning(run)) {
    return (
      <JobProgress
        label="Check progress"
        percent={run.total ? (run.done / run.total) * 100 : null}
        text={
          run.status === "queued" ? "Check queued…" : `Checking DNS: ${run.done} of ${run.total} domain${run.total === 1 ? "" : "s"} done`
        }
      />
    );
  }
  if (run.status === "failed") return <Alert severity="error">{run.error ?? "The last check run failed."}</Alert>;
  return null;
}

export function MutationError({ error }: { error: unknown }) {
  return error ? <Alert severity="error">{errorMessage(error)}</Alert> : null;
}
