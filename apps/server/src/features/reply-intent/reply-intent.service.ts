/**
 * Reply intent (docs/ai/reply-intent.md): classifies text on request and every received reply (the
 * "replies.received" hook), records each classification in the AI ledger, keeps people's
 * corrections (also a thumbs up or down on the ledger row), reports the model's measured quality
 * and live agreement, and reclassifies a workspace's replies after the model changes.
 */
import type {
  ReplyIntentClass,
  ReplyIntentClassifyInput,
  ReplyIntentJob,
  ReplyIntentLabel,
  ReplyIntentModel,
  ReplyIntentRepliesQuery,
  ReplyIntentReply,
  ReplyIntentReplyPage,
  ReplyIntentResult,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";
import { badCursor, decodeKeyset, encodeKeyset } from "../../platform/keyset-cursor.ts";
import { wilson } from "../../platform/stats.ts";
import { type AiCaller, rateAiAction, recordAiAction } from "../ai-ledger/index.ts";
import type { ReplyReceived } from "../replies/index.ts";
import { EVAL_CORPUS } from "./reply-intent.eval-corpus.ts";
import { type Evaluation, evaluate, scorePairs } from "./reply-intent.evaluation.ts";
import { builtinModel, type Classification, classifyWith, UNCLEAR_BELOW } from "./reply-intent.model.ts";
import * as repo from "./reply-intent.repository.ts";

type Ctx = Pick<AppContext, "db">;

export const RECLASSIFY_JOB = "reply-intent.reclassify";
const CHUNK = 200;
/** What the ledger keeps of a classified text. */
const LEDGER_TEXT = 2000;

/** The built-in classifier's answer for a reply's text and subject (no ledger row: callers record their own). */
export function classifyReply(text: string, subject = ""): Classification {
  return classifyWith(builtinModel(), text, subject);
}

export interface ReplyIntentModelInfo {
  version: string;
  algorithm: string;
  unclearBelow: number;
  training: { size: number; byClass: Record<string, number>; vocabulary: number };
  evaluation: Evaluation;
}

let info: ReplyIntentModelInfo | null = null;

/** The shipped model's version, training data and its figures on the evaluation corpus (measured once per process). */
export function replyIntentModelInfo(): ReplyIntentModelInfo {
  if (info) return info;
  const model = builtinModel();
  info = {
    version: model.version,
    algorithm: "Multinomial naive Bayes over word and word-pair presence, with out-of-office phrase rules",
    unclearBelow: UNCLEAR_BELOW,
    training: { size: model.size, byClass: model.byClass, vocabulary: model.vocabulary },
    evaluation: evaluate(EVAL_CORPUS, (text) => classifyWith(model, text).class),
  };
  return info;
}

const modelName = (version: string) => `reply-intent ${version}`;

async function record(ctx: Ctx, caller: AiCaller, c: Classification, input: { subject: string; text: string }, started: number) {
  return recordAiAction(ctx, caller, {
    model: modelName(c.modelVersion),
    input: { subject: input.subject, text: input.text.slice(0, LEDGER_TEXT) },
    output: { class: c.class, confidence: c.confidence, probabilities: c.probabilities },
    explanation: c.explanation,
    durationMs: Date.now() - started,
  });
}

/** POST /classify: try the classifier on any text; recorded in the ledger as the caller's. */
export async function classifyText(
  ctx: Ctx,
  workspaceId: string,
  userId: string,
  input: ReplyIntentClassifyInput,
): Promise<ReplyIntentResult> {
  const started = Date.now();
  const c = classifyReply(input.text, input.subject ?? "");
  const actionId = await record(
    ctx,
    { workspaceId, userId, kind: "reply_classification" },
    c,
    { subject: input.subject ?? "", text: input.text },
    started,
  );
  return {
    class: c.class,
    confidence: c.confidence,
    probabilities: c.probabilities,
    explanation: c.explanation,
    model_version: c.modelVersion,
    action_id: actionId,
  };
}

/** The "replies.received" handler: one classification per reply (a reply read twice keeps its first). */
export async function classifyReceived(ctx: Ctx, e: ReplyReceived): Promise<void> {
  if (await repo.intentExists(ctx.db, e.workspaceId, e.replyRef)) return;
  const refs = await repo.existingRefs(ctx.db, e.workspaceId, e.leadId, e.campaignId);
  const started = Date.now();
  const c = classifyReply(e.snippet, e.subject);
  const actionId = await record(
    ctx,
    {
      workspaceId: e.workspaceId,
      userId: null,
      kind: "reply_classification",
      subject: refs.leadId ? { type: "lead", id: refs.leadId } : undefined,
    },
    c,
    { subject: e.subject, text: e.snippet },
    started,
  );
  await repo.insertIntent(ctx.db, {
    workspaceId: e.workspaceId,
    replyRef: e.replyRef,
    leadId: refs.leadId,
    campaignId: refs.campaignId,
    fromAddress: e.from,
    subject: e.subject,
    snippet: e.snippet,
    class: c.class,
    predictedClass: c.class,
    confidence: c.confidence,
    explanation: c.explanation,
    modelVersion: c.modelVersion,
    actionId,
    receivedAt: e.occurredAt,
    classifiedAt: new Date(),
  });
}

const toReply = (r: repo.ReplyIntentRow): ReplyIntentReply => ({
  id: r.id,
  reply_ref: r.replyRef,
  lead_id: r.leadId,
  campaign_id: r.campaignId,
  from: r.fromAddress,
  subject: r.subject,
  snippet: r.snippet,
  class: r.class,
  predicted_class: r.predictedClass,
  confidence: r.confidence,
  corrected_class: r.correctedClass,
  corrected_at: r.correctedAt?.toISOString() ?? null,
  model_version: r.modelVersion,
  explanation: r.explanation,
  action_id: r.actionId,
  received_at: r.receivedAt.toISOString(),
  classified_at: r.classifiedAt.toISOString(),
});

export async function listReplies(ctx: Ctx, workspaceId: string, q: ReplyIntentRepliesQuery): Promise<ReplyIntentReplyPage> {
  let after: { receivedAt: Date; id: string } | null = null;
  if (q.cursor) {
    const [t, id] = decodeKeyset(q.cursor) ?? [];
    const at = typeof t === "string" ? new Date(t) : null;
    if (!at || Number.isNaN(at.getTime()) || typeof id !== "string") throw badCursor();
    after = { receivedAt: at, id };
  }
  const rows = await repo.listIntents(ctx.db, { workspaceId, class: q.class, campaignId: q.campaign_id, limit: q.limit, after });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map(toReply),
    next_cursor: rows.length > q.limit && last ? encodeKeyset(last.receivedAt.toISOString(), last.id) : null,
  };
}

/**
 * A person's class for a reply: kept beside the model's (which stays for evaluation), used by lists
 * from now on, and given to the ledger as feedback on the classification (thumbs up when it agrees).
 */
export async function correct(ctx: Ctx, workspaceId: string, userId: string, id: string, cls: ReplyIntentLabel): Promise<ReplyIntentReply> {
  const row = await repo.setCorrection(ctx.db, workspaceId, id, { correctedClass: cls, userId });
  if (!row) throw new AppError("REPLY_INTENT_REPLY_NOT_FOUND");
  if (row.actionId) {
    const agrees = row.predictedClass === cls;
    await rateAiAction(ctx, workspaceId, userId, {
      action_id: row.actionId,
      rating: agrees ? 1 : -1,
      comment: agrees ? `Confirmed: ${cls}` : `Corrected from ${row.predictedClass} to ${cls}`,
    });
  }
  return toReply(row);
}

const toJob = (j: repo.ReplyIntentJobRow): ReplyIntentJob => ({
  id: j.id,
  status: j.status,
  total: j.total,
  done: j.done,
  model_version: j.modelVersion,
  error: j.error,
  created_at: j.createdAt.toISOString(),
  finished_at: j.finishedAt?.toISOString() ?? null,
});

export async function modelOverview(ctx: Ctx, workspaceId: string): Promise<ReplyIntentModel> {
  const m = replyIntentModelInfo();
  const [counts, pairs, job] = await Promise.all([
    repo.liveCounts(ctx.db, workspaceId, m.version),
    repo.correctionPairs(ctx.db, workspaceId),
    repo.lastJob(ctx.db, workspaceId),
  ]);
  const live = scorePairs(pairs.map((p) => ({ actual: p.actual as ReplyIntentClass, predicted: p.predicted, n: Number(p.n) })));
  const agreed = live.confusion.matrix.reduce((s, row, i) => s + row[i]!, 0);
  return {
    version: m.version,
    algorithm: m.algorithm,
    unclear_below: m.unclearBelow,
    training: { size: m.training.size, by_class: m.training.byClass, vocabulary: m.training.vocabulary },
    evaluation: m.evaluation,
    live: {
      classified: counts.classified,
      corrected: counts.corrected,
      agreement: wilson(agreed, counts.corrected),
      confusion: live.confusion,
      stale: counts.stale,
    },
    last_job: job ? toJob(job) : null,
  };
}

/** Queues the reclassification of every reply another model version classified; 409 while one is queued or running. */
export async function startReclassify(ctx: Ctx & Pick<AppContext, "jobs">, workspaceId: string, userId: string): Promise<ReplyIntentJob> {
  if (await repo.activeJob(ctx.db, workspaceId)) throw new AppError("REPLY_INTENT_RECLASSIFY_RUNNING");
  const version = builtinModel().version;
  const total = await repo.countStale(ctx.db, workspaceId, version);
  let job: repo.ReplyIntentJobRow;
  try {
    job = await repo.insertJob(ctx.db, { workspaceId, requestedBy: userId, modelVersion: version, total });
  } catch (err) {
    // reply_intent_jobs_ws_active_uq: another request started one between the check and the insert.
    const e = err as { code?: string; cause?: { code?: string } };
    if ((e.cause?.code ?? e.code) === "23505") throw new AppError("REPLY_INTENT_RECLASSIFY_RUNNING");
    throw err;
  }
  await ctx.jobs.send(RECLASSIFY_JOB, { jobId: job.id }, { singletonKey: `reply-intent-reclassify:${job.id}` });
  return toJob(job);
}

export async function reclassifyJob(ctx: Ctx, workspaceId: string, id: string): Promise<ReplyIntentJob> {
  const job = await repo.findJob(ctx.db, id, workspaceId);
  if (!job) throw new AppError("REPLY_INTENT_JOB_NOT_FOUND");
  return toJob(job);
}

/** The job: chunks of replies by id, each classified and recorded again; progress after every chunk. Idempotent (only stale rows). */
export async function performReclassify(ctx: Ctx, jobId: string): Promise<void> {
  const job = await repo.findJob(ctx.db, jobId);
  if (!job || job.status === "done" || job.status === "failed") return;
  await repo.updateJob(ctx.db, jobId, { status: "running" });
  try {
    const model = builtinModel();
    let done = job.done;
    let afterId: string | null = null;
    for (;;) {
      const rows = await repo.staleChunk(ctx.db, job.workspaceId, model.version, afterId, CHUNK);
      if (!rows.length) break;
      for (const r of rows) {
        const started = Date.now();
        const c = classifyWith(model, r.snippet, r.subject);
        const actionId = await record(
          ctx,
          {
            workspaceId: r.workspaceId,
            userId: null,
            kind: "reply_classification",
            subject: r.leadId ? { type: "lead", id: r.leadId } : undefined,
          },
          c,
          { subject: r.subject, text: r.snippet },
          started,
        );
        await repo.updateClassification(ctx.db, r.id, {
          predictedClass: c.class,
          confidence: c.confidence,
          explanation: c.explanation,
          modelVersion: c.modelVersion,
          actionId,
          classifiedAt: new Date(),
        });
      }
      done += rows.length;
      afterId = rows.at(-1)!.id;
      await repo.updateJob(ctx.db, jobId, { done, total: Math.max(job.total, done) });
    }
    await repo.updateJob(ctx.db, jobId, { status: "done", finishedAt: new Date() });
  } catch (err) {
    await repo.updateJob(ctx.db, jobId, {
      status: "failed",
      error: err instanceof Error ? err.message : String(err),
      finishedAt: new Date(),
    });
    throw err;
  }
}

/** A campaign reply as the features above know it (its event), to find or create its classification. */
export interface ReplyEventRef {
  /** Stands for the reply when no classification was stored on receipt (replies older than reply intent). */
  eventId: string;
  leadId: string;
  campaignId: string | null;
  occurredAt: Date;
  subject: string;
  snippet: string;
}

export interface ReplyClassChange {
  intentId: string;
  previous: { class: ReplyIntentClass; corrected_class: ReplyIntentLabel | null; corrected_by: string | null; corrected_at: string | null };
}

/**
 * Sets a reply's class as a person's correction (an approved agent proposal): finds the reply's
 * stored classification by lead and received time, classifies and stores it first when there is
 * none, and returns what it replaced so the change can be reverted.
 */
export async function setReplyClass(
  ctx: Ctx,
  workspaceId: string,
  userId: string,
  reply: ReplyEventRef,
  cls: ReplyIntentLabel,
): Promise<ReplyClassChange> {
  let row = await repo.findByLeadAt(ctx.db, workspaceId, reply.leadId, reply.occurredAt);
  if (!row) {
    await classifyReceived(ctx, {
      workspaceId,
      replyRef: `event:${reply.eventId}`,
      answered: "campaign",
      leadId: reply.leadId,
      campaignId: reply.campaignId,
      from: null,
      subject: reply.subject,
      snippet: reply.snippet,
      occurredAt: reply.occurredAt,
    });
    row = await repo.findByLeadAt(ctx.db, workspaceId, reply.leadId, reply.occurredAt);
    if (!row) throw new AppError("REPLY_INTENT_REPLY_NOT_FOUND");
  }
  const previous = {
    class: row.class,
    corrected_class: row.correctedClass ?? null,
    corrected_by: row.correctedBy ?? null,
    corrected_at: row.correctedAt?.toISOString() ?? null,
  };
  await correct(ctx, workspaceId, userId, row.id, cls);
  return { intentId: row.id, previous };
}

/** Undoes setReplyClass: the class and correction it replaced come back. */
export async function restoreReplyClass(ctx: Ctx, workspaceId: string, change: ReplyClassChange): Promise<void> {
  await repo.restoreCorrection(ctx.db, workspaceId, change.intentId, {
    class: change.previous.class,
    correctedClass: change.previous.corrected_class,
    correctedBy: change.previous.corrected_by,
    correctedAt: change.previous.corrected_at ? new Date(change.previous.corrected_at) : null,
  });
}
