/** The plan's limits against live usage, one bar each; figures a feature does not track yet say so. */
import { Box, LinearProgress, Stack, Typography } from "@mui/material";
import type { BillingUsage, UsageMetric } from "@prospector/contracts";
import { formatBytes } from "../lib/format-bytes.ts";

const METRICS: Array<{ key: keyof Omit<BillingUsage, "periodStart">; label: string; bytes?: boolean }> = [
  { key: "emails", label: "Emails this month" },
  { key: "leads", label: "Leads this month" },
  { key: "campaigns", label: "Campaigns this month" },
  { key: "storage", label: "Storage", bytes: true },
  { key: "members", label: "Team members" },
];

function figure(n: number, bytes?: boolean) {
  return bytes ? formatBytes(n) : n.toLocaleString();
}

export function UsageBar({ label, metric, bytes }: { label: string; metric: UsageMetric; bytes?: boolean }) {
  const percent = metric.limit ? Math.min(100, (metric.used / metric.limit) * 100) : 0;
  const colour = percent >= 100 ? "error" : percent >= 80 ? "warning" : "primary";
  return (
    <Box data-testid={`usage-${label}`}>
      <Stack direction="row" sx={{ justifyContent: "space-between", mb: 0.5 }}>
        <Typography variant="body2">{label}</Typography>
        <Typography variant="body2" color="textSecondary">
          {!metric.tracked
            ? "Not tracked yet"
            : metric.limit === null
              ? `${figure(metric.used, bytes)} · unlimited`
              : `${figure(metric.used, bytes)} of ${figure(metric.limit, bytes)}`}
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={metric.tracked && metric.limit ? percent : 0}
        color={colour}
        aria-label={label}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}

export function UsageBars({ usage, compact }: { usage: BillingUsage; compact?: boolean }) {
  return (
    <Stack spacing={compact ? 1 : 2}>
      {METRICS.map((m) => (
        <UsageBar key={m.key} label={m.label} metric={usage[m.key]} bytes={m.bytes} />
      ))}
    </Stack>
  );
}
