/**
 * /business-optimizer/playbooks: What worked: which templates, send times and segments earn the most replies?
 * /optimization/playbooks: What worked: which templates, send times and segments earn the most replies?
 */
import {
  Box,
  Card,
  CardContent,
  CardHeader,
  Chip,
  LinearProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import type { PlaybookDimension, Playbooks, RateEstimate } from "@prospector/contracts";
import { useState } from "react";
import { ChartCard } from "../../../ui/charts/chart-card.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { PeriodSelect } from "../../../ui/period-select.tsx";
import { usePlaybooks } from "../api/use-recommendations.ts";
import { block, count, formatInterval, formatRate } from "../components/format.ts";
import { TemplateDialog } from "../components/template-dialog.tsx";

const PERIODS = [30, 90, 180, 365] as const;
/** Columns a phone can do without (the detail shows them). */
const HIDE_XS = { display: { xs: "none", sm: "table-cell" } } as const;
const MIN_SAMPLES = [20, 30, 50, 100] as const;

const DIMENSIONS: { value: PlaybookDimension; label: string }[] = [
  { value: "industry", label: "Industry" },
  { value: "seniority", label: "Seniority" },
  { value: "department", label: "Department" },
  { value: "country", label: "Country" },
  { value: "source", label: "Lead source" },
  { value: "provider", label: "Email provider" },
];

function Figures({
  sends,
  replies,
  estimate,
  enough,
  min,
}: {
  sends: number;
  replies: number;
  estimate: RateEstimate;
  enough: boolean;
  min: number;
}) {
  return (
    <>
      <TableCell align="right">{count(sends)}</TableCell>
      <TableCell align="right">{count(replies)}</TableCell>
      <TableCell align="right">{formatRate(estimate.rate)}</TableCell>
      <TableCell align="right">
        {enough ? formatInterval(estimate) : <Chip size="small" label="not enough data" title={`Fewer than ${min} sends`} />}
      </TableCell>
    </>
  );
}

const FigureHeads = () => (
  <>
    <TableCell align="right">Sends</TableCell>
    <TableCell align="right">Replies</TableCell>
    <TableCell align="right">Reply rate</TableCell>
    <TableCell align="right">95% interval</TableCell>
  </>
);

function Section({ id, title, subheader, children }: { id: string; title: string; subheader: string; children: React.ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardHeader
        title={title}
        subheader={subheader}
        slotProps={{ title: { variant: "subtitle1", component: "h3", id }, subheader: { variant: "body2" } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Box sx={{ overflowX: "auto" }}>{children}</Box>
      </CardContent>
    </Card>
  );
}

function Templates({ p, onOpen }: { p: Playbooks; onOpen: (hash: string) => void }) {
  return (
    <Section
      id="templates-title"
      title="Templates"
      subheader="A step's or variant's subject and body; the same text in several campaigns (ignoring case and spacing) counts as one. Pick a row for its evidence and to reuse it."
    >
      {p.templates.length === 0 ? (
        <Typography color="textSecondary">No campaign email was delivered in this period.</Typography>
      ) : (
        <Table size="small" aria-label="Templates ranked">
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>Template</TableCell>
              <TableCell align="right" sx={HIDE_XS}>
                Campaigns
              </TableCell>
              <FigureHeads />
            </TableRow>
          </TableHead>
          <TableBody>
            {p.templates.map((t, i) => (
              <TableRow
                key={t.hash}
                hover
                tabIndex={0}
                sx={{ cursor: "pointer" }}
                onClick={() => onOpen(t.hash)}
                onKeyDown={(e) => (e.key === "Enter" || e.key === " ") && onOpen(t.hash)}
                aria-label={`Template ${t.subject || "(no subject)"}`}
              >
                <TableCell>{i + 1}</TableCell>
                <TableCell sx={{ minWidth: 220 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {t.subject || "(no subject)"}
                  </Typography>
                  <Typography variant="caption" color="textSecondary">
                    {t.opening}
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={HIDE_XS}>
                  {t.campaigns}
                </TableCell>
                <Figures {...t} min={p.min_sends} />
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}

function SendTimes({ p }: { p: Playbooks }) {
  const ranked = p.send_times.filter((s) => s.enough).slice(0, 10);
  const rows = p.send_times.map((s) => ({
    block: block(s.weekday, s.start_hour, s.end_hour),
    sends: s.sends,
    replies: s.replies,
    rate: s.estimate.rate,
    interval: s.enough ? formatInterval(s.estimate) : "not enough data",
  }));
  return (
    <ChartCard
      title="Send times"
      subheader={`Recipient-local weekday and 3-hour block, best lower bound first. ${p.send_time_basis}`}
      table={{
        columns: [
          { key: "block", label: "When (recipient time)" },
          { key: "sends", label: "Sends", numeric: true },
          { key: "replies", label: "Replies", numeric: true },
          { key: "rate", label: "Reply rate", numeric: true, format: (v) => formatRate(v as number | null) },
          { key: "interval", label: "95% interval", numeric: true },
        ],
        rows,
      }}
      empty={
        ranked.length === 0 ? (
          <Typography color="textSecondary">
            No block has {p.min_sends} sends yet in this period: send more, widen the period or lower the minimum sample.
          </Typography>
        ) : undefined
      }
    >
      <BarChart
        height={Math.max(180, ranked.length * 32 + 40)}
        layout="horizontal"
        yAxis={[{ scaleType: "band", data: ranked.map((s) => block(s.weekday, s.start_hour, s.end_hour)), width: 110 }]}
        xAxis={[{ label: "Reply rate (%)" }]}
        series={[
          { data: ranked.map((s) => Math.round((s.estimate.low ?? 0) * 1000) / 10), label: "Lower bound", stack: "r" },
          {
            data: ranked.map((s) => Math.round(((s.estimate.rate ?? 0) - (s.estimate.low ?? 0)) * 1000) / 10),
            label: "Up to the rate",
            stack: "r",
          },
        ]}
      />
    </ChartCard>
  );
}

function Segments({ p }: { p: Playbooks }) {
  const [dimension, setDimension] = useState<PlaybookDimension>("industry");
  const rows = p.segments.filter((s) => s.dimension === dimension);
  return (
    <Section
      id="segments-title"
      title="Segments"
      subheader="Leads grouped by a field of the lead (email provider from the MX lookup of send-insights); sends whose lead was deleted are left out."
    >
      <ToggleButtonGroup
        size="small"
        exclusive
        value={dimension}
        onChange={(_, v: PlaybookDimension | null) => v && setDimension(v)}
        aria-label="Segment by"
        sx={{ mb: 1.5, flexWrap: "wrap" }}
      >
        {DIMENSIONS.map((d) => (
          <ToggleButton key={d.value} value={d.value}>
            {d.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {rows.length === 0 ? (
        <Typography color="textSecondary">No sends to leads in this period.</Typography>
      ) : (
        <Table size="small" aria-label={`Segments by ${dimension}`}>
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>{DIMENSIONS.find((d) => d.value === dimension)?.label}</TableCell>
              <FigureHeads />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((s, i) => (
              <TableRow key={s.value}>
                <TableCell>{i + 1}</TableCell>
                <TableCell>{s.value}</TableCell>
                <Figures {...s} min={p.min_sends} />
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}

export default function PlaybooksPage() {
  const [days, setDays] = useState<number>(90);
  const [minSends, setMinSends] = useState<number>(30);
  const [open, setOpen] = useState<string | null>(null);
  const q = usePlaybooks({ days, min_sends: minSends });
  const p = q.data;
  return (
    <Stack spacing={2}>
      <PageIntro
        question="What worked: which templates, send times and segments earn the most replies?"
        summary={
          p
            ? `${count(p.totals.sends)} delivered campaign emails and ${count(p.totals.replies)} replies in the last ${p.days} days: ${formatRate(p.totals.estimate.rate)} (95% interval ${formatInterval(p.totals.estimate)}). Ranked by the lower bound of each reply rate's 95% interval, so a small lucky sample does not top the list; rows under ${p.min_sends} sends are marked and ranked last. Days end at midnight UTC.`
            : undefined
        }
        actions={
          <>
            <PeriodSelect value={days} onChange={setDays} days={PERIODS} />
            <TextField
              select
              size="small"
              label="Minimum sample"
              value={minSends}
              onChange={(e) => setMinSends(Number(e.target.value))}
              sx={{ minWidth: 150 }}
            >
              {MIN_SAMPLES.map((n) => (
                <MenuItem key={n} value={n}>{`${n} sends`}</MenuItem>
              ))}
            </TextField>
          </>
        }
      />
      {q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !p ? (
        <LinearProgress aria-label="Loading playbooks" />
      ) : p.totals.sends === 0 ? (
        <EmptyState
          title="No campaign email delivered in this period"
          hint="Playbooks rank what your own campaigns sent: launch a campaign (or widen the period) and the templates, hours and segments that earn replies appear here."
        />
      ) : (
        <>
          <Typography variant="caption" color="textSecondary">
            Source: {p.source}
          </Typography>
          <Templates p={p} onOpen={setOpen} />
          <SendTimes p={p} />
          <Segments p={p} />
        </>
      )}
      <TemplateDialog hash={open} days={days} onClose={() => setOpen(null)} />
    </Stack>
  );
}
