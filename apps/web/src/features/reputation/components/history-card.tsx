/** One subject's reputation over time: the score line and the trailing rates, with a subject and period picker. */
import { Box, Card, CardContent, CardHeader, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { LineChart } from "@mui/x-charts/LineChart";
import type { ReputationHistory, ReputationSubject } from "@prospector/contracts";
import { LoadError } from "../../../ui/load-error.tsx";
import { PeriodSelect } from "../../../ui/period-select.tsx";
import { dayLabel, pct } from "./reputation-format.ts";
import { subjectKey } from "./subjects-table.tsx";

export const HISTORY_DAYS = [14, 30, 90];

interface Props {
  subjects: ReputationSubject[];
  selected: string | null;
  onSelect: (key: string) => void;
  days: number;
  onDaysChange: (days: number) => void;
  history: ReputationHistory | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}

export function HistoryCard({ subjects, selected, onSelect, days, onDaysChange, history, loading, error, onRetry }: Props) {
  const points = history?.points ?? [];
  const x = points.map((p) => dayLabel(p.day));
  return (
    <Card variant="outlined" component="section" aria-labelledby="history-title">
      <CardHeader
        title="Reputation over time"
        subheader="Days in UTC. A day's score looks back over that day and the six before it."
        slotProps={{ title: { variant: "subtitle1", component: "h3", id: "history-title" } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", mb: 2 }}>
          <TextField
            select
            size="small"
            label="Domain or inbox"
            value={selected ?? ""}
            onChange={(e) => onSelect(e.target.value)}
            sx={{ minWidth: 220 }}
          >
            {subjects.map((s) => (
              <MenuItem key={subjectKey(s)} value={subjectKey(s)}>
                {s.kind === "domain" ? `Domain ${s.label}` : s.label}
              </MenuItem>
            ))}
          </TextField>
          <PeriodSelect value={days} onChange={onDaysChange} days={HISTORY_DAYS} minWidth={130} />
        </Stack>
        {error ? (
          <LoadError error={error} onRetry={onRetry} />
        ) : loading && !history ? (
          <Typography color="textSecondary">Loading the history…</Typography>
        ) : points.length === 0 ? (
          <Box sx={{ py: 6, textAlign: "center" }}>
            <Typography color="textSecondary">
              No snapshots in this period yet. They are built every hour from the sends of this {history?.kind ?? "subject"}; rebuild the
              history to fill past days from the events.
            </Typography>
          </Box>
        ) : (
          <Stack spacing={1}>
            <LineChart
              height={240}
              skipAnimation
              aria-label={`Reputation score of ${history?.label ?? ""} per day`}
              xAxis={[{ scaleType: "point", data: x }]}
              yAxis={[{ min: 0, max: 100, width: 40 }]}
              series={[{ data: points.map((p) => p.score), label: "Score (0–100)", curve: "linear", color: "#2e7d32" }]}
            />
            <LineChart
              height={200}
              skipAnimation
              aria-label={`Bounce, complaint and unsubscribe rates of ${history?.label ?? ""} per day`}
              xAxis={[{ scaleType: "point", data: x }]}
              yAxis={[{ valueFormatter: (v: number) => pct(v), width: 56 }]}
              series={[
                {
                  data: points.map((p) => p.bounce_rate),
                  label: "Bounce rate",
                  curve: "linear",
                  valueFormatter: (v) => (v === null ? "" : pct(v)),
                },
                {
                  data: points.map((p) => p.complaint_rate),
                  label: "Complaint rate",
                  curve: "linear",
                  valueFormatter: (v) => (v === null ? "" : pct(v)),
                },
                {
                  data: points.map((p) => p.unsubscribe_rate),
                  label: "Unsubscribe rate",
                  curve: "linear",
                  valueFormatter: (v) => (v === null ? "" : pct(v)),
                },
              ]}
            />
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
