/** One error group: reports by severity, the trend and its newest reports (message, stack head, URL, browser). */
import CloseIcon from "@mui/icons-material/Close";
import { Box, Chip, Divider, Drawer, IconButton, Stack, Typography } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import type { MonitorRange } from "@prospector/contracts";
import { formatDateTime } from "../../../lib/format.ts";
import { ChartCard } from "../../../ui/charts/chart-card.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { useErrorGroup } from "../api/use-system-monitor.ts";
import { bucketLabel } from "./monitor-format.ts";

export function ErrorGroupDrawer({ id, range, onClose }: { id: string | null; range: MonitorRange; onClose: () => void }) {
  const q = useErrorGroup(id, range);
  const g = q.data;
  const labels = g?.trend.map((p) => bucketLabel(p.t, g.bucket === "day")) ?? [];
  return (
    <Drawer anchor="right" open={Boolean(id)} onClose={onClose} slotProps={{ paper: { sx: { width: { xs: "100%", sm: 600 } } } }}>
      <Box sx={{ p: 2, display: "flex", alignItems: "center", gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {g ? `${g.type} · ${g.field || "no field"} · ${g.component || "no component"}` : "Error group"}
        </Typography>
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
      <Box sx={{ p: 2, overflowY: "auto" }}>
        {q.isError ? (
          <LoadError error={q.error} onRetry={() => void q.refetch()} />
        ) : !g ? (
          <Typography color="textSecondary">Reading the group…</Typography>
        ) : (
          <Stack spacing={2}>
            <Typography variant="body2">
              {g.count.toLocaleString()} reports · first {formatDateTime(g.first_seen)} · last {formatDateTime(g.last_seen)}
            </Typography>
            <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
              {Object.entries(g.by_severity).map(([s, n]) => (
                <Chip key={s} size="small" label={`${s}: ${n}`} color={s === "critical" ? "error" : s === "high" ? "warning" : "default"} />
              ))}
            </Box>
            <ChartCard
              title="Reports over time"
              subheader={`Per ${g.bucket} (UTC)`}
              table={{
                columns: [
                  { key: "t", label: g.bucket === "day" ? "Day" : "Hour" },
                  { key: "count", label: "Reports", numeric: true },
                ],
                rows: g.trend.map((p, i) => ({ t: labels[i], count: p.count })),
              }}
            >
              <BarChart
                height={180}
                skipAnimation
                xAxis={[{ scaleType: "band", data: labels }]}
                series={[{ data: g.trend.map((p) => p.count), label: "Reports" }]}
              />
            </ChartCard>
            <Typography variant="subtitle2" component="h3">
              Newest reports
            </Typography>
            {g.examples.map((e) => (
              <Box
                key={e.id}
                component="article"
                aria-label={`Report ${e.id}`}
                sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 1.5 }}
              >
                <Typography variant="caption" color="textSecondary">
                  {formatDateTime(e.created_at)} · {e.severity}
                </Typography>
                <Typography variant="body2" sx={{ wordBreak: "break-word" }}>
                  {e.message}
                </Typography>
                {e.stack_head && (
                  <Box component="pre" sx={{ fontSize: 12, bgcolor: "action.hover", p: 1, borderRadius: 1, overflowX: "auto", my: 1 }}>
                    {e.stack_head}
                  </Box>
                )}
                {e.url && (
                  <Typography variant="caption" component="p" sx={{ wordBreak: "break-all" }}>
                    URL: {e.url}
                  </Typography>
                )}
                {e.user_agent && (
                  <Typography variant="caption" component="p" color="textSecondary" sx={{ wordBreak: "break-word" }}>
                    Browser: {e.user_agent}
                  </Typography>
                )}
              </Box>
            ))}
          </Stack>
        )}
      </Box>
    </Drawer>
  );
}
