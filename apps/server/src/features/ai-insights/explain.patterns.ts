/**
 * /explainability/patterns: which lead and message attributes go with replies or meetings. Each
 * cell is a rate with its Wilson interval, its lift over the workspace's average for the same unit
 * (contacted lead or sent message) and its distance from that average in standard errors, the
 * evidence the list is sorted by. Cells under the minimum sample are counted, not shown.
 */
import type { PatternCell, PatternDimension, PatternOutcome, PatternsResult } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { wilson } from "../../platform/stats.ts";
import { DAY_MS } from "../../platform/utc-days.ts";
import * as repo from "./explain.repository.ts";

type Ctx = Pick<AppContext, "db">;
const WEEKDAY = ["", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const CACHE_MS = 5 * 60_000;
const cache = new Map<string, { at: number; value: PatternsResult }>();

type Tally = Map<string, { n: number; s: number }>;
function add(t: Tally, key: string, n: number, success: boolean) {
  const c = t.get(key) ?? { n: 0, s: 0 };
  c.n += n;
  if (success) c.s += n;
  t.set(key, c);
}

const round = (x: number, d = 4) => Math.round(x * 10 ** d) / 10 ** d;

function cells(dimension: PatternDimension, unit: "lead" | "message", t: Tally, avg: number, minN: number) {
  const shown: PatternCell[] = [];
  let hidden = 0;
  for (const [value, c] of t) {
    if (c.n < minN) {
      hidden++;
      continue;
    }
    const rate = c.s / c.n;
    const se = Math.sqrt((avg * (1 - avg)) / c.n);
    shown.push({
      dimension,
      unit,
      value,
      n: c.n,
      successes: c.s,
      estimate: wilson(c.s, c.n),
      lift: avg > 0 ? round(rate / avg, 3) : null,
      evidence: se > 0 ? round(Math.abs(rate - avg) / se, 3) : 0,
    });
  }
  return { shown, hidden };
}

export async function computePatterns(
  ctx: Ctx,
  workspaceId: string,
  outcome: PatternOutcome,
  days: number,
  minN: number,
  now = new Date(),
) {
  const from = new Date(now.getTime() - days * DAY_MS);
  const [leadRows, msgRows] = await Promise.all([
    repo.leadCube(ctx.db, workspaceId, outcome, from),
    repo.messageCube(ctx.db, workspaceId, outcome, from),
  ]);
  const lead: Record<"industry" | "seniority" | "company_size" | "source", Tally> = {
    industry: new Map(),
    seniority: new Map(),
    company_size: new Map(),
    source: new Map(),
  };
  let ln = 0;
  let ls = 0;
  for (const r of leadRows) {
    ln += r.n;
    if (r.success) ls += r.n;
    add(lead.industry, r.industry?.trim() || "unknown", r.n, r.success);
    add(lead.seniority, r.seniority?.trim() || "unknown", r.n, r.success);
    add(lead.company_size, r.size, r.n, r.success);
    add(lead.source, r.source, r.n, r.success);
  }
  const msg: Record<"subject_length" | "personalized" | "step" | "send_hour" | "send_weekday", Tally> = {
    subject_length: new Map(),
    personalized: new Map(),
    step: new Map(),
    send_hour: new Map(),
    send_weekday: new Map(),
  };
  let mn = 0;
  let ms = 0;
  for (const r of msgRows) {
    mn += r.n;
    if (r.success) ms += r.n;
    add(msg.subject_length, r.subject_length, r.n, r.success);
    add(msg.personalized, r.personalized ? "name or company in subject" : "not personalized", r.n, r.success);
    add(msg.step, `step ${r.step + 1}`, r.n, r.success);
    add(msg.send_hour, `${String(r.hour).padStart(2, "0")}:00 UTC`, r.n, r.success);
    add(msg.send_weekday, WEEKDAY[r.weekday] ?? String(r.weekday), r.n, r.success);
  }
  const all: PatternCell[] = [];
  let hidden = 0;
  for (const [dim, t] of Object.entries(lead)) {
    const c = cells(dim as PatternDimension, "lead", t, ln ? ls / ln : 0, minN);
    all.push(...c.shown);
    hidden += c.hidden;
  }
  for (const [dim, t] of Object.entries(msg)) {
    const c = cells(dim as PatternDimension, "message", t, mn ? ms / mn : 0, minN);
    all.push(...c.shown);
    hidden += c.hidden;
  }
  all.sort((a, b) => b.evidence - a.evidence || b.n - a.n || a.dimension.localeCompare(b.dimension) || a.value.localeCompare(b.value));
  return {
    outcome,
    days,
    min_n: minN,
    leads: { n: ln, successes: ls, estimate: wilson(ls, ln) },
    messages: { n: mn, successes: ms, estimate: wilson(ms, mn) },
    cells: all,
    hidden,
    computed_at: now.toISOString(),
  } satisfies PatternsResult;
}

/** The patterns, cached per workspace and question for five minutes (the recount reads every sent message). */
export async function patterns(ctx: Ctx, workspaceId: string, q: { outcome: PatternOutcome; days: number; min_n: number }) {
  const key = `${workspaceId}:${q.outcome}:${q.days}:${q.min_n}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
  const value = await computePatterns(ctx, workspaceId, q.outcome, q.days, q.min_n);
  if (cache.size > 500) cache.clear();
  cache.set(key, { at: Date.now(), value });
  return value;
}
