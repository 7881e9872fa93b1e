/**
 * The pipeline's answers with their cache (pipeline_snapshots: used while fresh, recomputed when
 * deals changed since), the scope of a request (a rep sees their own deals), and the health
 * actions, executed through the CRM's services and recorded in the access audit.
 */
import {
  type AlertsQuery,
  type BottlenecksAnswer,
  type BottlenecksQuery,
  CrmTaskCreate,
  type DataQuality,
  type DealHealth,
  type DealInsights,
  DealUpdate,
  type Forecast,
  type ForecastMethod,
  type ForecastQuery,
  type HealthAction,
  type HealthActionResult,
  type HealthOverview,
  type HealthOverviewQuery,
  type PipelineRole,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError, validationError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { createTask, moveDeal, updateDeal } from "../crm/index.ts";
import { computeAlerts, computeDataQuality, dealInsights as insightsOf, loadDealFacts } from "./pipeline.alerts.ts";
import { severityRank } from "./pipeline.bottlenecks.ts";
import { computeBottlenecks, computeForecast, computeOverview } from "./pipeline.compute.ts";
import { dealHealth as healthOf } from "./pipeline.health.ts";
import type { Scope } from "./pipeline.repository.ts";
import * as repo from "./pipeline.repository.ts";
import * as snapshots from "./pipeline.snapshots.repository.ts";

type Ctx = AppContext;

/** `role=sales_rep` (or a caller whose role is sales_rep) sees only their own deals. */
export function scopeOf(auth: Pick<AuthContext, "workspaceId" | "userId" | "role">, role?: PipelineRole): Scope {
  const own = role === "sales_rep" || auth.role === "sales_rep";
  return { workspaceId: auth.workspaceId, ownerId: own ? auth.userId : null };
}
const scopeKey = (s: Scope) => (s.ownerId ? `own:${s.ownerId}` : "all");
const scopeName = (s: Scope) => (s.ownerId ? ("own" as const) : ("all" as const));

interface Cached<T> {
  payload: T;
  computedAt: Date;
  fromCache: boolean;
  durationMs: number | null;
}

/** The snapshot while fresh (and use_cache), else computed now and stored. */
async function cached<T>(ctx: Ctx, key: snapshots.SnapshotKey, useCache: boolean, compute: (now: Date) => Promise<T>): Promise<Cached<T>> {
  if (useCache) {
    const row = await snapshots.getSnapshot(ctx.db, key);
    if (row && !row.staleSince)
      return { payload: row.payload as T, computedAt: row.computedAt, fromCache: true, durationMs: row.durationMs };
  }
  const started = new Date();
  const t0 = performance.now();
  const payload = await compute(started);
  const durationMs = Math.round(performance.now() - t0);
  await snapshots.saveSnapshot(ctx.db, key, payload, started, durationMs);
  return { payload, computedAt: started, fromCache: false, durationMs };
}

const key = (s: Scope, kind: string, paramsKey = ""): snapshots.SnapshotKey => ({
  workspaceId: s.workspaceId,
  kind,
  scope: scopeKey(s),
  paramsKey,
});

export async function overview(ctx: Ctx, s: Scope, q: HealthOverviewQuery): Promise<HealthOverview> {
  const params = q.target === undefined ? "" : `target=${q.target}`;
  const r = await cached(ctx, key(s, "overview", params), q.use_cache, (now) => computeOverview(ctx, s, now, q.target));
  return { ...r.payload, scope: scopeName(s), computed_at: r.computedAt.toISOString(), from_cache: r.fromCache };
}

export async function bottlenecks(ctx: Ctx, s: Scope, q: BottlenecksQuery): Promise<BottlenecksAnswer> {
  // Stored with every severity; the threshold filters on the way out.
  const r = await cached(ctx, key(s, "bottlenecks"), q.use_cache, (now) => computeBottlenecks(ctx, s, now, "low"));
  const min = severityRank(q.severity_threshold);
  return {
    scope: scopeName(s),
    computed_at: r.computedAt.toISOString(),
    from_cache: r.fromCache,
    bottlenecks: r.payload.bottlenecks.filter((b) => severityRank(b.severity) >= min),
  };
}

export const forecastKey = (method: ForecastMethod, months: number) => `${method}:${months}`;

export async function forecast(ctx: Ctx, s: Scope, q: ForecastQuery): Promise<Forecast> {
  const r = await cached(ctx, key(s, "forecast", forecastKey(q.method, q.months_ahead)), q.use_cache, (now) =>
    computeForecast(ctx, s, now, q.method, q.months_ahead),
  );
  return { ...r.payload, scope: scopeName(s), computed_at: r.computedAt.toISOString(), from_cache: r.fromCache, duration_ms: r.durationMs };
}

export async function alerts(ctx: Ctx, s: Scope, q: AlertsQuery) {
  const all = await computeAlerts(ctx, s, new Date(), { severity: q.severity }, await overview(ctx, s, { use_cache: true }));
  return { alerts: all.slice(0, q.limit), total: all.length };
}

export async function dataQuality(ctx: Ctx, s: Scope): Promise<DataQuality> {
  const now = new Date();
  return { scope: scopeName(s), computed_at: now.toISOString(), ...(await computeDataQuality(ctx, s, now)) };
}

const dealId = (id: string) => {
  if (!isUuid(id)) throw new AppError("PIPELINE_DEAL_NOT_FOUND");
  return id;
};

export async function dealHealth(ctx: Ctx, workspaceId: string, id: string): Promise<DealHealth> {
  const now = new Date();
  return healthOf(await loadDealFacts(ctx, workspaceId, dealId(id), now), now);
}

export async function dealInsights(ctx: Ctx, workspaceId: string, id: string): Promise<DealInsights> {
  return insightsOf(ctx, workspaceId, dealId(id), new Date());
}

/** Recompute a workspace's stale snapshots (the precompute job), and its default forecast if it has none. */
export async function precompute(ctx: Ctx, workspaceId: string): Promise<number> {
  const stale = await snapshots.staleSnapshots(ctx.db, workspaceId);
  const all: Scope = { workspaceId, ownerId: null };
  const defaults = key(all, "forecast", forecastKey("monte_carlo", 6));
  if (!stale.some((k) => k.scope === "all" && k.kind === "forecast" && k.paramsKey === defaults.paramsKey)) {
    if (!(await snapshots.getSnapshot(ctx.db, defaults))) stale.push(defaults);
  }
  for (const k of stale) {
    const s: Scope = { workspaceId, ownerId: k.scope.startsWith("own:") ? k.scope.slice(4) : null };
    if (k.kind === "forecast") {
      const [method, months] = k.paramsKey.split(":");
      await cached(ctx, k, false, (now) => computeForecast(ctx, s, now, method as ForecastMethod, Number(months)));
    } else if (k.kind === "overview") {
      const target = k.paramsKey.startsWith("target=") ? Number(k.paramsKey.slice(7)) : undefined;
      await cached(ctx, k, false, (now) => computeOverview(ctx, s, now, target));
    } else if (k.kind === "bottlenecks") {
      await cached(ctx, k, false, (now) => computeBottlenecks(ctx, s, now, "low"));
    }
  }
  return stale.length;
}

// ---------------------------------------------------------------- actions

async function checkDeals(ctx: Ctx, workspaceId: string, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = new Set(await repo.dealsInWorkspace(ctx.db, workspaceId, unique));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length) throw new AppError("PIPELINE_DEAL_NOT_FOUND", `Deal not found: ${missing.join(", ")}`);
  return unique;
}

async function checkMember(ctx: Ctx, workspaceId: string, userId: string, field: string): Promise<void> {
  if (!(await repo.isMember(ctx.db, workspaceId, userId))) {
    throw new AppError("PIPELINE_USER_NOT_MEMBER", undefined, { errors: [{ field, message: "Not a member of this workspace" }] });
  }
}

/**
 * Every record is checked before anything is written: an unknown deal is a 404, an unknown stage or
 * a non-member owner a 422 naming the parameter. Then each deal goes through the CRM's own rules
 * (stage history, closed_at, the pipeline's stale mark), and the action is audited.
 */
export async function runAction(ctx: Ctx, auth: AuthContext, action: HealthAction): Promise<HealthActionResult> {
  const ws = auth.workspaceId;
  const caller = { workspaceId: ws, userId: auth.userId };
  const reason = action.reason || null;
  let result: HealthActionResult;
  if (action.action_type === "reassign") {
    const ids = await checkDeals(ctx, ws, action.parameters.deal_ids);
    await checkMember(ctx, ws, action.parameters.owner_id, "parameters.owner_id");
    const update = DealUpdate.parse({ owner_id: action.parameters.owner_id });
    for (const id of ids) await updateDeal(ctx, caller, id, update);
    result = base(action.action_type, ids, `${ids.length} deal${ids.length === 1 ? "" : "s"} reassigned`);
  } else if (action.action_type === "move_stage") {
    const ids = await checkDeals(ctx, ws, action.parameters.deal_ids);
    const stage = (await repo.stages(ctx.db, ws)).find((st) => st.id === action.parameters.stage_id);
    if (!stage)
      throw new AppError("PIPELINE_STAGE_NOT_FOUND", undefined, {
        errors: [{ field: "parameters.stage_id", message: "No such stage in this workspace" }],
      });
    for (const id of ids) await moveDeal(ctx, caller, id, { stage_id: stage.id });
    result = base(action.action_type, ids, `${ids.length} deal${ids.length === 1 ? "" : "s"} moved to ${stage.name}`);
  } else if (action.action_type === "create_task") {
    const p = action.parameters;
    const [id] = await checkDeals(ctx, ws, [p.deal_id]);
    if (p.assignee_id) await checkMember(ctx, ws, p.assignee_id, "parameters.assignee_id");
    const input = CrmTaskCreate.safeParse({
      title: p.title,
      deal_id: id,
      due_date: p.due_at ?? null,
      assignee_id: p.assignee_id ?? auth.userId,
      description: p.description ?? reason,
    });
    if (!input.success) {
      throw validationError(input.error.issues.map((i) => ({ field: `parameters.${i.path.join(".")}`, message: i.message })));
    }
    const task = await createTask(ctx, caller, input.data);
    result = { ...base(action.action_type, [id as string], `Task created: ${p.title}`), task_id: task.id };
  } else {
    const alertKey = action.parameters.alert_key;
    const scope = scopeOf(auth);
    const live = await computeAlerts(ctx, scope, new Date(), {}, await overview(ctx, scope, { use_cache: true }));
    const alert = live.find((a) => a.key === alertKey);
    if (!alert) throw new AppError("PIPELINE_ALERT_NOT_FOUND");
    const until = new Date(Date.now() + action.parameters.days * 86_400_000);
    await snapshots.snooze(ctx.db, { workspaceId: ws, alertKey, until, reason, userId: auth.userId });
    result = {
      ...base(action.action_type, alert.deal_ids, `Alert snoozed until ${until.toISOString().slice(0, 10)}`),
      alert_key: alertKey,
      snoozed_until: until.toISOString(),
    };
  }
  ctx.access.audit.record({
    workspaceId: ws,
    userId: auth.userId,
    event: `pipeline.action.${action.action_type}`,
    resource: "pipeline",
    action: action.action_type,
    resourceId: result.task_id ?? result.alert_key ?? result.deal_ids[0] ?? null,
    result: "ok",
    reason,
    detail: { parameters: action.parameters, affected: result.affected, deal_ids: result.deal_ids },
  });
  return result;
}

const base = (action_type: HealthAction["action_type"], ids: string[], message: string): HealthActionResult => ({
  action_type,
  affected: action_type === "snooze_alert" ? 1 : ids.length,
  deal_ids: ids,
  task_id: null,
  alert_key: null,
  snoozed_until: null,
  message,
});
