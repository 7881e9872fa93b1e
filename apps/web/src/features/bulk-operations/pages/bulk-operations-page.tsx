/** /bulk-operations: What bulk changes are running or done, and can I undo them? (docs/bulk-operations.md). */
import { Alert, Button, Stack, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { errorMessage } from "../../../lib/errors.ts";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { TablePager } from "../../../ui/table-pager/table-pager.tsx";
import { usePager } from "../../../ui/table-pager/use-pager.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { bulkKeys, useBulkOperations } from "../api/use-bulk-operations.ts";
import { NewOperationDialog } from "../components/new-operation-dialog.tsx";
import { OperationCard } from "../components/operation-card.tsx";

/** The clock the undo countdowns read, ticking every second while one is shown. */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [ticking]);
  return now;
}

export default function BulkOperationsPage() {
  // /bulk-operations?lead_ids=a,b (the leads grid's "Run as bulk operation") opens the dialog with them.
  const [params, setParams] = useSearchParams();
  const leadIds = params.get("lead_ids")?.split(",").filter(Boolean);
  const [creating, setCreating] = useState(Boolean(leadIds?.length));
  const toast = useToast();
  const qc = useQueryClient();
  const pager = usePager({ perPageOptions: [10, 20, 50] });
  const active = useBulkOperations("active", 0, 50);
  const history = useBulkOperations("history", pager.page, pager.perPage);
  const running = active.data?.operations ?? [];
  const past = history.data?.operations ?? [];
  const now = useNow(past.some((o) => o.can_undo) || running.length > 0);

  // When a running operation ends it moves to the history: read it again.
  const runningIds = running.map((o) => o.id).join(",");
  const previous = useRef(runningIds);
  useEffect(() => {
    if (previous.current !== runningIds) void qc.invalidateQueries({ queryKey: ["bulk-operations", "list", "history"] });
    previous.current = runningIds;
  }, [runningIds, qc]);

  const loading = active.isPending || history.isPending;
  const nothing = !loading && running.length === 0 && (history.data?.total ?? 0) === 0;

  return (
    <Stack spacing={3}>
      <PageIntro
        question="What bulk changes are running or done, and can I undo them?"
        summary="Tag, re-status, move, enrich or delete many leads, or pause, resume, stop or delete many campaigns, as one job you can watch, cancel, and undo for 10 minutes."
        actions={
          <Button variant="contained" onClick={() => setCreating(true)}>
            New operation
          </Button>
        }
      />
      {(active.isError || history.isError) && (
        <Alert severity="error" action={<Button onClick={() => void qc.invalidateQueries({ queryKey: bulkKeys.all })}>Retry</Button>}>
          {errorMessage(active.error ?? history.error)}
        </Alert>
      )}
      {nothing && !active.isError && !history.isError ? (
        <EmptyState
          title="No bulk operation yet"
          hint="Start one with New operation: pick leads by a filter (or paste their ids) or pick campaigns, choose what to do, and watch it run here."
        >
          <Button variant="outlined" onClick={() => setCreating(true)}>
            New operation
          </Button>
        </EmptyState>
      ) : (
        <>
          <section aria-labelledby="bulk-running">
            <Typography id="bulk-running" variant="h6" component="h3" sx={{ mb: 1 }}>
              Running
            </Typography>
            {running.length === 0 ? (
              <Typography color="textSecondary">{loading ? "Loading…" : "Nothing is running."}</Typography>
            ) : (
              <Stack spacing={1.5}>
                {running.map((op) => (
                  <OperationCard key={op.id} op={op} now={now} />
                ))}
              </Stack>
            )}
          </section>
          <section aria-labelledby="bulk-history">
            <Typography id="bulk-history" variant="h6" component="h3" sx={{ mb: 1 }}>
              History
            </Typography>
            {past.length === 0 ? (
              <Typography color="textSecondary">{loading ? "Loading…" : "No finished operation yet."}</Typography>
            ) : (
              <Stack spacing={1.5}>
                {past.map((op) => (
                  <OperationCard key={op.id} op={op} now={now} />
                ))}
              </Stack>
            )}
            <TablePager pager={pager} count={history.data?.total ?? 0} />
          </section>
        </>
      )}
      {creating && (
        <NewOperationDialog
          leadIds={leadIds}
          onClose={() => {
            setCreating(false);
            if (leadIds) setParams({}, { replace: true });
          }}
          onStarted={(description) => {
            setCreating(false);
            if (leadIds) setParams({}, { replace: true });
            toast.success(`Started: ${description}`);
          }}
        />
      )}
    </Stack>
  );
}
