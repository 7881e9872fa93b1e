/**
 * /test-charts (Chart Gallery): Does every chart of the design system render correctly on real data
 * shapes? Every chart type the app uses, each in a ChartCard with its table view, drawn from the
 * workspace's own figures through the analytics engine (each card says its query), with its own
 * empty state. The period comes from ?from=&to= (UTC days) so a visual test can pin it.
 */

import { Box, Grid, Stack, TextField, Tooltip, Typography } from "@mui/material";
import { alpha } from "@mui/material/styles";
import { BarChart } from "@mui/x-charts/BarChart";
import { Gauge } from "@mui/x-charts/Gauge";
import { LineChart } from "@mui/x-charts/LineChart";
import { PieChart } from "@mui/x-charts/PieChart";
import { ScatterChart } from "@mui/x-charts/ScatterChart";
import { SparkLineChart } from "@mui/x-charts/SparkLineChart";
import type { ReportResult } from "@prospector/contracts";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { ChartCard } from "../../../ui/charts/chart-card.tsx";
import { formatCount, formatInterval, formatRate, formatRateWithInterval } from "../../../ui/charts/chart-format.ts";
import { IntervalBar } from "../../../ui/charts/interval-bar.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { PageIntro } from "../../../ui/page-intro.tsx";
import { useEngineQuery } from "../api/use-intelligence.ts";
import { type GalleryKey, galleryQueries, lab, QUERY_WORDS, val } from "../components/gallery-queries.ts";

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const ISO = /^\d{4}-\d{2}-\d{2}$/;
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const NO_MAIL = "No messages sent in this period: launch a campaign, or pick a period with sends.";
const NO_LEADS = "No leads added in this period: add or import leads, or pick another period.";

function defaultRange(): { from: string; to: string } {
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  return { from: iso(today - 30 * DAY), to: iso(today - DAY) };
}

export default function ChartGalleryPage() {
  const [params, setParams] = useSearchParams();
  const d = defaultRange();
  const from = ISO.test(params.get("from") ?? "") ? params.get("from")! : d.from;
  const to = ISO.test(params.get("to") ?? "") ? params.get("to")! : d.to;
  const q = galleryQueries(from, to);
  const answers = {
    daily: useEngineQuery("daily", q.daily),
    weekday: useEngineQuery("weekday", q.weekday),
    weekly: useEngineQuery("weekly", q.weekly),
    campaigns: useEngineQuery("campaigns", q.campaigns),
    leadsDaily: useEngineQuery("leadsDaily", q.leadsDaily),
    leadSources: useEngineQuery("leadSources", q.leadSources),
    grid: useEngineQuery("grid", q.grid),
  };
  const failed = Object.values(answers).find((a) => a.isError);
  const setRange = (k: "from" | "to", v: string) => {
    const next = new URLSearchParams(params);
    next.set(k, v);
    if (!next.get(k === "from" ? "to" : "from")) next.set(k === "from" ? "to" : "from", k === "from" ? to : from);
    setParams(next, { replace: true });
  };
  const sub = (k: GalleryKey, extra?: string) => `Engine query: ${QUERY_WORDS[k]}, ${from} to ${to} (UTC days).${extra ? ` ${extra}` : ""}`;
  return (
    <Stack spacing={3}>
      <PageIntro
        title="Chart Gallery"
        question="Does every chart of the design system render correctly on real data shapes?"
        summary="Every chart type the app uses, on this workspace's own figures from the analytics engine. Each card names its query and can be read as a table; a chart with nothing to draw says how to get data."
        actions={
          <>
            <TextField
              size="small"
              type="date"
              label="From"
              value={from}
              onChange={(e) => e.target.value && setRange("from", e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              size="small"
              type="date"
              label="To"
              value={to}
              onChange={(e) => e.target.value && setRange("to", e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </>
        }
      />
      {failed && (
        <LoadError
          error={failed.error}
          onRetry={() => {
            for (const a of Object.values(answers)) a.refetch();
          }}
        />
      )}
      <Grid container spacing={2}>
        <Cell>
          <DailyLine r={answers.daily.data} sub={sub("daily")} />
        </Cell>
        <Cell>
          <DailyMultiLine r={answers.daily.data} sub={sub("daily")} />
        </Cell>
        <Cell>
          <WeekdayBar r={answers.weekday.data} sub={sub("weekday")} />
        </Cell>
        <Cell>
          <WeeklyStacked r={answers.weekly.data} sub={sub("weekly", "Delivered + bounced = sent.")} />
        </Cell>
        <Cell>
          <CampaignHorizontal r={answers.campaigns.data} sub={sub("campaigns")} />
        </Cell>
        <Cell>
          <LeadsArea r={answers.leadsDaily.data} sub={sub("leadsDaily", "Running total from the period's first day.")} />
        </Cell>
        <Cell>
          <SourcesDonut r={answers.leadSources.data} sub={sub("leadSources")} />
        </Cell>
        <Cell>
          <CampaignScatter r={answers.campaigns.data} sub={sub("campaigns", "One point per campaign.")} />
        </Cell>
        <Cell>
          <ReplyGauge r={answers.daily.data} sub={sub("daily", "The period's totals.")} />
        </Cell>
        <Cell>
          <RepliesSparkline r={answers.daily.data} sub={sub("daily")} />
        </Cell>
        <Cell>
          <WeekGrid r={answers.grid.data} sub={sub("grid", "Cells with fewer than 20 delivered are left blank.")} />
        </Cell>
        <Cell>
          <Funnel
            r={answers.daily.data}
            sub={sub(
              "daily",
              "The period's totals. Opens, clicks, replies and meetings are each a share of delivered (a reply needs no click).",
            )}
          />
        </Cell>
        <Cell>
          <CampaignIntervals r={answers.campaigns.data} sub={sub("campaigns", "Dot: reply rate; whisker: 95 % Wilson interval.")} />
        </Cell>
      </Grid>
    </Stack>
  );
}

function Cell({ children }: { children: ReactNode }) {
  return <Grid size={{ xs: 12, lg: 6 }}>{children}</Grid>;
}

type R = ReportResult | undefined;
const HEIGHT = 260;

function Loading() {
  return <Box sx={{ height: HEIGHT }} aria-busy="true" />;
}

const dayLabel = (d: string | null) => (d ? d.slice(5) : "—");

function DailyLine({ r, sub }: { r: R; sub: string }) {
  const rows = r?.rows ?? [];
  return (
    <ChartCard
      title="Line: messages sent per day"
      subheader={sub}
      empty={r && !(r.totals.sent?.value ?? 0) ? NO_MAIL : undefined}
      table={{
        columns: [
          { key: "day", label: "Day (UTC)" },
          { key: "sent", label: "Sent", numeric: true },
        ],
        rows: rows.map((x) => ({ day: x.keys.day, sent: val(x, "sent") })),
      }}
    >
      {r ? (
        <LineChart
          skipAnimation
          height={HEIGHT}
          xAxis={[{ scaleType: "point", data: rows.map((x) => dayLabel(x.keys.day ?? null)) }]}
          series={[{ data: rows.map((x) => val(x, "sent")), label: "Sent", showMark: false }]}
        />
      ) : (
        <Loading />
      )}
    </ChartCard>
  );
}

function DailyMultiLine({ r, sub }: { r: R; sub: string }) {
  const rows = r?.rows ?? [];
  const series = ["delivered", "opened", "clicked", "replied"] as const;
  return (
    <ChartCard
      title="Multi-line: delivered, opened, clicked and replied per day"
      subheader={sub}
      empty={r && !(r.totals.sent?.value ?? 0) ? NO_MAIL : undefined}
      table={{
        columns: [
          { key: "day", label: "Day (UTC)" },
          ...series.map((s) => ({ key: s, label: s[0]!.toUpperCase() + s.slice(1), numeric: true })),
        ],
        rows: rows.map((x) => ({ day: x.keys.day, ...Object.fromEntries(series.map((s) => [s, val(x, s)])) })),
      }}
    >
      {r ? (
        <LineChart
          skipAnimation
          height={HEIGHT}
          xAxis={[{ scaleType: "point", data: rows.map((x) => dayLabel(x.keys.day ?? null)) }]}
          series={series.map((s) => ({ data: rows.map((x) => val(x, s)), label: s[0]!.toUpperCase() + s.slice(1), showMark: false }))}
        />
      ) : (
        <Loading />
      )}
    </ChartCard>
  );
}

function WeekdayBar({ r, sub }: { r: R; sub: string }) {
  const rows = r?.rows ?? [];
  return (
    <ChartCard
      title="Bar: messages sent by weekday"
      subheader={sub}
      empty={r && rows.length === 0 ? NO_MAIL : undefined}
      table={{
        columns: [
          { key: "weekday", label: "Weekday" },
          { key: "sent", label: "Sent", numeric: true },
        ],
        rows: rows.map((x) => ({ weekday: lab(x, "weekday"), sent: val(x, "sent") })),
      }}
    >
      {r ? (
        <BarChart
          skipAnimation
          height={HEIGHT}
          xAxis={[{ scaleType: "band", data: rows.map((x) => lab(x, "weekday")) }]}
          series={[{ data: rows.map((x) => val(x, "sent")), label: "Sent" }]}
        />
      ) : (
        <Loading />
      )}
    </ChartCard>
  );
}

function WeeklyStacked({ r, sub }: { r: R; sub: string }) {
  const rows = r?.rows ?? [];
  return (
    <ChartCard
      title="Stacked bar: delivered and bounced per week"
      subheader={sub}
      empty={r && rows.length === 0 ? NO_MAIL : undefined}
      table={{
        columns: [
          { key: "week", label: "Week of" },
          { key: "delivered", label: "Delivered", numeric: true },
          { key: "bounced", label: "Bounced", numeric: true },
          { key: "sent", label: "Sent", numeric: true },
        ],
        rows: rows.map((x) => ({ week: lab(x, "week"), delivered: val(x, "delivered"), bounced: val(x, "bounced"), sent: val(x, "sent") })),
      }}
    >
      {r ? (
        <BarChart
          skipAnimation
          height={HEIGHT}
          xAxis={[{ scaleType: "band", data: rows.map((x) => lab(x, "week")) }]}
          series={[
            { data: rows.map((x) => val(x, "delivered")), label: "Delivered", stack: "sent" },
            { data: rows.map((x) => val(x, "bounced")), label: "Bounced", stack: "sent" },
          ]}
        />
      ) : (
        <Loading />
      )}
    </ChartCard>
  );
}

function CampaignHorizontal({ r, sub }: { r: R; sub: string }) {
  const rows = r?.rows ?? [];
  return (
    <ChartCard
      title="Horizontal bar: reply rate by campaign"
      subheader={sub}
      empty={r && rows.length === 0 ? NO_MAIL : undefined}
      table={{
        columns: [
          { key: "campaign", label: "Campaign" },
          { key: "delivered", label: "Delivered", numeric: true },
          { key: "rate", label: "Reply rate (95 % CI)", format: (v) => formatRateWithInterval(v as never) },
        ],
        rows: rows.map((x) => ({ campaign: lab(x, "campaign"), delivered: val(x, "delivered"), rate: rateOf(x) })),
      }}
    >
      {r ? (
        <BarChart
          skipAnimation
          height={Math.max(HEIGHT, rows.length * 36 + 60)}
          layout="horizontal"
          yAxis={[{ scaleType: "band", data: rows.map((x) => lab(x, "campaign")), width: 140 }]}
          xAxis={[{ valueFormatter: (v: number | null) => formatRate(v) }]}
          series={[{ data: rows.map((x) => val(x, "reply_rate")), label: "Reply rate", valueFormatter: (v) => formatRate(v) }]}
        />
      ) : (
        <Loading />
      )}
    </ChartCard>
  );
}

function rateOf(x: ReportResult["rows"][number]) {
  const c = x.values.reply_rate;
  return { rate: c?.value ?? null, low: c?.low ?? null, high: c?.high ?? null, n: c?.n ?? 0 };
}

function LeadsArea({ r, sub }: { r: R; sub: string }) {
  const rows = r?.rows ?? [];
  let running = 0;
  const cumulative = rows.map((x) => (running += val(x, "leads_created")));
  return (
    <ChartCard
      title="Area: leads added, running total"
      subheader={sub}
      empty={r && running === 0 ? NO_LEADS : undefined}
      table={{
        columns: [
          { key: "day", label: "Day (UTC)" },
          { key: "added", label: "Added", numeric: true },
          { key: "total", label: "Running total", numeric: true },
        ],
        rows: rows.map((x, i) => ({ day: x.keys.day, added: val(x, "leads_created"), total: cumulative[i] })),
      }}
    >
      {r ? (
        <LineChart
          skipAnimation
          height={HEIGHT}
          xAxis={[{ scaleType: "point", data: rows.map((x) => dayLabel(x.keys.day ?? null)) }]}
          series={[{ data: cumulative, label: "Leads (running total)", area: true, showMark: false }]}
        />
      ) : (
        <Loading />
      )}
    </ChartCard>
  );
}

function SourcesDonut({ r, sub }: { r: R; sub: string }) {
  const rows = r?.rows ?? [];
  const total = rows.reduce((s, x) => s + val(x, "leads_created"), 0);
  return (
    <ChartCard
      title="Donut: leads by source"
      subheader={sub}
      empty={r && total === 0 ? NO_LEADS : undefined}
      table={{
        columns: [
          { key: "source", label: "Source" },
          { key: "leads", label: "Leads", numeric: true },
          { key: "share", label: "Share", numeric: true, format: (v) => formatRate(v as number) },
        ],
        rows: rows.map((x) => ({
          source: lab(x, "lead_source"),
          leads: val(x, "leads_created"),
          share: total ? val(x, "leads_created") / total : null,
        })),
      }}
    >
      {r ? (
        <PieChart
          skipAnimation
          height={HEIGHT}
          series={[
            {
              innerRadius: 60,
              outerRadius: 110,
              paddingAngle: 1,
              data: rows.map((x, i) => ({ id: i, value: val(x, "leads_created"), label: lab(x, "lead_source") })),
            },
          ]}
        />
      ) : (
        <Loading />
      )}
    </ChartCard>
  );
}

function CampaignScatter({ r, sub }: { r: R; sub: string }) {
  const rows = (r?.rows ?? []).filter((x) => x.values.reply_rate?.value !== null && x.values.reply_rate?.value !== undefined);
  return (
    <ChartCard
      title="Scatter: sends against reply rate, per campaign"
      subheader={sub}
      empty={r && rows.length === 0 ? NO_MAIL : undefined}
      table={{
        columns: [
          { key: "campaign", label: "Campaign" },
          { key: "sent", label: "Sent", numeric: true },
          { key: "rate", label: "Reply rate", numeric: true, format: (v) => formatRate(v as number) },
        ],
        rows: rows.map((x) => ({ campaign: lab(x, "campaign"), sent: val(x, "sent"), rate: val(x, "reply_rate") })),
      }}
    >
      {r ? (
        <ScatterChart
          skipAnimation
          height={HEIGHT}
          xAxis={[{ label: "Sent" }]}
          yAxis={[{ label: "Reply rate", valueFormatter: (v: number | null) => formatRate(v) }]}
          series={[
            {
              label: "Campaigns",
              data: rows.map((x, i) => ({ id: i, x: val(x, "sent"), y: val(x, "reply_rate") })),
              valueFormatter: (p) => (p ? `${formatCount(p.x)} sent, ${formatRate(p.y)}` : ""),
            },
          ]}
        />
      ) : (
        <Loading />
      )}
    </ChartCard>
  );
}

function ReplyGauge({ r, sub }: { r: R; sub: string }) {
  const c = r?.totals.reply_rate;
  const e = { rate: c?.value ?? null, low: c?.low ?? null, high: c?.high ?? null, n: c?.n ?? 0 };
  return (
    <ChartCard
      title="Gauge: reply rate of the period"
      subheader={sub}
      empty={r && !e.n ? NO_MAIL : undefined}
      table={{
        columns: [
          { key: "metric", label: "Metric" },
          { key: "value", label: "Value (95 % CI, n)", format: (v) => formatRateWithInterval(v as never) },
        ],
        rows: [{ metric: "Reply rate", value: e }],
      }}
    >
      {r ? (
        <Box sx={{ display: "flex", flexDirection: "column", alignItems: "center" }}>
          <Gauge
            height={HEIGHT - 40}
            value={e.rate === null ? 0 : Math.round(e.rate * 1000) / 10}
            valueMin={0}
            valueMax={Math.max(10, Math.ceil(((e.high ?? 0) * 100) / 5) * 5)}
            startAngle={-110}
            endAngle={110}
            text={formatRate(e.rate)}
          />
          <Typography variant="body2" color="textSecondary">
            {formatRateWithInterval(e)}
          </Typography>
        </Box>
      ) : (
        <Loading />
      )}
    </ChartCard>
  );
}

function RepliesSparkline({ r, sub }: { r: R; sub: string }) {
  const rows = r?.rows ?? [];
  const total = rows.reduce((s, x) => s + val(x, "replied"), 0);
  return (
    <ChartCard
      title="Sparkline: replies per day"
      subheader={sub}
      empty={r && !(r.totals.sent?.value ?? 0) ? NO_MAIL : undefined}
      table={{
        columns: [
          { key: "day", label: "Day (UTC)" },
          { key: "replied", label: "Replied", numeric: true },
        ],
        rows: rows.map((x) => ({ day: x.keys.day, replied: val(x, "replied") })),
      }}
    >
      {r ? (
        <Box sx={{ display: "flex", alignItems: "center", gap: 2 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <SparkLineChart skipAnimation height={64} data={rows.map((x) => val(x, "replied"))} area />
          </Box>
          <Typography variant="h6" component="p" sx={{ whiteSpace: "nowrap" }}>
            {`${formatCount(total)} replies`}
          </Typography>
        </Box>
      ) : (
        <Loading />
      )}
    </ChartCard>
  );
}

/** The engine keys weekdays as ISO days (1 = Monday … 7 = Sunday): Monday first. */
const GRID_DAYS = [1, 2, 3, 4, 5, 6, 7];
const MIN_CELL = 20;

function WeekGrid({ r, sub }: { r: R; sub: string }) {
  const rows = r?.rows ?? [];
  const weeks = [...new Set(rows.map((x) => x.keys.week ?? ""))].filter(Boolean).sort();
  const weekLabel = new Map(rows.map((x) => [x.keys.week ?? "", lab(x, "week")]));
  const cell = new Map(rows.map((x) => [`${x.keys.week}|${x.keys.weekday}`, x]));
  const rates = rows.filter((x) => val(x, "delivered") >= MIN_CELL).map((x) => val(x, "reply_rate"));
  const max = Math.max(0.0001, ...rates);
  return (
    <ChartCard
      title="Heatmap grid: reply rate by week and weekday"
      subheader={sub}
      empty={r && rows.length === 0 ? NO_MAIL : undefined}
      table={{
        columns: [
          { key: "week", label: "Week of" },
          { key: "weekday", label: "Weekday" },
          { key: "delivered", label: "Delivered", numeric: true },
          { key: "rate", label: "Reply rate (95 % CI)", format: (v) => formatRateWithInterval(v as never) },
        ],
        rows: rows.map((x) => ({ week: lab(x, "week"), weekday: lab(x, "weekday"), delivered: val(x, "delivered"), rate: rateOf(x) })),
      }}
    >
      {r ? (
        <Box sx={{ overflowX: "auto" }}>
          <Box sx={{ display: "grid", gridTemplateColumns: `96px repeat(7, minmax(36px, 1fr))`, gap: 0.5, minWidth: 360 }}>
            <Box />
            {GRID_DAYS.map((d) => (
              <Typography key={d} variant="caption" color="textSecondary" sx={{ textAlign: "center" }}>
                {WEEKDAYS[d % 7]}
              </Typography>
            ))}
            {weeks.map((w) => (
              <GridRow key={w} label={weekLabel.get(w) ?? w} cells={GRID_DAYS.map((d) => cell.get(`${w}|${d}`))} max={max} />
            ))}
          </Box>
        </Box>
      ) : (
        <Loading />
      )}
    </ChartCard>
  );
}

function GridRow({ label, cells, max }: { label: string; cells: (ReportResult["rows"][number] | undefined)[]; max: number }) {
  return (
    <>
      <Typography variant="caption" sx={{ alignSelf: "center" }}>
        {label}
      </Typography>
      {cells.map((x, i) => {
        const n = x ? val(x, "delivered") : 0;
        const rate = x && n >= MIN_CELL ? val(x, "reply_rate") : null;
        const text = x ? `${formatRateWithInterval(rateOf(x))}` : "No sends";
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the seven weekday columns are positional
          <Tooltip key={i} title={text}>
            <Box
              sx={{
                height: 28,
                borderRadius: 0.5,
                // The shade is the background's alone, so the figure on it stays fully legible.
                bgcolor: (t) => (rate === null ? t.palette.action.hover : alpha(t.palette.primary.main, 0.12 + 0.88 * (rate / max))),
                display: "flex",
                alignItems: "center",
                justifyContent: "center",
              }}
            >
              <Typography variant="caption" sx={{ color: rate !== null && rate / max > 0.5 ? "primary.contrastText" : "text.primary" }}>
                {rate === null ? "" : formatRate(rate)}
              </Typography>
            </Box>
          </Tooltip>
        );
      })}
    </>
  );
}

const FUNNEL = [
  ["sent", "Sent"],
  ["delivered", "Delivered"],
  ["opened", "Opened"],
  ["clicked", "Clicked"],
  ["replied", "Replied"],
  ["meetings", "Meetings"],
] as const;

function Funnel({ r, sub }: { r: R; sub: string }) {
  const t = r?.totals ?? {};
  const counts = FUNNEL.map(([k]) => t[k]?.value ?? 0);
  const top = Math.max(1, counts[0] ?? 0);
  return (
    <ChartCard
      title="Funnel bars: from sent to meetings"
      subheader={sub}
      empty={r && !counts[0] ? NO_MAIL : undefined}
      table={{
        columns: [
          { key: "step", label: "Step" },
          { key: "count", label: "Count", numeric: true },
          {
            key: "share",
            label: "Share (delivered of sent, the rest of delivered)",
            numeric: true,
            format: (v) => formatRate(v as number | null),
          },
        ],
        rows: FUNNEL.map(([, label], i) => {
          const base = i === 1 ? counts[0]! : counts[1]!;
          return { step: label, count: counts[i], share: i === 0 || !base ? null : counts[i]! / base };
        }),
      }}
    >
      {r ? (
        <Stack spacing={0.75} sx={{ py: 1 }}>
          {FUNNEL.map(([k, label], i) => (
            <Box key={k} sx={{ display: "grid", gridTemplateColumns: "84px 1fr 64px", gap: 1, alignItems: "center" }}>
              <Typography variant="body2">{label}</Typography>
              <Box sx={{ display: "flex", justifyContent: "center" }}>
                <Box
                  sx={{
                    height: 24,
                    width: `${Math.max(1, (counts[i]! / top) * 100)}%`,
                    bgcolor: "primary.main",
                    opacity: 1 - i * 0.12,
                    borderRadius: 0.5,
                  }}
                />
              </Box>
              <Typography variant="body2" sx={{ textAlign: "right" }}>
                {formatCount(counts[i])}
              </Typography>
            </Box>
          ))}
        </Stack>
      ) : (
        <Loading />
      )}
    </ChartCard>
  );
}

function CampaignIntervals({ r, sub }: { r: R; sub: string }) {
  const rows = r?.rows ?? [];
  const max = Math.max(0.01, ...rows.map((x) => x.values.reply_rate?.high ?? 0));
  return (
    <ChartCard
      title="Interval bars: reply rate by campaign with its 95 % interval"
      subheader={sub}
      empty={r && rows.length === 0 ? NO_MAIL : undefined}
      table={{
        columns: [
          { key: "campaign", label: "Campaign" },
          { key: "rate", label: "Reply rate (95 % CI, n)", format: (v) => formatRateWithInterval(v as never) },
        ],
        rows: rows.map((x) => ({ campaign: lab(x, "campaign"), rate: rateOf(x) })),
      }}
    >
      {r ? (
        <Stack spacing={1} sx={{ py: 1 }}>
          {rows.map((x) => (
            <Box
              key={x.keys.campaign ?? "none"}
              sx={{ display: "grid", gridTemplateColumns: "minmax(90px, 160px) 1fr", gap: 1, alignItems: "center" }}
            >
              <Typography variant="body2" noWrap title={lab(x, "campaign")}>
                {lab(x, "campaign")}
              </Typography>
              <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0 }}>
                <IntervalBar estimate={rateOf(x)} max={max} width={120} showText={false} />
                <Typography variant="body2" noWrap>{`${formatRate(rateOf(x).rate)} (${formatInterval(rateOf(x))})`}</Typography>
              </Box>
            </Box>
          ))}
        </Stack>
      ) : (
        <Loading />
      )}
    </ChartCard>
  );
}
