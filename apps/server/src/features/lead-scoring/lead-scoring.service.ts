/**
 * Lead scoring's rules (docs/analytics/lead-scoring.md): the data a training would use and the
 * minimum it needs, the training job (load → cross-validate → fit → store → score every lead), the
 * rescoring of new and changed leads, and the reads: the model, the ranked predictions, one lead's reasons.
 */
import {
  LEAD_SCORE_MINIMUM,
  type LeadPredictionPage,
  type LeadScoreDataCounts,
  type LeadScoreExplanation,
  type LeadScoreModel,
  type LeadScoreModelSummary,
  type LeadScoreOverview,
  type LeadScoreTarget,
  type LeadScoreTrainInput,
  type LeadScoreTrainJob,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/client.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { badCursor, decodeKeyset, encodeKeyset } from "../../platform/keyset-cursor.ts";
import { describe } from "./lead-scoring.features.ts";
import * as repo from "./lead-scoring.repository.ts";
import { LAMBDA, scoreLead, trainOnExamples } from "./lead-scoring.training.ts";

type Ctx = Pick<AppContext, "db" | "log">;
export const TRAIN_JOB = "lead-scoring.train";
export const RESCORE_JOB = "lead-scoring.rescore";
const DAY_MS = 86_400_000;
const SCORE_CHUNK = 1000;
/** Reasons shown beside a lead in the ranked list. */
const TOP_REASONS = 3;

// --- data counts --------------------------------------------------------------------------------

async function loadExamples(ctx: Ctx, workspaceId: string, target: LeadScoreTarget, from: Date, to: Date) {
  const contacted = await repo.contactedLeadIds(ctx.db, workspaceId, from, to);
  const positives = await repo.positiveLeadIds(ctx.db, workspaceId, target, from);
  return { contacted, positives };
}

function counts(target: LeadScoreTarget, days: number, contacted: string[], positives: Set<string>): LeadScoreDataCounts {
  const pos = contacted.filter((id) => positives.has(id)).length;
  const neg = contacted.length - pos;
  return {
    target,
    days,
    contacted: contacted.length,
    positives: pos,
    negatives: neg,
    needed: { ...LEAD_SCORE_MINIMUM },
    enough: contacted.length >= LEAD_SCORE_MINIMUM.contacted && pos >= LEAD_SCORE_MINIMUM.positives && neg >= LEAD_SCORE_MINIMUM.negatives,
  };
}

export async function dataCounts(ctx: Ctx, workspaceId: string, target: LeadScoreTarget, days: number, now = new Date()) {
  const from = new Date(now.getTime() - days * DAY_MS);
  const { contacted, positives } = await loadExamples(ctx, workspaceId, target, from, now);
  return counts(target, days, contacted, positives);
}

function notEnough(c: LeadScoreDataCounts): AppError {
  const what = c.target === "reply" ? "replied" : "booked a meeting";
  return new AppError(
    "LEAD_SCORING_NOT_ENOUGH_DATA",
    `A model needs at least ${c.needed.contacted} contacted leads, ${c.needed.positives} who ${what} and ${c.needed.negatives} who did not, ` +
      `in the last ${c.days} days; this workspace has ${c.contacted} contacted, ${c.positives} who ${what} and ${c.negatives} who did not`,
    { count: c.contacted },
  );
}

// --- mapping ------------------------------------------------------------------------------------

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toSummary(m: repo.ModelRow): LeadScoreModelSummary {
  return {
    id: m.id,
    version: m.version,
    kind: "lead_score",
    status: m.status,
    target: m.target,
    training_from: m.trainingFrom.toISOString(),
    training_to: m.trainingTo.toISOString(),
    n: m.n,
    positives: m.positives,
    cv_auc: m.cvAuc,
    trained_at: m.trainedAt.toISOString(),
  };
}

function toModel(m: repo.ModelRow, scored: number): LeadScoreModel {
  return {
    ...toSummary(m),
    fold_aucs: m.metrics.foldAucs,
    lambda: m.metrics.lambda,
    iterations: m.metrics.iterations,
    weights: m.features.columns.map((column, j) => {
      const d = describe(column);
      const weight = m.weights[j] ?? 0;
      return {
        feature: column,
        label: d.label,
        group: d.group,
        kind: d.kind,
        weight,
        odds_ratio: Math.round(Math.exp(weight) * 10_000) / 10_000,
        support: m.metrics.support[j] ?? 0,
      };
    }),
    calibration: m.metrics.calibration,
    roc: m.metrics.roc,
    scored_leads: scored,
    scored_at: iso(m.scoredAt),
  };
}

function toJob(j: repo.JobRow, version: number | null): LeadScoreTrainJob {
  return {
    id: j.id,
    status: j.status,
    stage: j.stage,
    progress: j.progress,
    target: j.target,
    days: j.days,
    error: j.error,
    model_version: version,
    created_at: j.createdAt.toISOString(),
    started_at: iso(j.startedAt),
    finished_at: iso(j.finishedAt),
  };
}

async function jobView(ctx: Ctx, workspaceId: string, j: repo.JobRow): Promise<LeadScoreTrainJob> {
  let version: number | null = null;
  if (j.modelId) version = (await repo.modelHistory(ctx.db, workspaceId, 50)).find((m) => m.id === j.modelId)?.version ?? null;
  return toJob(j, version);
}

// --- reads --------------------------------------------------------------------------------------

export async function overview(ctx: Ctx, workspaceId: string, q: { target: LeadScoreTarget; days: number }): Promise<LeadScoreOverview> {
  const [history, data, latest] = await Promise.all([
    repo.modelHistory(ctx.db, workspaceId, 20),
    dataCounts(ctx, workspaceId, q.target, q.days),
    repo.latestJob(ctx.db, workspaceId),
  ]);
  const active = history.find((m) => m.status === "active") ?? null;
  const scored = active ? await repo.countPredictions(ctx.db, workspaceId, active.id, false) : 0;
  return {
    active: active ? toModel(active, scored) : null,
    history: history.map(toSummary),
    data,
    latest_job: latest ? await jobView(ctx, workspaceId, latest) : null,
  };
}

export async function trainJob(ctx: Ctx, workspaceId: string, id: string): Promise<LeadScoreTrainJob> {
  const j = await repo.getJob(ctx.db, workspaceId, id);
  if (!j) throw new AppError("LEAD_SCORING_JOB_NOT_FOUND");
  return jobView(ctx, workspaceId, j);
}

const encodeCursor = (p: number, id: string) => encodeKeyset(p, id);
function decodeCursor(c: string): { probability: number; leadId: string } {
  const [p, id] = decodeKeyset(c) ?? [];
  const probability = typeof p === "number" ? p : Number.NaN;
  if (!id || !isUuid(id) || !Number.isFinite(probability)) throw badCursor();
  return { probability, leadId: id };
}

export async function predictions(
  ctx: Ctx,
  workspaceId: string,
  q: { uncontacted: boolean; limit: number; cursor?: string },
): Promise<LeadPredictionPage> {
  const model = await repo.activeModel(ctx.db, workspaceId);
  if (!model) throw new AppError("LEAD_SCORING_NO_MODEL");
  const after = q.cursor ? decodeCursor(q.cursor) : null;
  const [rows, total] = await Promise.all([
    repo.predictionsPage(ctx.db, workspaceId, model.id, q.uncontacted, after, q.limit + 1),
    repo.countPredictions(ctx.db, workspaceId, model.id, q.uncontacted),
  ]);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      lead_id: r.leadId,
      name: [r.firstName, r.lastName].filter(Boolean).join(" ") || null,
      email: r.email,
      company: r.company,
      title: r.title,
      probability: r.probability,
      contacted: r.contacted,
      reasons: r.contributions.slice(0, TOP_REASONS),
      model_version: model.version,
      scored_at: r.scoredAt.toISOString(),
    })),
    next_cursor: rows.length > q.limit && last ? encodeCursor(last.probability, last.leadId) : null,
    total,
    model: toSummary(model),
  };
}

/** One lead's score and all its reasons from the active model (exported for the features above: `leadScore`). */
export async function explain(ctx: Ctx, workspaceId: string, leadId: string): Promise<LeadScoreExplanation> {
  const model = await repo.activeModel(ctx.db, workspaceId);
  if (!model) throw new AppError("LEAD_SCORING_NO_MODEL");
  const p = await repo.prediction(ctx.db, workspaceId, leadId);
  if (!p || p.modelId !== model.id) throw new AppError("LEAD_SCORING_LEAD_NOT_SCORED");
  return {
    lead_id: leadId,
    probability: p.probability,
    contacted: p.contacted,
    baseline: model.weights[0] ?? 0,
    contributions: p.contributions,
    model: toSummary(model),
    scored_at: p.scoredAt.toISOString(),
  };
}

// --- training -----------------------------------------------------------------------------------

/** Refuses below the minimum (409 with the counts) or while a training runs; else queues the job. */
export async function startTraining(
  ctx: Ctx & Pick<AppContext, "jobs">,
  workspaceId: string,
  userId: string | null,
  input: LeadScoreTrainInput,
): Promise<LeadScoreTrainJob> {
  const c = await dataCounts(ctx, workspaceId, input.target, input.days);
  if (!c.enough) throw notEnough(c);
  const job = await transaction(ctx.db, (tx) =>
    repo.insertJobUnlessRunning(tx, { workspaceId, target: input.target, days: input.days, requestedBy: userId }),
  );
  if (!job) throw new AppError("LEAD_SCORING_TRAINING_RUNNING");
  await ctx.jobs.send(TRAIN_JOB, { jobId: job.id }, { singletonKey: `lead-scoring-train:${job.id}` });
  return toJob(job, null);
}

/** The training job's handler: idempotent (a finished job is left alone; a retried one starts over). */
export async function performTraining(ctx: Ctx, jobId: string, now = new Date()): Promise<void> {
  const job = await repo.jobById(ctx.db, jobId);
  if (!job || job.status === "done" || job.status === "failed") return;
  const ws = job.workspaceId;
  const step = (stage: string, progress: number) => repo.updateJob(ctx.db, jobId, { stage, progress });
  await repo.updateJob(ctx.db, jobId, {
    status: "running",
    startedAt: new Date(),
    stage: "Loading contacted leads and outcomes",
    progress: 2,
  });
  try {
    const from = new Date(now.getTime() - job.days * DAY_MS);
    const { contacted, positives } = await loadExamples(ctx, ws, job.target, from, now);
    const c = counts(job.target, job.days, contacted, positives);
    if (!c.enough) throw notEnough(c);
    const examples = await repo.leadFeaturesByIds(ctx.db, ws, contacted);
    const labels: number[] = examples.map((e) => (positives.has(e.id) ? 1 : 0));
    await step("Cross-validating (fold 1 of 5)", 10);
    const trained = await trainOnExamples(examples, labels, (done, of) =>
      step(
        done < of - 1 ? `Cross-validating (fold ${done + 1} of ${of - 1})` : done < of ? "Fitting the final model" : "Storing the model",
        10 + Math.round((done / of) * 70),
      ),
    );
    const model = await transaction(ctx.db, (tx) =>
      repo.insertActiveModel(tx, {
        workspaceId: ws,
        target: job.target,
        features: trained.spec,
        weights: trained.weights,
        metrics: {
          foldAucs: trained.foldAucs,
          calibration: trained.calibration,
          roc: trained.roc,
          lambda: LAMBDA,
          iterations: trained.iterations,
          support: trained.support,
        },
        trainingFrom: from,
        trainingTo: now,
        n: examples.length,
        positives: labels.reduce((s, v) => s + v, 0),
        cvAuc: trained.cvAuc,
        trainedAt: new Date(),
        trainedBy: job.requestedBy,
      }),
    );
    await repo.updateJob(ctx.db, jobId, { modelId: model.id });
    await scoreAll(ctx, ws, model, (done) =>
      step(`Scoring leads (${done.toLocaleString("en")} so far)`, Math.min(99, 82 + Math.floor(done / 1000))),
    );
    await repo.updateJob(ctx.db, jobId, { status: "done", stage: "Done", progress: 100, finishedAt: new Date() });
  } catch (err) {
    const message = err instanceof AppError ? err.message : "The training stopped on an internal error; try again";
    await repo.updateJob(ctx.db, jobId, { status: "failed", stage: "Failed", error: message, finishedAt: new Date() });
    if (!(err instanceof AppError)) throw err;
  }
}

async function scoreRows(ctx: Ctx, ws: string, model: repo.ModelRow, rows: Awaited<ReturnType<typeof repo.leadFeaturesPage>>, at: Date) {
  const contacted = await repo.contactedAmong(
    ctx.db,
    rows.map((r) => r.id),
  );
  await repo.upsertPredictions(
    ctx.db,
    rows.map((lead) => {
      const s = scoreLead(model.features, model.weights, lead);
      return {
        leadId: lead.id,
        kind: repo.KIND,
        workspaceId: ws,
        modelId: model.id,
        probability: s.probability,
        contacted: contacted.has(lead.id),
        contributions: s.contributions,
        scoredAt: at,
      };
    }),
  );
}

/** Scores every lead of the workspace with a new model, a chunk at a time. */
async function scoreAll(ctx: Ctx, ws: string, model: repo.ModelRow, progress: (done: number) => Promise<void>): Promise<number> {
  const started = new Date();
  let after: string | null = null;
  let done = 0;
  for (;;) {
    const rows = await repo.leadFeaturesPage(ctx.db, ws, after, SCORE_CHUNK);
    if (!rows.length) break;
    await scoreRows(ctx, ws, model, rows, new Date());
    done += rows.length;
    after = rows.at(-1)!.id;
    await progress(done);
  }
  await repo.setScoredAt(ctx.db, model.id, started);
  return done;
}

/**
 * The rescoring pass (a job per workspace with a model): leads new or changed since their score get
 * one, and leads sent to since the last pass stop counting as uncontacted. Never touches leads.score.
 */
export async function rescoreWorkspace(ctx: Ctx, workspaceId: string): Promise<{ scored: number; contacted: number }> {
  const model = await repo.activeModel(ctx.db, workspaceId);
  if (!model) return { scored: 0, contacted: 0 };
  const started = new Date();
  let scored = 0;
  // A lead changed while this pass runs comes back; one seen already waits for the next pass (no endless loop).
  const seen = new Set<string>();
  for (;;) {
    const rows = (await repo.staleLeads(ctx.db, workspaceId, model.id, SCORE_CHUNK)).filter((r) => !seen.has(r.id));
    if (!rows.length) break;
    for (const r of rows) seen.add(r.id);
    await scoreRows(ctx, workspaceId, model, rows, new Date());
    scored += rows.length;
  }
  // A minute of overlap: a message committed with a sent_at just before the last pass started.
  const since = new Date((model.scoredAt ?? model.trainedAt).getTime() - 60_000);
  const contacted = await repo.markContactedSince(ctx.db, workspaceId, since);
  await repo.setScoredAt(ctx.db, model.id, started);
  return { scored, contacted };
}

export async function queueRescores(ctx: Ctx & Pick<AppContext, "jobs">): Promise<number> {
  const list = await repo.workspacesWithModel(ctx.db);
  for (const w of list)
    await ctx.jobs.send(RESCORE_JOB, { workspaceId: w.workspaceId }, { singletonKey: `lead-scoring-rescore:${w.workspaceId}` });
  return list.length;
}

/** For the features above (recommendations, reports): a lead's probability and reasons, or null without a model or score. */
export async function leadScore(ctx: Ctx, workspaceId: string, leadId: string): Promise<LeadScoreExplanation | null> {
  try {
    return await explain(ctx, workspaceId, leadId);
  } catch (err) {
    if (err instanceof AppError && (err.code === "LEAD_SCORING_NO_MODEL" || err.code === "LEAD_SCORING_LEAD_NOT_SCORED")) return null;
    throw err;
  }
}

export async function models(ctx: Ctx, workspaceId: string): Promise<LeadScoreModelSummary[]> {
  return (await repo.modelHistory(ctx.db, workspaceId, 50)).map(toSummary);
}
