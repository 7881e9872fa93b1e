/** The history rebuild: a period and a button (campaigns:update), and the running job's progress. */
import { Alert, Box, Button, Stack, Typography } from "@mui/material";
import type { ReputationBackfill } from "@prospector/contracts";
import { useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { JobProgress } from "../../../ui/job-progress.tsx";
import { PeriodSelect } from "../../../ui/period-select.tsx";

export const REBUILD_DAYS = [14, 30, 60, 90];

interface Props {
  state: ReputationBackfill | undefined;
  canRebuild: boolean;
  onRebuild: (days: number) => void;
  pending: boolean;
  error: unknown;
}

export function BackfillBar({ state, canRebuild, onRebuild, pending, error }: Props) {
  const [days, setDays] = useState(30);
  const running = state?.status === "queued" || state?.status === "running";
  const share = state?.days ? Math.round((state.done_days / state.days) * 100) : 0;
  return (
    <Box>
      {running && state ? (
        <JobProgress
          label="History rebuild progress"
          percent={state.status === "queued" ? null : share}
          text={
            state.status === "queued"
              ? `Rebuild of the last ${state.days} days is queued…`
              : `Rebuilding history: ${state.done_days} of ${state.days} days`
          }
        />
      ) : (
        canRebuild && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
            <PeriodSelect value={days} onChange={setDays} days={REBUILD_DAYS} label="Rebuild" minWidth={140} />
            <Button variant="outlined" onClick={() => onRebuild(days)} disabled={pending}>
              Rebuild history from events
            </Button>
            {state?.status === "done" && state.finished_at && (
              <Typography
                variant="body2"
                color="textSecondary"
              >{`Last rebuilt ${formatDateTime(state.finished_at)} (${state.days} days)`}</Typography>
            )}
          </Stack>
        )
      )}
      {state?.status === "failed" && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {state.error ?? "The rebuild failed"}
        </Alert>
      )}
      {error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(error)}
        </Alert>
      ) : null}
    </Box>
  );
}
