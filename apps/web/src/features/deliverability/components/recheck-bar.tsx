/** The Re-check button and, while a run works, its progress (domains checked of the total). */

import { Alert, Box, Button, LinearProgress, Typography } from "@mui/material";
import type { RefreshRun } from "@prospector/contracts";
import { errorMessage } from "../../../lib/errors.ts";
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
    const value = run.total ? (run.done / run.total) * 100 : 0;
    return (
      <Box role="status" aria-live="polite">
        <Typography variant="body2" color="textSecondary" gutterBottom>
          {run.status === "queued" ? "Check queued…" : `Checking DNS: ${run.done} of ${run.total} domain${run.total === 1 ? "" : "s"} done`}
        </Typography>
        <LinearProgress variant={run.total ? "determinate" : "indeterminate"} value={value} aria-label="Check progress" />
      </Box>
    );
  }
  if (run.status === "failed") return <Alert severity="error">{run.error ?? "The last check run failed."}</Alert>;
  return null;
}

export function MutationError({ error }: { error: unknown }) {
  return error ? <Alert severity="error">{errorMessage(error)}</Alert> : null;
}
