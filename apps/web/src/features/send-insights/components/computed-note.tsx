/**
 * "Computed 4 minutes ago · Refresh" under a page's question: the answers of the send-time and
 * provider pages are stored and recomputed by a job (docs/send-insights.md, "Cached answers"),
 * so the page says how old the answer is, whether newer data exists, and shows a refresh's progress.
 */
import RefreshIcon from "@mui/icons-material/Refresh";
import { Box, Button, LinearProgress, Stack, Typography } from "@mui/material";
import type { InsightsCache } from "@prospector/contracts";
import { formatDateTime, timeAgo } from "../../../lib/format.ts";
import { isRefreshing } from "../api/use-send-insights.ts";

const tookLabel = (ms: number) => (ms < 1000 ? `${Math.max(1, Math.round(ms))} ms` : `${(ms / 1000).toFixed(1)} s`);

export function ComputedNote({
  cache,
  onRefresh,
  starting,
  error,
}: {
  cache: InsightsCache;
  onRefresh: () => void;
  starting: boolean;
  error?: string | null;
}) {
  const busy = isRefreshing(cache);
  const label = cache.refresh.status === "queued" ? "Waiting for a worker…" : (cache.refresh.step ?? "Recomputing…");
  return (
    <Stack spacing={0.75} aria-live="polite">
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}>
        <Typography variant="body2" color="text.secondary" title={formatDateTime(cache.computed_at)}>
          {`Computed ${timeAgo(cache.computed_at)}`}
          {cache.duration_ms !== null ? ` (took ${tookLabel(cache.duration_ms)})` : ""}
          {cache.stale && !busy ? " · newer sends or events arrived: it is recomputed within minutes, or refresh now" : ""}
        </Typography>
        <Button size="small" startIcon={<RefreshIcon />} onClick={onRefresh} disabled={busy || starting}>
          Refresh
        </Button>
      </Stack>
      {busy && (
        <Box sx={{ maxWidth: 480 }}>
          <LinearProgress
            variant={cache.refresh.status === "queued" ? "indeterminate" : "determinate"}
            value={cache.refresh.progress}
            aria-label="Recompute progress"
          />
          <Typography variant="caption" color="text.secondary">
            {`${label} — the answer below stays until the new one is ready.`}
          </Typography>
        </Box>
      )}
      {cache.refresh.status === "failed" && cache.refresh.error && (
        <Typography variant="body2" color="error">
          {cache.refresh.error}
        </Typography>
      )}
      {error && (
        <Typography variant="body2" color="error">
          {error}
        </Typography>
      )}
    </Stack>
  );
}
