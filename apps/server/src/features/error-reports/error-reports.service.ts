/**
 * Stores what the web app's error tracker sends (shell §7, §8): severity derived when absent,
 * caller attached when signed in, and retention bounded on every insert (newest 10,000, 30 days).
 */
import {
  deriveSeverity,
  ERROR_REPORT_LIMITS,
  type ErrorExample,
  type ErrorGroup,
  type ErrorGroupDetail,
  type ErrorGroupList,
  type ErrorGroupsQuery,
  type ErrorReportList,
  type ErrorReportRequest,
  type ErrorSeverity,
  MONITOR_RANGE_SECONDS,
  type MonitorRange,
  redactUrl,
  redactUrlsDeep,
  redactUrlsInText,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { badCursor } from "../../platform/keyset-cursor.ts";
import * as repo from "./error-reports.repository.ts";

type Ctx = Pick<AppContext, "db" | "log">;

const KNOWN = new Set(["type", "message", "severity", "stack", "context", "url", "user_agent"]);

export async function submitErrorReport(
  ctx: Ctx,
  input: ErrorReportRequest,
  meta: { auth: AuthContext | null; userAgent?: string; ip: string },
  retention: { maxRows: number; maxAgeDays: number } = ERROR_REPORT_LIMITS,
): Promise<{ id: string; severity: ErrorSeverity }> {
  const severity = input.severity ?? deriveSeverity(input);
  // The rest of the error object (field, status, retryable, timestamp, …) is kept with the context.
  const error = Object.fromEntries(Object.entries(input).filter(([k]) => !KNOWN.has(k)));
  const url = input.url ?? (typeof input.context?.url === "string" ? input.context.url.slice(0, 2000) : null);
  // Older or other clients may still send URLs with reset/verification tokens: never store them.
  const row = await repo.insertErrorReport(ctx.db, {
    type: input.type,
    severity,
    message: redactUrlsInText(input.message),
    stack: input.stack ? redactUrlsInText(input.stack) : null,
    context: redactUrlsDeep({ ...(input.context ?? {}), error, ip: meta.ip }),
    url: url === null ? null : redactUrl(url),
    userAgent: (input.user_agent ?? meta.userAgent ?? "").slice(0, 500) || null,
    field: typeof input.field === "string" ? input.field.slice(0, 200) : "",
    component: typeof input.context?.component === "string" ? input.context.component.slice(0, 200) : "",
    userId: meta.auth?.userId ?? null,
    workspaceId: meta.auth?.workspaceId ?? null,
    createdAt: new Date(),
  });
  const pruned = await repo.pruneErrorReports(ctx.db, retention);
  if (pruned > 0) ctx.log.debug({ pruned }, "error reports pruned");
  return { id: row.id, severity };
}

/** Reports can hold URLs and messages from every organization: only instance admins read them. */
export async function listErrorReports(
  ctx: Ctx,
  auth: AuthContext,
  q: { page: number; per_page: number; type?: string; severity?: string },
): Promise<ErrorReportList> {
  if (!auth.isInstanceAdmin) throw new AppError("INSTANCE_ADMIN_REQUIRED");
  const [{ rows, total }, byType, bySeverity] = await Promise.all([
    repo.listErrorReports(ctx.db, q, { limit: q.per_page, offset: (q.page - 1) * q.per_page }),
    repo.countErrorReportsBy(ctx.db, "type"),
    repo.countErrorReportsBy(ctx.db, "severity"),
  ]);
  return {
    reports: rows.map((r) => ({
      id: r.id,
      type: r.type,
      severity: r.severity,
      message: r.message,
      stack: r.stack,
      context: r.context,
      url: r.url,
      user_agent: r.userAgent,
      user_id: r.userId,
      workspace_id: r.workspaceId,
      created_at: r.createdAt.toISOString(),
    })),
    total,
    page: q.page,
    per_page: q.per_page,
    counts_by_type: byType,
    counts_by_severity: bySeverity,
  };
}

// ---- Groups by type, field and component (shell §8: counts by type, field and component) ----

const groupId = (k: repo.ErrorGroupKey) => Buffer.from(JSON.stringify([k.type, k.field, k.component])).toString("base64url");
function parseGroupId(id: string): repo.ErrorGroupKey | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(id, "base64url").toString("utf8"));
    if (Array.isArray(v) && v.length === 3 && v.every((x) => typeof x === "string")) {
      const [type, field, component] = v as [string, string, string];
      return { type, field, component };
    }
  } catch {}
  return null;
}
const groupCursor = (g: repo.ErrorGroupRow) => Buffer.from(JSON.stringify([g.n, g.type, g.field, g.component])).toString("base64url");
function parseGroupCursor(c: string): (repo.ErrorGroupKey & { n: number }) | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(c, "base64url").toString("utf8"));
    if (Array.isArray(v) && v.length === 4 && Number.isInteger(v[0]) && v.slice(1).every((x) => typeof x === "string"))
      return { n: v[0], type: v[1], field: v[2], component: v[3] };
  } catch {}
  return null;
}

/** The first lines of a stack, at most 600 characters (URLs already redacted when stored). */
export const stackHead = (stack: string | null): string | null =>
  stack === null ? null : stack.split("\n").slice(0, 6).join("\n").slice(0, 600);

const example = (r: repo.ErrorExampleRow): ErrorExample => ({
  id: r.id,
  severity: r.severity as ErrorSeverity,
  message: r.message,
  stack_head: stackHead(r.stack),
  url: r.url,
  user_agent: r.userAgent,
  created_at: r.createdAt.toISOString(),
});

const bucketOf = (range: MonitorRange): "hour" | "day" => (range === "1h" || range === "24h" ? "hour" : "day");

/** Every bucket start from the one holding `since` to the one holding `now`, in ms (UTC hours or days). */
export function bucketStarts(since: Date, now: Date, bucket: "hour" | "day"): number[] {
  const size = bucket === "hour" ? 3_600_000 : 86_400_000;
  const out: number[] = [];
  for (let t = Math.floor(since.getTime() / size) * size; t <= now.getTime(); t += size) out.push(t);
  return out;
}

function trendOf(starts: number[], counts: Map<number, number>) {
  return starts.map((t) => ({ t: new Date(t).toISOString(), count: counts.get(t) ?? 0 }));
}

/** A page of groups within the range, most reports first, each with its trend and latest example. */
export async function errorGroupPage(ctx: Ctx, auth: AuthContext, q: ErrorGroupsQuery, now = new Date()): Promise<ErrorGroupList> {
  if (!auth.isInstanceAdmin) throw new AppError("INSTANCE_ADMIN_REQUIRED");
  const after = q.cursor === undefined ? undefined : parseGroupCursor(q.cursor);
  if (after === null) throw badCursor();
  const since = new Date(now.getTime() - MONITOR_RANGE_SECONDS[q.range] * 1000);
  const bucket = bucketOf(q.range);
  const [rows, totals] = await Promise.all([
    repo.errorGroups(ctx.db, { since, type: q.type, after, limit: q.limit + 1 }),
    repo.errorGroupTotals(ctx.db, { since, type: q.type }),
  ]);
  const page = rows.slice(0, q.limit);
  const [trends, latest] = await Promise.all([
    repo.errorGroupTrends(ctx.db, page, since, bucket),
    Promise.all(page.map((g) => repo.latestInGroup(ctx.db, g, since, 1))),
  ]);
  const starts = bucketStarts(since, now, bucket);
  const groups = page.flatMap((g, i) => {
    const last = latest[i]?.[0];
    if (!last) return []; // pruned between the two reads
    const id = groupId(g);
    const counts = new Map(trends.filter((t) => groupId(t) === id).map((t) => [t.bucketMs, t.n]));
    return [
      {
        id,
        type: g.type as ErrorGroup["type"],
        field: g.field,
        component: g.component,
        count: g.n,
        first_seen: new Date(g.firstMs).toISOString(),
        last_seen: new Date(g.lastMs).toISOString(),
        trend: trendOf(starts, counts),
        latest: example(last),
      },
    ];
  });
  const more = rows.length > q.limit;
  return {
    range: q.range,
    bucket,
    total_reports: totals.reports,
    total_groups: totals.groups,
    groups,
    next_cursor: more && page.length ? groupCursor(page[page.length - 1]!) : null,
  };
}

/** One group within the range: counts by severity, trend and its newest 10 reports. */
export async function errorGroupDetail(
  ctx: Ctx,
  auth: AuthContext,
  id: string,
  range: MonitorRange,
  now = new Date(),
): Promise<ErrorGroupDetail> {
  if (!auth.isInstanceAdmin) throw new AppError("INSTANCE_ADMIN_REQUIRED");
  const key = parseGroupId(id);
  if (!key) throw new AppError("MONITOR_ERROR_GROUP_NOT_FOUND");
  const since = new Date(now.getTime() - MONITOR_RANGE_SECONDS[range] * 1000);
  const bucket = bucketOf(range);
  const [summary, examples, trends] = await Promise.all([
    repo.errorGroupSummary(ctx.db, key, since),
    repo.latestInGroup(ctx.db, key, since, 10),
    repo.errorGroupTrends(ctx.db, [key], since, bucket),
  ]);
  if (!summary || examples.length === 0) throw new AppError("MONITOR_ERROR_GROUP_NOT_FOUND");
  return {
    id: groupId(key),
    type: key.type as ErrorGroup["type"],
    field: key.field,
    component: key.component,
    count: summary.n,
    first_seen: new Date(summary.firstMs).toISOString(),
    last_seen: new Date(summary.lastMs).toISOString(),
    trend: trendOf(bucketStarts(since, now, bucket), new Map(trends.map((t) => [t.bucketMs, t.n]))),
    latest: example(examples[0]!),
    range,
    bucket,
    by_severity: summary.bySeverity,
    examples: examples.map(example),
  };
}
