/** Request and response shapes of reply intent: the built-in reply classifier and each reply's class with its reasons (docs/ai/reply-intent.md). */
import { z } from "zod";
import { AiActionExplanation } from "./ai-ledger.ts";
import { RateEstimate } from "./send-insights.ts";

/** What a reply means for the sequence; "unclear" when the classifier is not confident enough. */
export const ReplyIntentClass = z.enum(["interested", "not_now", "not_interested", "out_of_office", "wrong_person", "unclear"]);
export type ReplyIntentClass = z.infer<typeof ReplyIntentClass>;

/** The classes a person may set as a correction (a person is never "unclear"). */
export const ReplyIntentLabel = ReplyIntentClass.exclude(["unclear"], {
  error: "class must be one of interested, not_now, not_interested, out_of_office, wrong_person",
});
export type ReplyIntentLabel = z.infer<typeof ReplyIntentLabel>;

export const ReplyIntentClassifyInput = z.object({
  subject: z.string().max(998, "subject is at most 998 characters").optional(),
  text: z.string().trim().min(1, "text is empty: paste the reply's text").max(20_000, "text is at most 20000 characters"),
});
export type ReplyIntentClassifyInput = z.infer<typeof ReplyIntentClassifyInput>;

export const ReplyIntentResult = z.object({
  class: ReplyIntentClass,
  /** The probability of the winning class (the out-of-office rules answer 0.97). */
  confidence: z.number(),
  /** Every trained class's probability. */
  probabilities: z.record(z.string(), z.number()),
  explanation: AiActionExplanation,
  model_version: z.string(),
  /** The ledger row of this classification. */
  action_id: z.string(),
});
export type ReplyIntentResult = z.infer<typeof ReplyIntentResult>;

export const ReplyIntentRepliesQuery = z.object({
  class: ReplyIntentClass.optional(),
  campaign_id: z.uuid("campaign_id must be a UUID").optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().optional(),
});
export type ReplyIntentRepliesQuery = z.infer<typeof ReplyIntentRepliesQuery>;

export const ReplyIntentReply = z.object({
  id: z.string(),
  reply_ref: z.string(),
  lead_id: z.string().nullable(),
  campaign_id: z.string().nullable(),
  from: z.string().nullable(),
  subject: z.string(),
  snippet: z.string(),
  /** The class in force: the correction when there is one, else the model's. */
  class: ReplyIntentClass,
  predicted_class: ReplyIntentClass,
  confidence: z.number(),
  corrected_class: ReplyIntentLabel.nullable(),
  corrected_at: z.string().nullable(),
  model_version: z.string(),
  explanation: AiActionExplanation,
  action_id: z.string().nullable(),
  received_at: z.string(),
  classified_at: z.string(),
});
export type ReplyIntentReply = z.infer<typeof ReplyIntentReply>;

export const ReplyIntentReplyPage = z.object({ items: z.array(ReplyIntentReply), next_cursor: z.string().nullable() });
export type ReplyIntentReplyPage = z.infer<typeof ReplyIntentReplyPage>;

export const ReplyIntentCorrection = z.object({ class: ReplyIntentLabel });
export type ReplyIntentCorrection = z.infer<typeof ReplyIntentCorrection>;

export const ReplyIntentClassScore = z.object({
  class: ReplyIntentClass,
  /** Messages of this class in the corpus. */
  support: z.number().int(),
  precision: z.number().nullable(),
  recall: z.number().nullable(),
});
export type ReplyIntentClassScore = z.infer<typeof ReplyIntentClassScore>;

/** Rows: the true class; columns: the predicted class (both in `labels` order, which ends with "unclear"). */
export const ReplyIntentConfusion = z.object({ labels: z.array(ReplyIntentClass), matrix: z.array(z.array(z.number().int())) });
export type ReplyIntentConfusion = z.infer<typeof ReplyIntentConfusion>;

export const ReplyIntentJob = z.object({
  id: z.string(),
  status: z.enum(["queued", "running", "done", "failed"]),
  total: z.number().int(),
  done: z.number().int(),
  model_version: z.string(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ReplyIntentJob = z.infer<typeof ReplyIntentJob>;

export const ReplyIntentModel = z.object({
  version: z.string(),
  algorithm: z.string(),
  /** Below this probability a reply is "unclear". */
  unclear_below: z.number(),
  training: z.object({ size: z.number().int(), by_class: z.record(z.string(), z.number().int()), vocabulary: z.number().int() }),
  /** Measured on the separate evaluation corpus, never trained on. */
  evaluation: z.object({
    size: z.number().int(),
    accuracy: z.number(),
    /** Share of the corpus answered "unclear" (counted as wrong in accuracy). */
    unclear_rate: z.number(),
    classes: z.array(ReplyIntentClassScore),
    confusion: ReplyIntentConfusion,
  }),
  /** The workspace's replies: how often people's corrections agree with the model. */
  live: z.object({
    classified: z.number().int(),
    corrected: z.number().int(),
    /** Corrections equal to the model's class, of all corrections (null without any). */
    agreement: RateEstimate,
    confusion: ReplyIntentConfusion,
    /** Replies classified by an older version (the reclassify job brings them up to date). */
    stale: z.number().int(),
  }),
  last_job: ReplyIntentJob.nullable(),
});
export type ReplyIntentModel = z.infer<typeof ReplyIntentModel>;
