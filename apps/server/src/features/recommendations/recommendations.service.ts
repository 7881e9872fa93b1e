/**
 * Recommendations: generation (the rules, as a job with progress; stale advice expires), reading
 * (keyset pages), dismiss and snooze, the one-click apply through the owning feature's service
 * (with the permission the change needs, and the baseline recorded), and the evaluation that
 * judges each application against its baseline with the two-proportion z-test.
 */
import { createHash } from "node:crypto";
import type {
  Recommendation,
  RecommendationApplication,
  RecommendationApplicationPage,
  RecommendationApplicationQuery,
  RecommendationListQuery,
  RecommendationPage,
  RecommendationRun,
  RecommendationSample,
  RecommendationVerdict,
} from "@prospector/contracts";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { badCursor, decodeKeyset, encodeKeyset } from "../../platform/keyset-cursor.ts";
import { twoProportionZTest, wilson } from "../../platform/stats.ts";
import { requirePermission } from "../access/index.ts";
import { removeLeads } from "../campaigns/index.ts";
import { applyToCampaign } from "../send-insights/index.ts";
import { declareWinner } from "../sending/index.ts";
import * as repo from "./recommendations.repository.ts";
import { type Candidate, RULES } from "./recommendations.rules.ts";

type Ctx = AppContext;
const DAY_MS = 86_400_000;

export const GENERATE_JOB = "recommendations.generate";
/** A recommendation not confirmed by a later run expires; one not regenerated at all expires after this. */
export const EXPIRES_AFTER_DAYS = 7;
/** The baseline is the target's reply rate over this many days before applying. */
export const BASELINE_DAYS = 30;
/** Judged once this many sends followed the change… */
export const EVALUATE_MIN_SENDS = 100;
/** …or after this many days with at least EVALUATE_FLOOR_SENDS. */
export const EVALUATE_AFTER_DAYS = 14;
export const EVALUATE_FLOOR_SENDS = 20;
/** Past this, an application with too few sends is closed as "no measurable change". */
export const EVALUATE_GIVE_UP_DAYS = 60;

/** The same workspace, kind and key always give the same id (a UUID-shaped digest). */
export function recommendationId(workspaceId: string, kind: string, key: string): string {
  const h = createHash("sha256").update(`${workspaceId}|${kind}|${key}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((Number.parseInt(h[16] as string, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

// ---------------------------------------------------------------- presenting

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function presentApplication(a: repo.ApplicationRow, o: repo.OutcomeRow | null): RecommendationApplication {
  return {
    id: a.id,
    recommendation_id: a.recommendationId,
    kind: a.kind,
    title: a.title,
    target: a.target,
    applied_at: a.appliedAt.toISOString(),
    applied_by: a.appliedBy,
    baseline: a.baseline,
    evaluate_after: a.evaluateAfter.toISOString(),
    min_sends: a.minSends,
    outcome: o ? { verdict: o.verdict, after: o.after, test: o.test, note: o.note, evaluated_at: o.evaluatedAt.toISOString() } : null,
  };
}

function present(r: repo.RecommendationRow, app: RecommendationApplication | null): Recommendation {
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    title: r.title,
    rationale: r.rationale,
    target: r.target,
    evidence: { figures: r.figures, test: r.test ?? null, source: r.source },
    expected: r.expected,
    action: { description: r.actionText, permission: r.permission },
    generated_at: r.generatedAt.toISOString(),
    expires_at: r.expiresAt.toISOString(),
    snoozed_until: iso(r.snoozedUntil),
    application: app,
  };
}

const encode = (at: Date, id: string) => encodeKeyset(at.toISOString(), id);
function decode(cursor: string | undefined): repo.Cursor | undefined {
  if (!cursor) return undefined;
  const [at, id] = decodeKeyset(cursor) ?? [];
  const d = new Date(typeof at === "string" ? at : "");
  if (!id || !isUuid(id) || Number.isNaN(d.getTime())) throw badCursor();
  return { at: d, id };
}

export async function listRecommendations(
  ctx: Ctx,
  workspaceId: string,
  q: z.output<typeof RecommendationListQuery>,
  now = new Date(),
): Promise<RecommendationPage> {
  await repo.wakeSnoozed(ctx.db, workspaceId, now);
  const rows = await repo.listRecommendations(ctx.db, workspaceId, {
    status: q.status,
    kind: q.kind,
    limit: q.limit,
    after: decode(q.cursor),
  });
  const page = rows.slice(0, q.limit);
  const apps = await repo.applicationsFor(
    ctx.db,
    workspaceId,
    page.map((r) => r.id),
  );
  const byRec = new Map(apps.map((x) => [x.app.recommendationId, presentApplication(x.app, x.outcome)]));
  const last = page.at(-1);
  return {
    items: page.map((r) => present(r, byRec.get(r.id) ?? null)),
    next_cursor: rows.length > q.limit && last ? encode(last.generatedAt, last.id) : null,
  };
}

async function load(ctx: Ctx, workspaceId: string, id: string): Promise<repo.RecommendationRow> {
  const row = isUuid(id) ? await repo.getRecommendation(ctx.db, workspaceId, id) : undefined;
  if (!row) throw new AppError("RECOMMENDATION_NOT_FOUND");
  return row;
}

export async function getRecommendation(ctx: Ctx, workspaceId: string, id: string): Promise<Recommendation> {
  const row = await load(ctx, workspaceId, id);
  const [x] = await repo.applicationsFor(ctx.db, workspaceId, [row.id]);
  return present(row, x ? presentApplication(x.app, x.outcome) : null);
}

export async function dismiss(ctx: Ctx, workspaceId: string, id: string): Promise<Recommendation> {
  await load(ctx, workspaceId, id);
  if (!(await repo.setStatus(ctx.db, workspaceId, id, "dismissed"))) throw new AppError("RECOMMENDATION_NOT_OPEN");
  return getRecommendation(ctx, workspaceId, id);
}

export async function snooze(ctx: Ctx, workspaceId: string, id: string, days: number, now = new Date()): Promise<Recommendation> {
  await load(ctx, workspaceId, id);
  if (!(await repo.setStatus(ctx.db, workspaceId, id, "snoozed", new Date(now.getTime() + days * DAY_MS))))
    throw new AppError("RECOMMENDATION_NOT_OPEN");
  return getRecommendation(ctx, workspaceId, id);
}

// ---------------------------------------------------------------- apply

async function sample(ctx: Ctx, ws: string, target: repo.RecommendationRow["target"], from: Date, to: Date): Promise<RecommendationSample> {
  const step = target.type === "campaign_step" && target.step ? target.step - 1 : null;
  const c = await repo.campaignRate(ctx.db, ws, target.campaign_id, step, from, to);
  return { sends: c.sends, replies: c.replies, estimate: wilson(c.replies, c.sends), from: from.toISOString(), to: to.toISOString() };
}

/** Does the change through the feature that owns it; a refusal there (state changed) is this feature's 409. */
async function perform(ctx: Ctx, auth: AuthContext, row: repo.RecommendationRow): Promise<void> {
  const a = row.action;
  const caller = { workspaceId: auth.workspaceId, userId: auth.userId };
  try {
    if (a.kind === "ab_winner") await declareWinner(ctx, caller, a.campaignId, a.step, { variant: a.variant });
    else if (a.kind === "send_window")
      await applyToCampaign(ctx, auth, {
        campaign_id: a.campaignId,
        days: a.days,
        metric: "reply",
        block_hours: a.blockHours,
        timezone_mode: "campaign",
      });
    else {
      const members = await repo.segmentMembers(ctx.db, auth.workspaceId, a.campaignId, a.dimension as repo.Dimension, a.value);
      if (!members.length) throw new AppError("RECOMMENDATION_TARGET_CHANGED", "None of the segment's leads is still to be mailed");
      await removeLeads(ctx, caller, a.campaignId, members);
    }
  } catch (err) {
    if (err instanceof AppError && err.status === 409 && err.code !== "RECOMMENDATION_TARGET_CHANGED")
      throw new AppError("RECOMMENDATION_TARGET_CHANGED", err.message);
    if (err instanceof AppError && err.status === 404 && !err.code.startsWith("RECOMMENDATION"))
      throw new AppError("RECOMMENDATION_TARGET_CHANGED", "What this recommendation would change no longer exists");
    throw err;
  }
}

export async function apply(ctx: Ctx, auth: AuthContext, id: string, now = new Date()): Promise<Recommendation> {
  const row = await load(ctx, auth.workspaceId, id);
  const [resource, action] = row.permission.split(":") as [string, string];
  await requirePermission(ctx, auth, resource, action);
  if (row.status !== "open" && row.status !== "snoozed") throw new AppError("RECOMMENDATION_NOT_OPEN");
  const baseline = await sample(ctx, auth.workspaceId, row.target, new Date(now.getTime() - BASELINE_DAYS * DAY_MS), now);
  await perform(ctx, auth, row);
  // Claimed after the change: a second click that raced this one finds it applied and records nothing twice.
  if (!(await repo.setStatus(ctx.db, auth.workspaceId, id, "applied"))) throw new AppError("RECOMMENDATION_NOT_OPEN");
  await repo.insertApplication(ctx.db, {
    workspaceId: auth.workspaceId,
    recommendationId: row.id,
    kind: row.kind,
    title: row.title,
    target: row.target,
    appliedBy: auth.userId,
    appliedAt: now,
    baseline,
    minSends: EVALUATE_MIN_SENDS,
    evaluateAfter: new Date(now.getTime() + EVALUATE_AFTER_DAYS * DAY_MS),
  });
  return getRecommendation(ctx, auth.workspaceId, id);
}

export async function listApplications(
  ctx: Ctx,
  workspaceId: string,
  q: z.output<typeof RecommendationApplicationQuery>,
): Promise<RecommendationApplicationPage> {
  const rows = await repo.listApplications(ctx.db, workspaceId, { limit: q.limit, after: decode(q.cursor) });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map((x) => presentApplication(x.app, x.outcome)),
    next_cursor: rows.length > q.limit && last ? encode(last.app.appliedAt, last.app.id) : null,
  };
}

// ---------------------------------------------------------------- evaluation

/** The verdict from the baseline and the sends since: a significant rise helped, a significant fall hurt. */
export function judge(before: { sends: number; replies: number }, after: { sends: number; replies: number }) {
  const test = twoProportionZTest(before.replies, before.sends, after.replies, after.sends);
  const verdict: RecommendationVerdict = !test.significant || test.z === null ? "no_measurable_change" : test.z > 0 ? "helped" : "hurt";
  return {
    verdict,
    test: { name: "Two-proportion z-test, reply rate after against the 30 days before", z: test.z, p_value: test.p_value },
  };
}

/** Judges the workspace's applications that have enough sends since (or ran out of time); answers how many. */
export async function evaluate(ctx: Ctx, workspaceId: string, now = new Date()): Promise<number> {
  let done = 0;
  for (const a of await repo.pendingApplications(ctx.db, workspaceId)) {
    const after = await sample(ctx, workspaceId, a.target, a.appliedAt, now);
    const age = now.getTime() - a.appliedAt.getTime();
    const ready = after.sends >= a.minSends || (now >= a.evaluateAfter && after.sends >= EVALUATE_FLOOR_SENDS);
    const giveUp = age >= EVALUATE_GIVE_UP_DAYS * DAY_MS;
    if (!ready && !giveUp) continue;
    const j = ready
      ? judge(a.baseline, after)
      : { verdict: "no_measurable_change" as const, test: { name: "Not tested: too few sends", z: null, p_value: null } };
    const note = ready
      ? `${after.sends} sends since applying replied at ${(100 * (after.estimate.rate ?? 0)).toFixed(1)} % against ${(100 * (a.baseline.estimate.rate ?? 0)).toFixed(1)} % in the ${BASELINE_DAYS} days before.`
      : `Only ${after.sends} sends in ${EVALUATE_GIVE_UP_DAYS} days since applying: too few to measure a change.`;
    if (
      await repo.saveOutcome(ctx.db, { workspaceId, applicationId: a.id, verdict: j.verdict, after, test: j.test, note, evaluatedAt: now })
    )
      done++;
  }
  return done;
}

// ---------------------------------------------------------------- generation

function toRow(ws: string, c: Candidate, now: Date): repo.NewRecommendation {
  return {
    id: recommendationId(ws, c.kind, c.key),
    workspaceId: ws,
    kind: c.kind,
    key: c.key,
    title: c.title,
    rationale: c.rationale,
    target: c.target,
    figures: c.figures,
    test: c.test,
    source: c.source,
    expected: c.expected,
    action: c.action,
    permission: c.permission,
    actionText: c.actionText,
    generatedAt: now,
    expiresAt: new Date(now.getTime() + EXPIRES_AFTER_DAYS * DAY_MS),
  };
}

const RULE_STEPS = ["A/B tests with a winner", "Best sending hours", "Segments without replies"];

/** Runs every rule, writes what fired, expires what no longer does, and judges pending applications. */
export async function runGeneration(ctx: Ctx, workspaceId: string, runId: string, now = new Date()): Promise<RecommendationRun> {
  const counts = { created: 0, refreshed: 0, expired: 0, evaluated: 0 };
  await repo.updateRun(ctx.db, runId, { status: "running", progress: 0, step: "Starting" });
  try {
    await repo.wakeSnoozed(ctx.db, workspaceId, now);
    for (let i = 0; i < RULES.length; i++) {
      await repo.updateRun(ctx.db, runId, { progress: Math.round((i / (RULES.length + 1)) * 100), step: RULE_STEPS[i] });
      const rule = RULES[i] as (typeof RULES)[number];
      for (const c of await rule(ctx, workspaceId, now)) {
        const r = await repo.upsertRecommendation(ctx.db, toRow(workspaceId, c, now));
        if (r === "created") counts.created++;
        else if (r === "refreshed") counts.refreshed++;
      }
    }
    counts.expired = await repo.expireStale(ctx.db, workspaceId, now, now);
    await repo.updateRun(ctx.db, runId, { progress: 90, step: "Judging applied recommendations" });
    counts.evaluated = await evaluate(ctx, workspaceId, now);
    const row = await repo.updateRun(ctx.db, runId, { status: "done", progress: 100, step: null, ...counts, finishedAt: new Date() });
    return presentRun(row as repo.RunRow);
  } catch (err) {
    ctx.log.error({ err, workspaceId }, "recommendations generation failed");
    const row = await repo.updateRun(ctx.db, runId, {
      status: "failed",
      error: err instanceof Error ? err.message : String(err),
      finishedAt: new Date(),
    });
    return presentRun(row as repo.RunRow);
  }
}

export function presentRun(r: repo.RunRow): RecommendationRun {
  return {
    id: r.id,
    status: r.status,
    progress: r.progress,
    step: r.step,
    created: r.created,
    refreshed: r.refreshed,
    expired: r.expired,
    evaluated: r.evaluated,
    error: r.error,
    started_at: r.startedAt.toISOString(),
    finished_at: iso(r.finishedAt),
  };
}

/** Queues a generation run (one at a time per workspace: a run under way is answered instead). */
export async function requestGeneration(
  ctx: Ctx,
  workspaceId: string,
  userId: string | null,
): Promise<{ run: RecommendationRun; created: boolean }> {
  const active = await repo.activeRun(ctx.db, workspaceId);
  if (active) return { run: presentRun(active), created: false };
  const run = await repo.insertRun(ctx.db, { workspaceId, requestedBy: userId, startedAt: new Date(), step: "Queued" });
  await ctx.jobs.send(GENERATE_JOB, { workspaceId, runId: run.id }, { singletonKey: run.id });
  return { run: presentRun(run), created: true };
}

export async function getRun(ctx: Ctx, workspaceId: string, id: string): Promise<RecommendationRun> {
  const row = isUuid(id) ? await repo.getRun(ctx.db, workspaceId, id) : undefined;
  if (!row) throw new AppError("RECOMMENDATION_RUN_NOT_FOUND");
  return presentRun(row);
}

export async function latestRun(ctx: Ctx, workspaceId: string): Promise<RecommendationRun | null> {
  const row = await repo.latestRun(ctx.db, workspaceId);
  return row ? presentRun(row) : null;
}

/** The daily schedule: a run for every workspace that sent in the last 90 days or has an application to judge. */
export async function dailyTick(ctx: Ctx, now = new Date()): Promise<number> {
  let n = 0;
  const active = await repo.activeWorkspaces(ctx.db, new Date(now.getTime() - 90 * DAY_MS));
  for (const ws of new Set([...active, ...(await repo.workspacesWithPending(ctx.db))])) {
    if ((await requestGeneration(ctx, ws, null)).created) n++;
  }
  return n;
}
