/** The latest detection run and "Run detection now" with its progress. */
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from "@mui/material";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/errors.ts";
import { formatUtcDateTime } from "../../../lib/format.ts";
import { JobProgress } from "../../../ui/job-progress.tsx";
import { useDetectionStatus, useRunDetection } from "../api/use-threats.ts";

export function ThreatRunCard({ canRun }: { canRun: boolean }) {
  const status = useDetectionStatus();
  const run = useRunDetection();
  const latest = status.data?.latest ?? null;
  const active = latest && (latest.status === "queued" || latest.status === "running");
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap" }}>
          <Box sx={{ flex: 1, minWidth: 240 }}>
            <Typography variant="subtitle1" component="h3">
              Detection runs
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {latest
                ? `Last run ${latest.status}${latest.finished_at ? ` at ${formatUtcDateTime(latest.finished_at)}` : ""}: ${latest.alerts_raised} new alert(s), ${latest.alerts_updated} updated.`
                : "No run yet. Detection runs every minute where the server runs jobs; you can start one now."}{" "}
              GeoIP: {status.data?.geoip ?? "none (impossible travel is off)"}.
            </Typography>
          </Box>
          {canRun && (
            <Button variant="contained" disabled={Boolean(active) || run.isPending} onClick={() => run.mutate()}>
              Run detection now
            </Button>
          )}
          <Button component={Link} to="/threat-detection/scan">
            Configuration scan
          </Button>
        </Stack>
        {active && (
          <JobProgress
            label="Detection run progress"
            percent={latest.steps_total ? Math.round((latest.steps_done / latest.steps_total) * 100) : null}
            text={`Detection ${latest.status}: step ${latest.steps_done} of ${latest.steps_total || 4}`}
            sx={{ mt: 2 }}
          />
        )}
        {latest?.status === "failed" && <Alert severity="error">The last run failed: {latest.error}</Alert>}
        {run.error && <Alert severity="error">{errorMessage(run.error)}</Alert>}
      </CardContent>
    </Card>
  );
}
