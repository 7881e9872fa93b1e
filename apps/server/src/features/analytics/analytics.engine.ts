/**
 * The analytics engine (docs/analytics.md): answers a report query — metrics × dimensions ×
 * filters over a date range — from the cached aggregates, workspace-scoped, in keyset pages. Every
 * analytics page and the report builder ask it; none computes its own figures from raw rows.
 *
 * Mail metrics come from analytics_daily (cohort: events on their message's UTC send day) once the
 * workspace has been refreshed, else live with the same definition; leads and deals are read live.
 */
import {
  DIMENSION_LABELS,
  type DimensionKey,
  type FieldError,
  METRICS,
  type MetricKey,
  type ReportCell,
  type ReportQueryParsed,
  type ReportResult,
  type ReportRow,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";
import { wilson } from "../../platform/stats.ts";
import * as repo from "./analytics.repository.ts";

export const MAX_RANGE_DAYS = 731;
const DAY_MS = 86_400_000;
const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

type Source = "mail" | "leads" | "deals_created" | "deals_won";
const SOURCE_OF: Record<MetricKey, Source> = {
  sent: "mail",
  delivered: "mail",
  bounced: "mail",
  opened: "mail",
  clicked: "mail",
  replied: "mail",
  meetings: "mail",
  unsubscribed: "mail",
  complaints: "mail",
  open_rate: "mail",
  click_rate: "mail",
  reply_rate: "mail",
  bounce_rate: "mail",
  meeting_rate: "mail",
  unsubscribe_rate: "mail",
  leads_created: "leads",
  deals_created: "deals_created",
  deals_won: "deals_won",
  revenue_won: "deals_won",
};
/** Which filters each source honours; any other filter with its metrics is a 422. */
const FILTERS_OF: Record<Source, readonly (keyof ReportQueryParsed["filters"])[]> = {
  mail: ["campaign_ids", "inbox_ids", "owner_ids"],
  leads: ["owner_ids", "lead_sources"],
  deals_created: ["campaign_ids", "owner_ids"],
  deals_won: ["campaign_ids", "owner_ids"],
};

const invalid = (errors: FieldError[]) => new AppError("ANALYTICS_INVALID_QUERY", errors.map((e) => e.message).join("; "), { errors });

const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;

/** The rules zod cannot see: supported dimensions, the range, filters per metric, sort and cursor. */
export function validateQuery(q: ReportQueryParsed): void {
  const errors: FieldError[] = [];
  const metrics = [...new Set(q.metrics)];
  for (const d of q.dimensions) {
    const refusing = metrics.filter((m) => !METRICS[m].dimensions.includes(d));
    if (refusing.length)
      errors.push({
        field: "dimensions",
        message: `${refusing.map((m) => METRICS[m].label).join(", ")} cannot be cut by ${DIMENSION_LABELS[d].toLowerCase()}`,
      });
  }
  if (new Set(q.dimensions).size !== q.dimensions.length) errors.push({ field: "dimensions", message: "A dimension is listed twice" });
  const from = dayNumber(q.from);
  const to = dayNumber(q.to);
  if (from > to) errors.push({ field: "from", message: "The start date is after the end date" });
  else if (to - from + 1 > MAX_RANGE_DAYS) errors.push({ field: "to", message: `A report covers at most ${MAX_RANGE_DAYS} days` });
  for (const [key, value] of Object.entries(q.filters) as [keyof ReportQueryParsed["filters"], unknown[] | undefined][]) {
    if (!value?.length) continue;
    const refusing = metrics.filter((m) => !FILTERS_OF[SOURCE_OF[m]].includes(key));
    if (refusing.length)
      errors.push({
        field: `filters.${key}`,
        message: `${refusing.map((m) => METRICS[m].label).join(", ")} cannot be filtered by ${key.replace(/_ids?$|s$/, "").replace("_", " ")}`,
      });
  }
  if (q.sort && !metrics.includes(q.sort)) errors.push({ field: "sort", message: "Sort by one of the report's metrics" });
  if (q.cursor !== undefined && decodeCursor(q.cursor) === null) errors.push({ field: "cursor", message: "Not a cursor of this report" });
  if (errors.length) throw invalid(errors);
}

// ————— keyset cursor: the last row's position in the report's order —————

interface Cursor {
  s: number | null;
  k: (string | null)[];
}

export function decodeCursor(raw: string): Cursor | null {
  try {
    const c = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Cursor;
    if (!Array.isArray(c.k) || !c.k.every((k) => k === null || typeof k === "string")) return null;
    if (c.s !== null && typeof c.s !== "number") return null;
    return c;
  } catch {
    return null;
  }
}
const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c), "utf8").toString("base64url");

// ————— assembling —————

interface Group {
  keys: (string | null)[];
  counts: Record<string, number>;
}

function cellOf(metric: MetricKey, counts: Record<string, number>): ReportCell {
  const spec = METRICS[metric];
  if (spec.kind === "rate" && spec.ratio) {
    const x = countOf(spec.ratio.numerator, counts);
    const n = countOf(spec.ratio.denominator, counts);
    const est = wilson(x, n);
    return { value: est.rate, n, low: est.low, high: est.high };
  }
  return { value: countOf(metric, counts) };
}

function countOf(metric: MetricKey, counts: Record<string, number>): number {
  if (metric === "delivered") return (counts.sent ?? 0) - (counts.bounced ?? 0);
  if (metric === "revenue_won") return Math.round((counts.revenue_won ?? 0) * 100) / 100;
  return counts[metric] ?? 0;
}

function labelOf(d: DimensionKey, key: string | null, names: Awaited<ReturnType<typeof repo.labelsOf>>): string {
  if (key === null)
    return { campaign: "No campaign", inbox: "No inbox", owner: "No owner", lead_source: "No source" }[d as string] ?? "Unknown";
  switch (d) {
    case "day": {
      const [y, m, dd] = key.split("-");
      return `${Number(dd)} ${MONTHS[Number(m) - 1]} ${y}`;
    }
    case "week": {
      const [y, m, dd] = key.split("-");
      return `Week of ${Number(dd)} ${MONTHS[Number(m) - 1]} ${y}`;
    }
    case "month": {
      const [y, m] = key.split("-");
      return `${MONTHS[Number(m) - 1]} ${y}`;
    }
    case "weekday":
      return WEEKDAYS[Number(key) - 1] ?? key;
    case "campaign":
      return names.campaigns.get(key) ?? "Deleted campaign";
    case "inbox":
      return names.inboxes.get(key) ?? "Removed inbox";
    case "owner":
      return names.users.get(key) ?? "Former member";
    case "step":
      return `Step ${Number(key) + 1}`;
    case "variant":
      return `Variant ${String.fromCharCode(65 + Number(key))}`;
    case "lead_source":
      return key;
  }
}

/** Natural order of one dimension's keys: dates and numbers ascending, names alphabetically, unknowns last. */
function compareKey(d: DimensionKey, a: string | null, b: string | null, label: (k: string | null) => string): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (d === "step" || d === "variant" || d === "weekday") return Number(a) - Number(b);
  if (d === "campaign" || d === "inbox" || d === "owner") {
    const c = label(a).localeCompare(label(b), "en");
    if (c !== 0) return c;
  }
  return a < b ? -1 : 1;
}

export interface RunOptions {
  /** Recount mail metrics from the outbox and events instead of the rollup (bench baseline, tests). */
  live?: boolean;
}

export async function runReport(
  ctx: AppContext,
  workspaceId: string,
  query: ReportQueryParsed,
  opts: RunOptions = {},
): Promise<ReportResult> {
  validateQuery(query);
  const metrics = [...new Set(query.metrics)];
  const dims = query.dimensions;
  const range = { from: query.from, to: query.to };
  const f = query.filters;
  const sources = new Set(metrics.map((m) => SOURCE_OF[m]));
  const db = ctx.db;

  const state = sources.has("mail") && !opts.live ? await repo.refreshState(db, workspaceId) : null;
  const tasks: Promise<repo.GroupRow[]>[] = [];
  if (sources.has("mail"))
    tasks.push(
      repo.mailGroups(db, state ? "rollup" : "live", workspaceId, range, dims, {
        campaignIds: f.campaign_ids,
        inboxIds: f.inbox_ids,
        ownerIds: f.owner_ids,
      }),
    );
  if (sources.has("leads"))
    tasks.push(repo.leadGroups(db, workspaceId, range, dims, { ownerIds: f.owner_ids, leadSources: f.lead_sources }));
  for (const kind of ["created", "won"] as const)
    if (sources.has(`deals_${kind}`))
      tasks.push(repo.dealGroups(db, kind, workspaceId, range, dims, { ownerIds: f.owner_ids, campaignIds: f.campaign_ids }));
  const parts = await Promise.all(tasks);

  // Merge the sources' groups by their keys.
  const groups = new Map<string, Group>();
  for (const part of parts)
    for (const r of part) {
      const id = JSON.stringify(r.keys);
      const g = groups.get(id) ?? { keys: r.keys, counts: {} };
      for (const [k, v] of Object.entries(r.values)) g.counts[k] = (g.counts[k] ?? 0) + v;
      groups.set(id, g);
    }

  const totalsCounts: Record<string, number> = {};
  for (const g of groups.values()) for (const [k, v] of Object.entries(g.counts)) totalsCounts[k] = (totalsCounts[k] ?? 0) + v;

  const ids = { campaigns: new Set<string>(), inboxes: new Set<string>(), users: new Set<string>() };
  for (const g of groups.values())
    dims.forEach((d, i) => {
      const k = g.keys[i];
      if (k === null || k === undefined) return;
      if (d === "campaign") ids.campaigns.add(k);
      if (d === "inbox") ids.inboxes.add(k);
      if (d === "owner") ids.users.add(k);
    });
  const names = await repo.labelsOf(db, workspaceId, {
    campaigns: [...ids.campaigns],
    inboxes: [...ids.inboxes],
    users: [...ids.users],
  });

  // Order: by the sort metric (descending, unknown last), then by the dimensions' natural order.
  const sortValue = (g: Group) => (query.sort ? cellOf(query.sort, g.counts).value : null);
  const compare = (a: { s: number | null; k: (string | null)[] }, b: { s: number | null; k: (string | null)[] }) => {
    if (query.sort && a.s !== b.s) {
      if (a.s === null) return 1;
      if (b.s === null) return -1;
      return b.s - a.s;
    }
    for (let i = 0; i < dims.length; i++) {
      const d = dims[i] as DimensionKey;
      const c = compareKey(d, a.k[i] ?? null, b.k[i] ?? null, (k) => labelOf(d, k, names));
      if (c !== 0) return c;
    }
    return 0;
  };
  let ordered = [...groups.values()].map((g) => ({ g, s: sortValue(g), k: g.keys })).sort(compare);
  if (query.cursor) {
    const c = decodeCursor(query.cursor) as Cursor;
    ordered = ordered.filter((r) => compare(r, c) > 0);
  }
  const page = ordered.slice(0, query.limit);
  const last = page[page.length - 1];
  const next_cursor = ordered.length > query.limit && last ? encodeCursor({ s: last.s, k: last.k }) : null;

  const rows: ReportRow[] = page.map(({ g }) => ({
    keys: Object.fromEntries(dims.map((d, i) => [d, g.keys[i] ?? null])),
    labels: Object.fromEntries(dims.map((d, i) => [d, labelOf(d, g.keys[i] ?? null, names)])),
    values: Object.fromEntries(metrics.map((m) => [m, cellOf(m, g.counts)])),
  }));

  return {
    query: { metrics, dimensions: dims, from: query.from, to: query.to },
    rows,
    totals: Object.fromEntries(metrics.map((m) => [m, cellOf(m, totalsCounts)])),
    next_cursor,
    sources: Object.fromEntries(metrics.map((m) => [m, METRICS[m].source])),
    computed_at: state ? state.computedAt.toISOString() : null,
  };
}
