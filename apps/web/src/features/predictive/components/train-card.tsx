/** Retrain: the outcome to predict, the window of sends, the data it would use, and the running job's progress. */
import { Alert, Button, Card, CardContent, CardHeader, MenuItem, Stack, TextField, Typography } from "@mui/material";
import type { LeadScoreOverview, LeadScoreTarget } from "@prospector/contracts";
import { useState } from "react";
import { usePermissions } from "../../../app/permissions/index.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { JobProgress } from "../../../ui/job-progress.tsx";
import { isActive, useTrain, useTrainJob } from "../api/use-lead-scoring.ts";
import { outcomeNoun } from "./lead-scoring-format.ts";

export const WINDOWS = [90, 180, 365, 730];

interface Props {
  overview: LeadScoreOverview;
  target: LeadScoreTarget;
  days: number;
  onTargetChange: (t: LeadScoreTarget) => void;
  onDaysChange: (d: number) => void;
}

export function TrainCard({ overview, target, days, onTargetChange, onDaysChange }: Props) {
  const canTrain = usePermissions().can("leads:update");
  const train = useTrain();
  const [jobId, setJobId] = useState<string | null>(null);
  const latest = overview.latest_job;
  const id = jobId ?? latest?.id ?? null;
  const job = useTrainJob(id, latest ?? undefined).data ?? latest;
  const running = isActive(job);
  const d = overview.data;
  return (
    <Card variant="outlined" component="section" aria-labelledby="train-title">
      <CardHeader
        title="Train the model"
        subheader="Examples: leads with a delivered campaign email in the window. Label: the outcome below (auto-replies and bots never count). Training runs as a background job; every lead is rescored when it ends."
        slotProps={{ title: { variant: "subtitle1", component: "h3", id: "train-title" } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", mb: 2, alignItems: "center" }}>
          <TextField
            select
            size="small"
            label="Predict"
            value={target}
            onChange={(e) => onTargetChange(e.target.value as LeadScoreTarget)}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="reply">A reply from a person</MenuItem>
            <MenuItem value="meeting">A booked meeting</MenuItem>
          </TextField>
          <TextField
            select
            size="small"
            label="Sends in the last"
            value={days}
            onChange={(e) => onDaysChange(Number(e.target.value))}
            sx={{ minWidth: 150 }}
          >
            {WINDOWS.map((w) => (
              <MenuItem key={w} value={w}>
                {w} days
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            disabled={!canTrain || !d.enough || running || train.isPending}
            onClick={() =>
              train.mutate(
                { target, days },
                {
                  onSuccess: (j) => setJobId(j.id),
                },
              )
            }
          >
            {overview.active ? "Retrain" : "Train"}
          </Button>
        </Stack>
        <Typography variant="body2" color="textSecondary">
          {`${d.contacted.toLocaleString()} contacted leads, ${d.positives.toLocaleString()} ${outcomeNoun(target)} and ${d.negatives.toLocaleString()} did not (needs ${d.needed.contacted}, ${d.needed.positives} and ${d.needed.negatives}).`}
        </Typography>
        {!canTrain && (
          <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
            Training needs the leads:update permission (it writes a score for every lead).
          </Typography>
        )}
        {train.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(train.error)}
          </Alert>
        )}
        {running && job && <JobProgress label="Training progress" percent={job.progress} text={job.stage} sx={{ mt: 2 }} />}
        {job?.status === "failed" && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {`The last training failed: ${job.error ?? "unknown error"}`}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
