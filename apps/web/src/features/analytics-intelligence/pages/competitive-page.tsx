/**
 * /analytics-intelligence/competitive: How do our reply and meeting rates compare with our own
 * history and with published industry benchmarks? Each rate now (with its interval) against the
 * workspace's own months before (two-proportion z-test) and against the benchmarks in the
 * database, each with its source and age; admins add or replace rows for their own industry.
 */

import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Grid,
  IconButton,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from "@mui/material";
import type { Benchmark, CompetitiveAnswer, HistoryComparison } from "@prospector/contracts";
import { useState } from "react";
import { usePermissions } from "../../../app/permissions/permission-provider.tsx";
import { formatInterval, formatP, formatPoints, formatRate } from "../../../ui/charts/chart-format.ts";
import { IntervalBar } from "../../../ui/charts/interval-bar.tsx";
import { ConfirmDialog } from "../../../ui/confirm-dialog.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { PeriodSelect } from "../../../ui/period-select.tsx";
import { useCompetitive, useDeleteBenchmark } from "../api/use-intelligence.ts";
import { BenchmarkDialog } from "../components/benchmark-dialog.tsx";
import { dayRange, METRIC_LABELS } from "../components/labels.ts";

const RECENT = [14, 30, 60, 90];
const HISTORY = [90, 180, 365];
const POSITION: Record<HistoryComparison["benchmarks"][number]["position"], string> = {
  above: "above",
  within: "within range",
  below: "below",
  no_data: "no data yet",
};

const benchValue = (b: Benchmark) =>
  b.value_low === b.value_high ? formatRate(b.value_low) : formatInterval({ low: b.value_low, high: b.value_high });

export default function CompetitivePage() {
  const [recent, setRecent] = useState(30);
  const [history, setHistory] = useState(180);
  const query = useCompetitive({ recent_days: recent, history_days: history });
  const data = query.data;
  const { can } = usePermissions();
  const [editing, setEditing] = useState<Benchmark | "new" | null>(null);
  return (
    <Stack spacing={3}>
      <PageIntro
        title="Competitive Benchmarks"
        question="How do our reply and meeting rates compare with our own history and with published industry benchmarks?"
        summary={
          data
            ? `Now: ${dayRange(data.recent_from, data.recent_to)}; history: ${dayRange(data.history_from, data.history_to)}. Whole days in UTC by the day each message was sent; the last 3 days are left out because replies arrive late.`
            : undefined
        }
        actions={
          <>
            <PeriodSelect value={recent} onChange={setRecent} days={RECENT} label="Now" />
            <PeriodSelect value={history} onChange={setHistory} days={HISTORY} label="Against the" />
          </>
        }
      />
      {query.isPending && <LoadingScreen />}
      {query.isError && <LoadError error={query.error} onRetry={() => query.refetch()} />}
      {data && <Comparisons data={data} />}
      {data && (
        <BenchmarkTable data={data} canEdit={can("analytics:update")} onAdd={() => setEditing("new")} onEdit={(b) => setEditing(b)} />
      )}
      {editing && <BenchmarkDialog initial={editing === "new" ? undefined : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

function Comparisons({ data }: { data: CompetitiveAnswer }) {
  const byId = new Map(data.benchmarks.map((b) => [b.id, b]));
  const anyData = data.metrics.some((m) => m.recent.n > 0 || m.history.n > 0);
  if (!anyData)
    return (
      <EmptyState
        title="No sends in these periods yet"
        hint="Launch a campaign: once messages are delivered, your rates show here against your own history and the benchmarks below."
      />
    );
  return (
    <Grid container spacing={2}>
      {data.metrics.map((m) => {
        const marks = m.benchmarks.map((p) => byId.get(p.id)).filter((b): b is Benchmark => Boolean(b));
        const max = Math.max(m.recent.high ?? 0, m.history.high ?? 0, ...marks.map((b) => b.value_high), 0.01);
        return (
          <Grid key={m.metric} size={{ xs: 12, md: 6 }}>
            <Card variant="outlined" sx={{ height: "100%" }}>
              <CardHeader
                title={m.label}
                subheader={m.source}
                slotProps={{ title: { variant: "subtitle1", component: "h3", sx: { fontWeight: 600 } } }}
              />
              <CardContent sx={{ pt: 0 }}>
                <Stack spacing={1}>
                  <Box>
                    <Typography variant="caption" color="textSecondary">
                      Now
                    </Typography>
                    <IntervalBar
                      estimate={m.recent}
                      max={max}
                      marks={marks.map((b) => ({ low: b.value_low, high: b.value_high, label: b.source_name }))}
                    />
                  </Box>
                  <Box>
                    <Typography variant="caption" color="textSecondary">
                      Own history
                    </Typography>
                    <IntervalBar estimate={m.history} max={max} color="text.secondary" />
                  </Box>
                  <Typography variant="body2">
                    {m.p_value === null
                      ? "Not enough data in both periods to compare."
                      : `${formatPoints(m.delta)} against history, p = ${formatP(m.p_value)}: ${m.significant ? "a measurable change" : "within chance"}.`}
                  </Typography>
                  {m.benchmarks.length === 0 ? (
                    <Typography variant="body2" color="textSecondary">
                      No published benchmark on file for this rate. An admin can add one for your industry below.
                    </Typography>
                  ) : (
                    m.benchmarks.map((p) => {
                      const b = byId.get(p.id)!;
                      return (
                        <Typography key={p.id} variant="body2">
                          {`vs ${benchValue(b)} (${b.source_name}, ${b.published}): `}
                          <strong>{POSITION[p.position]}</strong>
                          {b.stale ? " — benchmark older than 2 years" : ""}
                        </Typography>
                      );
                    })
                  )}
                </Stack>
              </CardContent>
            </Card>
          </Grid>
        );
      })}
    </Grid>
  );
}

function BenchmarkTable({
  data,
  canEdit,
  onAdd,
  onEdit,
}: {
  data: CompetitiveAnswer;
  canEdit: boolean;
  onAdd: () => void;
  onEdit: (b: Benchmark) => void;
}) {
  const del = useDeleteBenchmark();
  const [deleting, setDeleting] = useState<Benchmark | null>(null);
  const stale = data.benchmarks.filter((b) => b.stale).length;
  return (
    <Card variant="outlined">
      <CardHeader
        title="Industry benchmarks"
        subheader="Published figures shipped with Prospector (read-only) and your workspace's own rows. Each says where it comes from and how old it is."
        slotProps={{ title: { variant: "h6", component: "h3" } }}
        action={
          <Tooltip title={canEdit ? "" : "Adding benchmarks needs analytics:update (admins)"}>
            <span>
              <Button variant="outlined" disabled={!canEdit} onClick={onAdd}>
                Add benchmark
              </Button>
            </span>
          </Tooltip>
        }
      />
      {stale > 0 && (
        <Alert severity="warning" sx={{ mx: 2, mb: 1 }}>
          {`${stale} benchmark${stale === 1 ? " is" : "s are"} older than 2 years: mail privacy features and filtering changed since, so compare with care.`}
        </Alert>
      )}
      <TableContainer>
        <Table size="small" aria-label="Industry benchmarks">
          <TableHead>
            <TableRow>
              <TableCell>Metric</TableCell>
              <TableCell align="right">Value</TableCell>
              <TableCell>Segment</TableCell>
              <TableCell>Source</TableCell>
              <TableCell>Published</TableCell>
              <TableCell>Retrieved</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data.benchmarks.map((b) => (
              <TableRow key={b.id}>
                <TableCell>{METRIC_LABELS[b.metric]}</TableCell>
                <TableCell align="right">{benchValue(b)}</TableCell>
                <TableCell sx={{ maxWidth: 260 }}>
                  {b.segment}
                  {b.note && (
                    <Typography variant="caption" color="textSecondary" sx={{ display: "block" }}>
                      {b.note}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ maxWidth: 260 }}>
                  <Link href={b.source_url} target="_blank" rel="noopener noreferrer">
                    {b.source_name}
                  </Link>
                </TableCell>
                <TableCell>
                  <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
                    {b.published}
                    <Chip size="small" color={b.stale ? "warning" : "default"} label={`${b.age_years.toFixed(1)} years old`} />
                  </Box>
                </TableCell>
                <TableCell>{b.retrieved_on}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                  {b.origin === "workspace" ? (
                    canEdit && (
                      <>
                        <Button size="small" onClick={() => onEdit(b)}>
                          Replace
                        </Button>
                        <IconButton size="small" aria-label={`Delete ${b.source_name}`} onClick={() => setDeleting(b)}>
                          ×
                        </IconButton>
                      </>
                    )
                  ) : (
                    <Chip size="small" variant="outlined" label="Published" />
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {deleting && (
        <ConfirmDialog
          open
          danger
          title="Delete this benchmark?"
          confirmLabel="Delete"
          pending={del.isPending}
          error={del.error}
          onClose={() => setDeleting(null)}
          onConfirm={() => del.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        >
          {`${METRIC_LABELS[deleting.metric]} ${benchValue(deleting)} from ${deleting.source_name} will no longer be compared.`}
        </ConfirmDialog>
      )}
      <Typography variant="caption" color="textSecondary" sx={{ display: "block", p: 2 }}>
        Your rate is above or below a benchmark only when its whole 95 % interval is; otherwise it is within range. Benchmarks measured on
        other kinds of mail (newsletters, link-building outreach) say so in their segment.
      </Typography>
    </Card>
  );
}
