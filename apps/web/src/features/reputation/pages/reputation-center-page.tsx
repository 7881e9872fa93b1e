/**
 * /reputation-center: How has each domain's and inbox's reputation moved, and has any crossed a
 * threshold? The subjects with their latest score (worst first), one subject's score and rates over
 * time, the alerts, the rules of the score, "refresh now" and the history rebuild with its progress.
 */
import { Alert, Button, Stack } from "@mui/material";
import type { ReputationSubject, SubjectKind } from "@prospector/contracts";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { usePermissions } from "../../../app/permissions/index.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { timeAgo } from "../../../lib/format.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { usePager } from "../../../ui/table-pager/use-pager.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import {
  useBackfill,
  useRefreshReputation,
  useReputationAlerts,
  useReputationHistory,
  useReputationOverview,
  useStartBackfill,
} from "../api/use-reputation.ts";
import { BackfillBar } from "../components/backfill-bar.tsx";
import { HistoryCard } from "../components/history-card.tsx";
import { type AlertStatus, ReputationAlertsCard } from "../components/reputation-alerts-card.tsx";
import { ScoreFormula } from "../components/score-formula.tsx";
import { SubjectsTable, subjectKey } from "../components/subjects-table.tsx";

export default function ReputationCenterPage() {
  const canUpdate = usePermissions().can("campaigns:update");
  const toast = useToast();
  const subjectsPager = usePager();
  const overview = useReputationOverview(subjectsPager.page + 1, subjectsPager.perPage);
  const o = overview.data;
  const [picked, setPicked] = useState<string | null>(null);
  const [days, setDays] = useState(30);
  const [alertStatus, setAlertStatus] = useState<AlertStatus>("open");
  const alertsPager = usePager({ perPageOptions: [10, 25, 50], resetKeys: [alertStatus] });
  const alerts = useReputationAlerts(alertStatus, alertsPager.page + 1, alertsPager.perPage);
  const backfill = useBackfill(o?.backfill);
  const startBackfill = useStartBackfill();
  const refresh = useRefreshReputation();

  const subjects = o?.subjects ?? [];
  const current: ReputationSubject | undefined = subjects.find((s) => subjectKey(s) === picked) ?? subjects[0];
  const selected = current ? subjectKey(current) : null;
  const [kind, id] = selected ? (selected.split(/:(.*)/s) as [SubjectKind, string]) : [null, null];
  const history = useReputationHistory(kind, id, days);

  const refreshed = o?.refreshed_at
    ? `Last refreshed ${timeAgo(o.refreshed_at)}; refreshed every hour.`
    : "Not refreshed yet: refreshed every hour.";
  const intro = (
    <PageIntro
      title="Reputation Center"
      question="How has each domain's and inbox's reputation moved, and has any crossed a threshold?"
      summary={o && o.inboxes > 0 ? refreshed : undefined}
      actions={
        canUpdate && o && o.inboxes > 0 ? (
          <Button
            variant="contained"
            disabled={refresh.isPending}
            onClick={() =>
              refresh.mutate(undefined, {
                onSuccess: () => toast.success("Reputation refreshed from the latest sends and checks"),
                onError: (e) => toast.error(errorMessage(e)),
              })
            }
          >
            {refresh.isPending ? "Refreshing…" : "Refresh now"}
          </Button>
        ) : undefined
      }
    />
  );

  if (overview.isPending) return <LoadingScreen />;
  if (overview.isError)
    return (
      <Stack spacing={3}>
        {intro}
        <LoadError error={overview.error} onRetry={() => overview.refetch()} />
      </Stack>
    );

  if (!o || o.inboxes === 0)
    return (
      <Stack spacing={3}>
        {intro}
        <EmptyState
          title="No inbox that delivers yet"
          hint="Reputation is measured from what your inboxes send: connect an inbox, then send a campaign from it. Its bounces, complaints, unsubscribes and the domain's blocklist checks build the history here (the local test mailbox reaches nobody and is left out)."
        >
          <Button component={RouterLink} to="/inboxes" variant="contained">
            Connect an inbox
          </Button>
          <Button component={RouterLink} to="/campaigns" variant="outlined">
            Open campaigns
          </Button>
        </EmptyState>
      </Stack>
    );

  const nothingMeasured = o.subjects.every((s) => s.latest === null) && o.total > 0;
  return (
    <Stack spacing={3}>
      {intro}
      <BackfillBar
        state={backfill.data ?? o.backfill}
        canRebuild={canUpdate}
        pending={startBackfill.isPending}
        error={startBackfill.error}
        onRebuild={(n) => startBackfill.mutate(n, { onSuccess: () => toast.info(`Rebuilding the last ${n} days from events`) })}
      />
      {nothingMeasured && (
        <Alert severity="info">
          Nothing measured yet. The first snapshots are built within the hour; send a campaign from your inboxes, or refresh now.
        </Alert>
      )}
      <HistoryCard
        subjects={subjects}
        selected={selected}
        onSelect={setPicked}
        days={days}
        onDaysChange={setDays}
        history={history.data}
        loading={history.isFetching}
        error={history.error}
        onRetry={() => history.refetch()}
      />
      <ReputationAlertsCard
        list={alerts.data}
        status={alertStatus}
        onStatusChange={setAlertStatus}
        pager={alertsPager}
        error={alerts.error}
        onRetry={() => alerts.refetch()}
      />
      <SubjectsTable
        subjects={subjects}
        total={o.total}
        pager={subjectsPager}
        selected={selected}
        onSelect={(s) => setPicked(subjectKey(s))}
        windowDays={o.thresholds.window_days}
      />
      <ScoreFormula thresholds={o.thresholds} />
    </Stack>
  );
}
