/**
 * /send-time-optimizer: At what hour, in their own time zone, do my recipients open and reply?
 * Every delivered send of the period placed in its recipient's zone (inferred from the lead, else
 * the campaign's), the share a person replied to or opened per weekday × hour with its evidence,
 * the best block of hours, and "apply to campaign" (GET/POST /api/send-insights/send-time…).
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
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
import type { SendTimeBucket, SendTimeInsights, SendTimeMetric } from "@prospector/contracts";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { errorMessage } from "../../../lib/errors.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { PeriodSelect } from "../../../ui/period-select.tsx";
import { useRecompute, useSendTime } from "../api/use-send-insights.ts";
import { ApplyToCampaign } from "../components/apply-to-campaign.tsx";
import { ComputedNote } from "../components/computed-note.tsx";
import {
  count,
  dayNames,
  FALLBACK_REASONS,
  formatInterval,
  formatRate,
  hourLabel,
  WEEKDAYS_SHORT,
} from "../components/send-insights-format.ts";
import { SendTimeHeatmap } from "../components/send-time-heatmap.tsx";

const PERIODS = [30, 90, 180, 365];
const BLOCKS = [1, 2, 3, 4, 6, 8];

export default function SendTimeOptimizerPage() {
  const [days, setDays] = useState(180);
  const [metric, setMetric] = useState<SendTimeMetric>("reply");
  const [blockHours, setBlockHours] = useState(4);
  const query = useSendTime({ days, metric, block_hours: blockHours });
  const recompute = useRecompute("send-time");
  const data = query.data;
  return (
    <Stack spacing={3}>
      <PageIntro
        question="At what hour, in their own time zone, do my recipients open and reply?"
        summary={
          data
            ? `${count(data.totals.sends)} delivered sends since ${formatDateTime(data.from)}, each placed in its recipient's time zone; rates are per send, people only (bots left out).`
            : "Rates per send in each recipient's own time zone, from your workspace's own opens and replies."
        }
        actions={
          <>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={metric}
              onChange={(_, v: SendTimeMetric | null) => v && setMetric(v)}
              aria-label="Rank hours by"
            >
              <ToggleButton value="reply">Replies</ToggleButton>
              <ToggleButton value="open">Opens</ToggleButton>
            </ToggleButtonGroup>
            <TextField
              select
              size="small"
              label="Block"
              value={blockHours}
              onChange={(e) => setBlockHours(Number(e.target.value))}
              sx={{ minWidth: 110 }}
            >
              {BLOCKS.map((b) => (
                <MenuItem key={b} value={b}>{`${b} hour${b === 1 ? "" : "s"}`}</MenuItem>
              ))}
            </TextField>
            <PeriodSelect value={days} onChange={setDays} days={PERIODS} />
          </>
        }
      />
      {data && (
        <ComputedNote
          cache={data.cache}
          onRefresh={() => recompute.mutate({ days })}
          starting={recompute.isPending}
          error={recompute.isError ? errorMessage(recompute.error) : null}
        />
      )}
      {query.isPending && <LoadingScreen />}
      {query.isError && <LoadError error={query.error} onRetry={() => query.refetch()} />}
      {data && data.totals.sends === 0 && (
        <EmptyState
          title={`No delivered sends in the last ${days} days`}
          hint="The optimizer learns from your own campaigns: launch one with open tracking on, and each send, open and reply will show here by the recipient's local hour."
        >
          <Button component={RouterLink} to="/campaigns" variant="contained">
            Go to campaigns
          </Button>
        </EmptyState>
      )}
      {data && data.totals.sends > 0 && <Insights data={data} />}
      {data && data.totals.sends > 0 && <ApplyToCampaign days={days} metric={metric} blockHours={blockHours} />}
    </Stack>
  );
}

function Insights({ data }: { data: SendTimeInsights }) {
  const word = data.metric === "reply" ? "replied" : "opened";
  return (
    <>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(4, 1fr)" } }}>
        <Figure label="Sends analysed" value={count(data.totals.sends)} />
        <Figure label="Opened by a person" value={count(data.totals.opened)} />
        <Figure label="Replied" value={count(data.totals.replied)} />
        <Figure label="Bot opens left out" value={count(data.totals.bot_opens_excluded)} />
      </Box>
      <ZoneCoverageCard data={data} />
      {data.best ? (
        <Alert severity="success" icon={false}>
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
            {`Best: ${dayNames(data.best.days)}, ${hourLabel(data.best.start_hour)}–${hourLabel(data.best.end_hour)} recipient time — ${formatRate(
              data.best.estimate.rate,
            )} ${word} (95% interval ${formatInterval(data.best.estimate)}) vs ${formatRate(data.best.baseline)} overall`}
          </Typography>
          <Typography variant="body2">{data.best.basis}</Typography>
        </Alert>
      ) : (
        <Alert severity="info">{`No best block yet: ${data.best_missing}`}</Alert>
      )}
      <Card variant="outlined">
        <CardHeader
          title={`Share of sends ${word}, by weekday and hour (recipient time)`}
          subheader={`Each cell compares the sends made in that local hour with how many of them were ${word}; cells with fewer than ${data.min_sends} sends are not rated.`}
          slotProps={{ title: { variant: "h6", component: "h3" } }}
        />
        <CardContent>
          <SendTimeHeatmap cells={data.cells} metric={data.metric} best={data.best} minSends={data.min_sends} />
        </CardContent>
      </Card>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", lg: "3fr 2fr" }, alignItems: "start" }}>
        <EvidenceTable
          title="Hour by hour"
          rows={data.hours.map((h) => ({
            key: h.hour,
            label: hourLabel(h.hour),
            bucket: h,
            extra: `${count(h.opens_in_hour)} / ${count(h.replies_in_hour)}`,
            active: h.opens_in_hour + h.replies_in_hour > 0,
          }))}
          metric={data.metric}
          extraHeader="Opens / replies in this hour"
        />
        <EvidenceTable
          title="By weekday"
          rows={data.weekdays.map((d) => ({ key: d.weekday, label: WEEKDAYS_SHORT[d.weekday]!, bucket: d }))}
          metric={data.metric}
        />
      </Box>
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="body2" color="textSecondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p">
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

function ZoneCoverageCard({ data }: { data: SendTimeInsights }) {
  const z = data.zones;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Recipient time zones
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {`${count(z.inferred)} of ${count(z.leads)} leads placed from their own data (time zone field, state or province, city, country); ${count(z.fallback)} measured in their campaign's schedule zone instead.`}
          {z.sends_without_lead > 0 ? ` ${count(z.sends_without_lead)} sends went to leads deleted since (campaign's zone).` : ""}
        </Typography>
        {z.fallback_reasons.length > 0 && (
          <Typography variant="body2" color="textSecondary">
            {`Fallen back: ${z.fallback_reasons.map((r) => `${count(r.leads)} with ${FALLBACK_REASONS[r.reason]}`).join("; ")}. Add a country and state (or a "timezone" custom field) to place them.`}
          </Typography>
        )}
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", mt: 1 }}>
          {z.zones.map((zone) => (
            <Chip key={zone.zone} size="small" label={`${zone.zone} · ${count(zone.leads)}`} />
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

interface EvidenceRow {
  key: number;
  label: string;
  bucket: SendTimeBucket;
  extra?: string;
  /** Shown even without sends (events happened in this hour). */
  active?: boolean;
}

function EvidenceTable({
  title,
  rows,
  metric,
  extraHeader,
}: {
  title: string;
  rows: EvidenceRow[];
  metric: SendTimeMetric;
  extraHeader?: string;
}) {
  const shown = rows.filter((r) => r.bucket.sends > 0 || r.active);
  return (
    <Card variant="outlined">
      <CardHeader title={title} slotProps={{ title: { variant: "subtitle1", component: "h3", fontWeight: 600 } }} />
      <Box sx={{ overflowX: "auto" }}>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{title === "By weekday" ? "Day" : "Hour"}</TableCell>
              <TableCell align="right">Sends</TableCell>
              <TableCell align="right">{metric === "reply" ? "Replied" : "Opened"}</TableCell>
              <TableCell align="right">Rate</TableCell>
              <TableCell>95% interval</TableCell>
              {extraHeader && <TableCell align="right">{extraHeader}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((r) => {
              const est = metric === "reply" ? r.bucket.reply : r.bucket.open;
              return (
                <TableRow key={r.key}>
                  <TableCell>{r.label}</TableCell>
                  <TableCell align="right">{count(r.bucket.sends)}</TableCell>
                  <TableCell align="right">{count(metric === "reply" ? r.bucket.replied : r.bucket.opened)}</TableCell>
                  <TableCell align="right">{r.bucket.enough ? formatRate(est.rate) : "—"}</TableCell>
                  <TableCell>{r.bucket.enough ? formatInterval(est) : "not enough data"}</TableCell>
                  {extraHeader && <TableCell align="right">{r.extra}</TableCell>}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
    </Card>
  );
}
