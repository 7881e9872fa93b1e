/**
 * Analytics intelligence (docs/analytics/intelligence.md): measurable changes between two periods
 * (insights, computed by a job from the engine's counts and stored with their evidence), own rates
 * against own history and published benchmarks (competitive), and the lead-source funnel.
 */
import {
  BENCHMARK_METRICS,
  BENCHMARK_STALE_YEARS,
  type Benchmark,
  type BenchmarkInput,
  type BenchmarkList,
  type BenchmarkListQuery,
  BenchmarkListQuery as BenchmarkListQuerySchema,
  type CompetitiveAnswer,
  CompetitiveQuery,
  INSIGHT_FDR,
  INSIGHT_METRICS,
  INSIGHT_MIN_N,
  type InsightMetric,
  type InsightRun,
  type InsightsAnswer,
  InsightsRecomputeBody,
  type IntelRate,
  type LeadSourceAnswer,
  LeadSourceQuery,
  type LeadSourceRow,
  METRICS,
  type MetricKey,
  type ReportQueryParsed,
  type ReportResult,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { twoProportionZTest, wilson } from "../../platform/stats.ts";
import { DAY_MS, isoDay, startOfUtcDay } from "../../platform/utc-days.ts";
import { runReport } from "./analytics.engine.ts";
import { SEEDED_BENCHMARKS } from "./intelligence.benchmarks.seed.ts";
import { detectChanges, type InsightCell } from "./intelligence.insights.ts";
import * as repo from "./intelligence.repository.ts";

export const INSIGHTS_QUEUE = "analytics.insights";
/** Replies and meetings arrive days after the send: the newest days are left out so they do not read as a drop. */
export const REPLY_LAG_DAYS = 3;
const est = (successes: number, n: number): IntelRate => ({ successes, n, ...wilson(successes, n) });

const COUNTS: MetricKey[] = ["sent", "delivered", "bounced", "opened", "clicked", "replied", "meetings", "unsubscribed"];

function ratioOf(metric: InsightMetric): { numerator: MetricKey; denominator: MetricKey } {
  const r = METRICS[metric].ratio;
  if (!r) throw new Error(`${metric} is not a rate`);
  return r;
}

/** Every row of an engine answer, following its keyset pages. */
async function allRows(ctx: AppContext, workspaceId: string, q: Omit<ReportQueryParsed, "limit" | "cursor" | "filters">) {
  const rows: ReportResult["rows"] = [];
  let cursor: string | undefined;
  let totals: ReportResult["totals"] = {};
  for (let page = 0; page < 100; page++) {
    const res = await runReport(ctx, workspaceId, { ...q, filters: {}, limit: 1000, cursor });
    rows.push(...res.rows);
    totals = res.totals;
    if (!res.next_cursor) break;
    cursor = res.next_cursor;
  }
  return { rows, totals };
}

const count = (values: Record<string, { value: number | null }>, m: MetricKey) => values[m]?.value ?? 0;

// ---------------------------------------------------------------- insights

export interface Periods {
  currentFrom: string;
  currentTo: string;
  previousFrom: string;
  previousTo: string;
}

/** Two back-to-back periods of `days` whole UTC days, ending REPLY_LAG_DAYS before today. */
export function periodsFor(days: number, now: Date): Periods {
  const end = startOfUtcDay(now).getTime() - (REPLY_LAG_DAYS + 1) * DAY_MS;
  return {
    currentTo: isoDay(new Date(end)),
    currentFrom: isoDay(new Date(end - (days - 1) * DAY_MS)),
    previousTo: isoDay(new Date(end - days * DAY_MS)),
    previousFrom: isoDay(new Date(end - (2 * days - 1) * DAY_MS)),
  };
}

type Scope = { scope: InsightCell["scope"]; dims: ReportQueryParsed["dimensions"] };
const SCOPES: Scope[] = [
  { scope: "workspace", dims: [] },
  { scope: "campaign", dims: ["campaign"] },
  { scope: "inbox", dims: ["inbox"] },
  { scope: "step", dims: ["campaign", "step"] },
];

function cellPlace(scope: Scope["scope"], row: ReportResult["rows"][number] | null): { key: string | null; label: string; link: string } {
  if (!row) return { key: null, label: "Whole workspace", link: "/analytics" };
  const k = row.keys;
  const l = row.labels;
  if (scope === "campaign")
    return {
      key: k.campaign ?? null,
      label: l.campaign ?? "Unknown campaign",
      link: k.campaign ? `/campaigns/${k.campaign}` : "/campaigns",
    };
  if (scope === "inbox") return { key: k.inbox ?? null, label: l.inbox ?? "Unknown inbox", link: "/inboxes" };
  return {
    key: `${k.campaign}:${k.step}`,
    label: `${l.campaign ?? "Unknown campaign"} · ${l.step ?? `Step ${k.step}`}`,
    link: k.campaign ? `/campaigns/${k.campaign}` : "/campaigns",
  };
}

/** The engine's counts of both periods as test cells (metric × where). */
export async function collectCells(
  ctx: AppContext,
  workspaceId: string,
  p: Periods,
  onProgress: (done: number, total: number, step: string) => Promise<void> = async () => {},
): Promise<InsightCell[]> {
  const cells: InsightCell[] = [];
  let done = 0;
  for (const s of SCOPES) {
    await onProgress(done, SCOPES.length, `Counting by ${s.scope}`);
    const prev = await allRows(ctx, workspaceId, { metrics: COUNTS, dimensions: s.dims, from: p.previousFrom, to: p.previousTo });
    const cur = await allRows(ctx, workspaceId, { metrics: COUNTS, dimensions: s.dims, from: p.currentFrom, to: p.currentTo });
    const byKey = (r: ReportResult["rows"][number]) => s.dims.map((d) => r.keys[d] ?? "").join("|");
    const pairs: {
      place: ReturnType<typeof cellPlace>;
      prev: Record<string, { value: number | null }>;
      cur: Record<string, { value: number | null }>;
    }[] = [];
    if (s.dims.length === 0) pairs.push({ place: cellPlace(s.scope, null), prev: prev.totals, cur: cur.totals });
    else {
      const prevMap = new Map(prev.rows.map((r) => [byKey(r), r]));
      for (const r of cur.rows) {
        const before = prevMap.get(byKey(r));
        if (before && s.dims.every((d) => r.keys[d] != null))
          pairs.push({ place: cellPlace(s.scope, r), prev: before.values, cur: r.values });
      }
    }
    for (const pair of pairs) {
      for (const metric of INSIGHT_METRICS) {
        const { numerator, denominator } = ratioOf(metric);
        cells.push({
          metric,
          scope: s.scope,
          ...pair.place,
          previous: { successes: count(pair.prev, numerator), n: count(pair.prev, denominator) },
          current: { successes: count(pair.cur, numerator), n: count(pair.cur, denominator) },
        });
      }
    }
    done++;
  }
  return cells;
}

function toRun(r: repo.RunRow): InsightRun {
  return {
    id: r.id,
    status: r.status,
    progress: r.progress,
    step: r.step,
    error: r.error,
    period_days: r.periodDays,
    current_from: r.currentFrom,
    current_to: r.currentTo,
    previous_from: r.previousFrom,
    previous_to: r.previousTo,
    requested_at: r.requestedAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
    tests: r.tests,
    skipped: r.skipped,
    findings: r.findings,
  };
}

const INSIGHT_SOURCES: Record<string, string> = Object.fromEntries(
  INSIGHT_METRICS.map((m) => [m, `${METRICS[m].source}; ${METRICS[METRICS[m].ratio!.numerator].source}`]),
);

/** A completed run older than this is recomputed (same period length) when someone reads the insights. */
export const INSIGHTS_MAX_AGE_MS = 24 * 3_600_000;

export async function getInsights(ctx: AppContext, workspaceId: string, now = new Date()): Promise<InsightsAnswer> {
  let latest = await repo.latestRun(ctx.db, workspaceId);
  const completed = latest?.status === "completed" ? latest : await repo.latestRun(ctx.db, workspaceId, "completed");
  // The periods slide by a day every day: an answer read after a day is queued again by itself.
  if (latest && completed && latest.id === completed.id && now.getTime() - (completed.finishedAt?.getTime() ?? 0) > INSIGHTS_MAX_AGE_MS) {
    const { run } = await requestInsights(ctx, { workspaceId, userId: null }, { period_days: completed.periodDays }, now);
    latest = await repo.getRun(ctx.db, run.id);
  }
  return {
    run: latest ? toRun(latest) : null,
    last_completed: completed ? toRun(completed) : null,
    min_n: INSIGHT_MIN_N,
    fdr: INSIGHT_FDR,
    sources: INSIGHT_SOURCES,
  };
}

export async function getInsightRun(ctx: AppContext, workspaceId: string, id: string): Promise<InsightRun> {
  const r = await repo.getRun(ctx.db, id);
  if (!r || r.workspaceId !== workspaceId) throw new AppError("INSIGHTS_RUN_NOT_FOUND");
  return toRun(r);
}

/** Queues a run (one at a time per workspace): answers it and whether it is new. */
export async function requestInsights(
  ctx: AppContext,
  auth: { workspaceId: string; userId: string | null },
  body: unknown,
  now = new Date(),
): Promise<{ run: InsightRun; created: boolean }> {
  const { period_days } = InsightsRecomputeBody.parse(body ?? {});
  const active = await repo.activeRun(ctx.db, auth.workspaceId);
  if (active) return { run: toRun(active), created: false };
  const p = periodsFor(period_days, now);
  const row = await repo.insertRun(ctx.db, {
    workspaceId: auth.workspaceId,
    periodDays: period_days,
    ...p,
    requestedBy: auth.userId,
    requestedAt: now,
  });
  await ctx.jobs.send(INSIGHTS_QUEUE, { runId: row.id });
  return { run: toRun(row), created: true };
}

/** The `analytics.insights` job: counts both periods, tests every cell, keeps the significant changes. */
export async function runInsights(ctx: AppContext, runId: string): Promise<void> {
  const run = await repo.getRun(ctx.db, runId);
  if (!run || (run.status !== "queued" && run.status !== "running")) return;
  try {
    await repo.updateRun(ctx.db, runId, { status: "running", startedAt: new Date(), progress: 0 });
    const cells = await collectCells(ctx, run.workspaceId, run, async (done, total, step) => {
      await repo.updateRun(ctx.db, runId, { progress: Math.floor((done / (total + 1)) * 100), step });
    });
    await repo.updateRun(ctx.db, runId, { step: `Testing ${cells.length} cells` });
    const result = detectChanges(cells);
    await repo.updateRun(ctx.db, runId, {
      status: "completed",
      progress: 100,
      step: null,
      tests: result.tests,
      skipped: result.skipped,
      findings: result.findings,
      finishedAt: new Date(),
    });
  } catch (err) {
    ctx.log.error({ err, runId }, "insights run failed");
    await repo.updateRun(ctx.db, runId, {
      status: "failed",
      finishedAt: new Date(),
      error:
        err instanceof AppError
          ? (err.message ?? "The analytics engine refused the query")
          : "The run stopped on an unexpected error; the server log has the details.",
    });
  }
}

// ---------------------------------------------------------------- benchmarks

const seeded = new WeakSet<object>();
/** Ships the published rows once per database handle (idempotent by seed key). */
export async function ensureSeeded(ctx: AppContext): Promise<void> {
  if (seeded.has(ctx.db)) return;
  await repo.seedBenchmarks(ctx.db, SEEDED_BENCHMARKS);
  seeded.add(ctx.db);
}

/** Whole years between a "YYYY[-MM[-DD]]" publication and now (a bare year counts from its 1 July, a bare month from its 15th). */
export function ageYears(published: string, now: Date): number {
  const [y, m, d] = published.split("-").map(Number);
  const at = Date.UTC(y!, m ? m - 1 : 6, d ?? (m ? 15 : 1));
  return Math.max(0, Math.floor(((now.getTime() - at) / (365.25 * DAY_MS)) * 10) / 10);
}

function toBenchmark(r: repo.BenchmarkRow, now: Date): Benchmark {
  const age = ageYears(r.published, now);
  return {
    id: r.id,
    metric: r.metric,
    value_low: r.valueLow,
    value_high: r.valueHigh,
    segment: r.segment,
    source_name: r.sourceName,
    source_url: r.sourceUrl,
    published: r.published,
    retrieved_on: r.retrievedOn,
    note: r.note,
    origin: r.workspaceId ? "workspace" : "published_seed",
    age_years: age,
    stale: age > BENCHMARK_STALE_YEARS,
    updated_at: r.updatedAt.toISOString(),
  };
}

export async function listBenchmarks(
  ctx: AppContext,
  workspaceId: string,
  query: BenchmarkListQuery,
  now = new Date(),
): Promise<BenchmarkList> {
  await ensureSeeded(ctx);
  const q = BenchmarkListQuerySchema.parse(query);
  const rows = await repo.listBenchmarks(ctx.db, workspaceId, { metric: q.metric, after: q.cursor, limit: q.limit + 1 });
  const page = rows.slice(0, q.limit);
  return { items: page.map((r) => toBenchmark(r, now)), next_cursor: rows.length > q.limit ? page.at(-1)!.id : null };
}

const toRow = (b: BenchmarkInput) => ({
  metric: b.metric,
  valueLow: b.value_low,
  valueHigh: b.value_high,
  segment: b.segment,
  sourceName: b.source_name,
  sourceUrl: b.source_url,
  published: b.published,
  retrievedOn: b.retrieved_on,
  note: b.note ?? null,
});

export async function createBenchmark(
  ctx: AppContext,
  auth: Pick<AuthContext, "workspaceId" | "userId">,
  input: BenchmarkInput,
): Promise<Benchmark> {
  const r = await repo.insertBenchmark(ctx.db, { ...toRow(input), workspaceId: auth.workspaceId, createdBy: auth.userId });
  return toBenchmark(r, new Date());
}

async function ownRow(ctx: AppContext, workspaceId: string, id: string): Promise<repo.BenchmarkRow> {
  const r = await repo.getBenchmark(ctx.db, workspaceId, id);
  if (!r) throw new AppError("BENCHMARK_NOT_FOUND");
  if (!r.workspaceId) throw new AppError("BENCHMARK_READ_ONLY");
  return r;
}

export async function updateBenchmark(ctx: AppContext, workspaceId: string, id: string, input: BenchmarkInput): Promise<Benchmark> {
  await ownRow(ctx, workspaceId, id);
  const r = await repo.updateBenchmark(ctx.db, workspaceId, id, toRow(input));
  if (!r) throw new AppError("BENCHMARK_NOT_FOUND");
  return toBenchmark(r, new Date());
}

export async function deleteBenchmark(ctx: AppContext, workspaceId: string, id: string): Promise<void> {
  await ownRow(ctx, workspaceId, id);
  await repo.deleteBenchmark(ctx.db, workspaceId, id);
}

// ---------------------------------------------------------------- competitive

export async function competitive(ctx: AppContext, workspaceId: string, query: unknown, now = new Date()): Promise<CompetitiveAnswer> {
  const q = CompetitiveQuery.parse(query ?? {});
  await ensureSeeded(ctx);
  const end = startOfUtcDay(now).getTime() - (REPLY_LAG_DAYS + 1) * DAY_MS;
  const recentTo = isoDay(new Date(end));
  const recentFrom = isoDay(new Date(end - (q.recent_days - 1) * DAY_MS));
  const historyTo = isoDay(new Date(end - q.recent_days * DAY_MS));
  const historyFrom = isoDay(new Date(end - (q.recent_days + q.history_days - 1) * DAY_MS));
  const [recent, history] = await Promise.all([
    runReport(ctx, workspaceId, { metrics: COUNTS, dimensions: [], from: recentFrom, to: recentTo, filters: {}, limit: 1 }),
    runReport(ctx, workspaceId, { metrics: COUNTS, dimensions: [], from: historyFrom, to: historyTo, filters: {}, limit: 1 }),
  ]);
  const all = await repo.listBenchmarks(ctx.db, workspaceId, { limit: 500 });
  const benchmarks = all.map((r) => toBenchmark(r, now));
  const metrics = BENCHMARK_METRICS.map((metric) => {
    const { numerator, denominator } = ratioOf(metric);
    const r = est(count(recent.totals, numerator), count(recent.totals, denominator));
    const h = est(count(history.totals, numerator), count(history.totals, denominator));
    const t = twoProportionZTest(h.successes, h.n, r.successes, r.n);
    return {
      metric,
      label: METRICS[metric].label,
      source: METRICS[metric].source,
      recent: r,
      history: h,
      delta: r.rate != null && h.rate != null ? Math.round((r.rate - h.rate) * 10_000) / 10_000 : null,
      z: t.z,
      p_value: t.p_value,
      significant: t.significant,
      benchmarks: benchmarks
        .filter((b) => b.metric === metric)
        .map((b) => ({
          id: b.id,
          position:
            r.low == null || r.high == null
              ? ("no_data" as const)
              : r.low > b.value_high
                ? ("above" as const)
                : r.high < b.value_low
                  ? ("below" as const)
                  : ("within" as const),
        })),
    };
  });
  return {
    recent_from: recentFrom,
    recent_to: recentTo,
    history_from: historyFrom,
    history_to: historyTo,
    metrics,
    benchmarks,
    computed_at: now.toISOString(),
  };
}

// ---------------------------------------------------------------- lead sources

const SOURCE_LABELS: Record<string, string> = {
  manual: "Added by hand",
  import: "CSV import",
  website: "Website crawler",
  google_maps: "Maps scraping",
  linkedin: "Network provider (LinkedIn)",
  api: "API",
};

function sourceRow(source: string, c: Omit<repo.SourceCounts, "source">, revenue: number): LeadSourceRow {
  return {
    source,
    label: SOURCE_LABELS[source] ?? source,
    ...c,
    revenue: Math.round(revenue * 100) / 100,
    contact_rate: est(c.contacted, c.leads),
    reply_rate: est(c.replied, c.contacted),
    meeting_rate: est(c.meetings, c.contacted),
    deal_rate: est(c.deals, c.contacted),
    win_rate: est(c.deals_won, c.deals),
  };
}

export async function leadSources(ctx: AppContext, workspaceId: string, query: unknown, now = new Date()): Promise<LeadSourceAnswer> {
  const q = LeadSourceQuery.parse(query ?? {});
  if (q.from && q.to && q.from > q.to)
    throw new AppError("LEAD_SOURCE_RANGE_INVALID", undefined, {
      errors: [{ field: "from", message: "The start date must not be after the end date" }],
    });
  const from = q.from ? new Date(`${q.from}T00:00:00Z`) : null;
  const to = q.to ? new Date(new Date(`${q.to}T00:00:00Z`).getTime() + DAY_MS) : null;
  const [funnel, revenue] = await Promise.all([
    repo.sourceFunnel(ctx.db, workspaceId, from, to),
    repo.sourceRevenue(ctx.db, workspaceId, from, to),
  ]);
  // The currency with the most won revenue rows is the one summed; others are named, never added in.
  const byCurrency = new Map<string, number>();
  for (const r of revenue) byCurrency.set(r.currency, (byCurrency.get(r.currency) ?? 0) + 1);
  const currency = [...byCurrency.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? "USD";
  const revenueOf = (source: string) =>
    revenue.filter((r) => r.source === source && r.currency === currency).reduce((s, r) => s + r.revenue, 0);
  const rows = funnel.map(({ source, ...c }) => sourceRow(source, c, revenueOf(source)));
  const sum = (k: keyof Omit<repo.SourceCounts, "source">) => funnel.reduce((s, r) => s + r[k], 0);
  const totals = sourceRow(
    "all",
    {
      leads: sum("leads"),
      contacted: sum("contacted"),
      replied: sum("replied"),
      meetings: sum("meetings"),
      deals: sum("deals"),
      deals_won: sum("deals_won"),
    },
    rows.reduce((s, r) => s + r.revenue, 0),
  );
  totals.label = "All sources";
  return {
    from: q.from ?? null,
    to: q.to ?? null,
    rows,
    totals,
    currency,
    other_currencies: [...byCurrency.keys()].filter((c) => c !== currency).sort(),
    sources: {
      leads: "Leads added in the period (all leads when no period), by their source field",
      contacted: "Of those, leads with at least one campaign message handed to SMTP (any time)",
      replied: "Of those, leads with a human reply (auto-replies and bots excluded)",
      meetings: "Of those, leads with a meeting booked",
      deals: "Of those, leads with at least one CRM deal",
      deals_won: "Of those, leads with a deal in a won stage",
      revenue: "Value of won deals of those leads, in the workspace's main deal currency",
    },
    computed_at: now.toISOString(),
  };
}
