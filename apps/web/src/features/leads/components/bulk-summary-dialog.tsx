/**
 * What a bulk action did: how many leads it worked for and, for each one it did not, why. Also
 * follows an enrichment job to its end and then shows the same kind of summary.
 */
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Typography,
} from "@mui/material";
import type { EnrichmentJob } from "@prospector/contracts";
import { errorMessage } from "../../../lib/errors.ts";
import { useEnrichmentJob } from "../api/use-enrichment.ts";
import { isActiveJob } from "../api/use-job-progress.ts";

export interface BulkSummary {
  /** "Deleted", "Tagged", "Exported"… */
  action: string;
  succeeded: number;
  failed: Array<{ id: string; label: string; error: string }>;
  note?: string;
}

const leads = (n: number) => (n === 1 ? "1 lead" : `${n.toLocaleString()} leads`);

export function SummaryBody({ summary }: { summary: BulkSummary }) {
  return (
    <Box sx={{ display: "grid", gap: 1.5 }}>
      {summary.succeeded > 0 && <Alert severity="success">{`${summary.action}: ${leads(summary.succeeded)}`}</Alert>}
      {summary.succeeded === 0 && summary.failed.length === 0 && <Alert severity="info">Nothing needed changing.</Alert>}
      {summary.failed.length > 0 && (
        <>
          <Alert severity="error">{`Failed: ${leads(summary.failed.length)}`}</Alert>
          <List dense aria-label="Failures" sx={{ maxHeight: 240, overflow: "auto" }}>
            {summary.failed.map((f) => (
              <ListItem key={f.id} disableGutters>
                <ListItemText primary={f.label} secondary={f.error} />
              </ListItem>
            ))}
          </List>
        </>
      )}
      {summary.note && <Typography variant="body2">{summary.note}</Typography>}
    </Box>
  );
}

export function BulkSummaryDialog({ summary, onClose }: { summary: BulkSummary | null; onClose: () => void }) {
  return (
    <Dialog open={summary !== null} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Bulk action result</DialogTitle>
      <DialogContent>{summary && <SummaryBody summary={summary} />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function enrichmentSummary(job: EnrichmentJob, labelOf: (id: string) => string): BulkSummary {
  const failed = job.results
    .filter((r) => r.status === "failed" || r.status === "not_found")
    .map((r) => ({ id: r.lead_id, label: labelOf(r.lead_id), error: r.error ?? (r.status === "not_found" ? "Lead not found" : "Failed") }));
  const unchanged = job.counts.unchanged;
  return {
    action: "Enriched",
    succeeded: job.counts.enriched,
    failed,
    note: unchanged > 0 ? `${leads(unchanged)} had nothing new to add.` : undefined,
  };
}

/** Follows an enrichment job started from the grid or the drawer. */
export function EnrichmentJobDialog({
  job,
  labelOf,
  onClose,
}: {
  job: EnrichmentJob | null;
  labelOf: (id: string) => string;
  onClose: () => void;
}) {
  const query = useEnrichmentJob(job);
  const current = query.data ?? job;
  const active = isActiveJob(current ?? undefined);
  return (
    <Dialog open={job !== null} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Enrichment</DialogTitle>
      <DialogContent>
        {current && active && (
          <Box sx={{ display: "grid", gap: 1 }}>
            <Typography variant="body2">
              {current.status === "queued" ? "Waiting for a worker…" : `Enriching ${current.counts.processed} of ${current.counts.total}…`}
            </Typography>
            <LinearProgress variant="determinate" value={current.progress} aria-label="Enrichment progress" />
            <Typography variant="caption" color="textSecondary">
              You can close this window: enrichment carries on in the background.
            </Typography>
          </Box>
        )}
        {current && current.status === "failed" && <Alert severity="error">{current.error ?? "The enrichment job failed."}</Alert>}
        {current && current.status === "cancelled" && <Alert severity="warning">The enrichment job was cancelled.</Alert>}
        {current && current.status === "completed" && <SummaryBody summary={enrichmentSummary(current, labelOf)} />}
        {query.isError && <Alert severity="error">{errorMessage(query.error)}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant={active ? "text" : "contained"}>
          {active ? "Hide" : "Done"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
