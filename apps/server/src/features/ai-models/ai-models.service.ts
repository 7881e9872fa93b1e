/**
 * The model registry's rules (docs/ai/models.md): each task's live version, every version with its
 * training data and metrics, and deployments — promote a version or roll back to the one before,
 * refused below the AUC floor unless forced with a reason, each recorded with who, when and why.
 * A lead-scoring deploy queues lead scoring's rescoring job, which rescores every lead whose
 * prediction came from another version.
 */
import {
  AI_MODEL_AUC_FLOOR,
  type AiModelDeployment,
  type AiModelDeploymentPage,
  type AiModelRegistry,
  type AiModelVersion,
  type AiModelVersionDetail,
  type AiModelVersionPage,
  type DeployResult,
  type RegistryEntry,
  type TrainedModelTask,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/client.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { badCursor, decodeKeyset, encodeKeyset } from "../../platform/keyset-cursor.ts";
import { describeColumn, RESCORE_JOB } from "../lead-scoring/index.ts";
import { builtinReplyIntent } from "./ai-models.reply-intent.ts";
import * as repo from "./ai-models.repository.ts";
import { cellLabel } from "./ai-models.send-time.ts";

type Ctx = Pick<AppContext, "db" | "log">;

export function toVersion(m: repo.ModelRow): AiModelVersion {
  return {
    id: m.id,
    task: m.kind as TrainedModelTask,
    version: m.version,
    status: m.status,
    target: m.target,
    training_from: m.trainingFrom.toISOString(),
    training_to: m.trainingTo.toISOString(),
    n: m.n,
    positives: m.positives,
    cv_auc: m.cvAuc,
    fold_aucs: m.metrics.foldAucs ?? [],
    size: m.weights.length,
    trained_at: m.trainedAt.toISOString(),
    trained_by: m.trainedByName,
  };
}

function toDetail(m: repo.ModelRow): AiModelVersionDetail {
  return {
    ...toVersion(m),
    weights: m.features.columns.map((column, j) => ({
      column,
      label: m.kind === "send_time" ? cellLabel(column) : describeColumn(column).label,
      weight: m.weights[j] ?? 0,
      support: m.metrics.support?.[j] ?? 0,
    })),
  };
}

const TASKS: { task: TrainedModelTask; label: string; metric: string; empty: string }[] = [
  {
    task: "lead_score",
    label: "Lead scoring",
    metric: "5-fold cross-validated AUC",
    empty: "No model yet: send campaigns and train one on /predictive-analytics",
  },
  {
    task: "send_time",
    label: "Send time",
    metric: "AUC on the latest fifth of the sends (trained on the earlier four fifths)",
    empty: "No model yet: send campaigns, then press Train (it needs 200 delivered messages and 10 replies)",
  },
];

export async function registry(ctx: Ctx, workspaceId: string): Promise<AiModelRegistry> {
  const counts = await repo.countVersions(ctx.db, workspaceId);
  const tasks: RegistryEntry[] = [];
  for (const t of TASKS) {
    const live = await repo.liveModel(ctx.db, workspaceId, t.task);
    tasks.push({
      task: t.task,
      label: t.label,
      trainable: true,
      metric: t.metric,
      live: live ? toVersion(live) : null,
      versions: counts.get(t.task) ?? 0,
      builtin: null,
      empty_reason: live ? null : t.empty,
    });
  }
  tasks.push(await builtinReplyIntent(ctx, workspaceId));
  return { tasks, auc_floor: AI_MODEL_AUC_FLOOR };
}

export async function versions(
  ctx: Ctx,
  workspaceId: string,
  q: { task: TrainedModelTask; limit: number; cursor?: string },
): Promise<AiModelVersionPage> {
  let before: number | null = null;
  if (q.cursor) {
    const v = Number(q.cursor);
    if (!Number.isInteger(v) || v < 1) throw badCursor();
    before = v;
  }
  const rows = await repo.versionsPage(ctx.db, workspaceId, q.task, before, q.limit + 1);
  const page = rows.slice(0, q.limit);
  return {
    items: page.map(toVersion),
    next_cursor: rows.length > q.limit ? String(page.at(-1)!.version) : null,
  };
}

export async function versionDetail(ctx: Ctx, workspaceId: string, task: TrainedModelTask, version: number): Promise<AiModelVersionDetail> {
  const m = await repo.modelByVersion(ctx.db, workspaceId, task, version);
  if (!m) throw new AppError("AI_MODELS_VERSION_NOT_FOUND");
  return toDetail(m);
}

// --- deployments --------------------------------------------------------------------------------

function toDeployment(d: repo.DeploymentRow | (Omit<repo.DeploymentRow, "actorName"> & { actorName?: string | null })): AiModelDeployment {
  return {
    id: d.id,
    task: d.task as TrainedModelTask,
    from_version: d.fromVersion,
    to_version: d.toVersion,
    action: d.action,
    forced: d.forced,
    reason: d.reason,
    by: d.actorName ?? null,
    at: d.createdAt.toISOString(),
  };
}

export async function deployments(
  ctx: Ctx,
  workspaceId: string,
  q: { task?: TrainedModelTask; limit: number; cursor?: string },
): Promise<AiModelDeploymentPage> {
  let after: { at: Date; id: string } | null = null;
  if (q.cursor) {
    const [at, id] = decodeKeyset(q.cursor) ?? [];
    if (typeof at !== "string" || !id || !isUuid(id) || Number.isNaN(Date.parse(at))) throw badCursor();
    after = { at: new Date(at), id };
  }
  const rows = await repo.deploymentsPage(ctx.db, workspaceId, q.task ?? null, after, q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map(toDeployment),
    next_cursor: rows.length > q.limit && last ? encodeKeyset(last.createdAt.toISOString(), last.id) : null,
  };
}

type DeployCtx = Ctx & Pick<AppContext, "jobs">;
interface Actor {
  workspaceId: string;
  userId: string | null;
}

async function switchTo(
  ctx: DeployCtx,
  actor: Actor,
  task: TrainedModelTask,
  version: number,
  action: "deploy" | "rollback",
  opts: { force: boolean; reason: string },
): Promise<DeployResult> {
  const { workspaceId } = actor;
  const result = await transaction(ctx.db, async (tx) => {
    await repo.lockKind(tx, workspaceId, task);
    const target = await repo.modelByVersion(tx, workspaceId, task, version);
    if (!target) throw new AppError("AI_MODELS_VERSION_NOT_FOUND");
    const live = await repo.liveModel(tx, workspaceId, task);
    if (live?.id === target.id) throw new AppError("AI_MODELS_ALREADY_LIVE", `Version ${version} is already live`);
    const below = target.cvAuc === null || target.cvAuc < AI_MODEL_AUC_FLOOR;
    if (below && !opts.force)
      throw new AppError(
        "AI_MODELS_BELOW_FLOOR",
        `Version ${version}'s AUC is ${target.cvAuc ?? "unknown"}, below the floor of ${AI_MODEL_AUC_FLOOR}: deploy it with force and a reason`,
      );
    await repo.setLive(tx, workspaceId, task, target.id);
    const d = await repo.insertDeployment(tx, {
      workspaceId,
      task,
      fromModelId: live?.id ?? null,
      fromVersion: live?.version ?? null,
      toModelId: target.id,
      toVersion: target.version,
      action,
      forced: below && opts.force,
      reason: opts.reason,
      actorId: actor.userId,
    });
    return { d, target: { ...target, status: "active" as const } };
  });
  let queued = false;
  if (task === "lead_score") {
    await ctx.jobs.send(RESCORE_JOB, { workspaceId }, { singletonKey: `lead-scoring-rescore:${workspaceId}` });
    queued = true;
  }
  const deployment = (await repo.deploymentsPage(ctx.db, workspaceId, task, null, 1))[0] ?? { ...result.d, actorName: null };
  return { deployment: toDeployment(deployment), live: toVersion(result.target), rescore_queued: queued };
}

export async function deploy(
  ctx: DeployCtx,
  actor: Actor,
  task: TrainedModelTask,
  input: { version: number; force: boolean; reason: string },
): Promise<DeployResult> {
  return switchTo(ctx, actor, task, input.version, "deploy", input);
}

/** Back to the version that was live before the current one (the last deployment's from-version, else the next lower version). */
export async function rollback(ctx: DeployCtx, actor: Actor, task: TrainedModelTask, input: { reason: string }): Promise<DeployResult> {
  const live = await repo.liveModel(ctx.db, actor.workspaceId, task);
  if (!live) throw new AppError("AI_MODELS_NO_LIVE_MODEL");
  const last = await repo.latestDeploymentTo(ctx.db, actor.workspaceId, live.id);
  const previous =
    last && last.createdAt >= live.trainedAt && last.fromVersion !== null
      ? last.fromVersion
      : await repo.versionBelow(ctx.db, actor.workspaceId, task, live.version);
  if (previous === null) throw new AppError("AI_MODELS_NO_PREVIOUS");
  // A rollback returns to a version that was live before: the floor does not stop it.
  return switchTo(ctx, actor, task, previous, "rollback", { force: true, reason: input.reason });
}
