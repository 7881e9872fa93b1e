/** Request and response shapes of AI feedback: thumbs up or down on AI outputs (docs/ai/feedback.md). */
import { z } from "zod";
import { AiActionKind } from "./ai-ledger.ts";
import { RateEstimate } from "./send-insights.ts";

/** Thumbs up (1) or down (-1). */
export const AiRating = z.union([z.literal(1), z.literal(-1)], { error: "rating must be 1 (thumbs up) or -1 (thumbs down)" });
export type AiRating = z.infer<typeof AiRating>;

/** POST /api/ai/feedback: the caller's rating of one ledger action (a second rating replaces the first). */
export const AiFeedbackInput = z.object({
  action_id: z.uuid("action_id must be the id of an AI action"),
  rating: AiRating,
  comment: z.string().trim().max(2000, "comment is at most 2000 characters").optional(),
});
export type AiFeedbackInput = z.infer<typeof AiFeedbackInput>;

export const AiFeedback = z.object({
  action_id: z.string(),
  rating: AiRating,
  comment: z.string().nullable(),
  created_at: z.string(),
});
export type AiFeedback = z.infer<typeof AiFeedback>;

export const AiFeedbackQueueQuery = z.object({
  kind: AiActionKind.optional(),
  /** Only outputs the caller has not rated yet. */
  unrated: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true"),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().optional(),
});
export type AiFeedbackQueueQuery = z.infer<typeof AiFeedbackQueueQuery>;

/** One recent AI output with what went in and came out, compacted to a line each, and the ratings it has. */
export const AiFeedbackQueueItem = z.object({
  action_id: z.string(),
  kind: z.string(),
  engine: z.enum(["llm", "builtin"]),
  model: z.string(),
  subject_type: z.string().nullable(),
  subject_id: z.string().nullable(),
  input: z.string(),
  output: z.string(),
  /** The action's own explanation (one sentence), when it gave one. */
  why: z.string().nullable(),
  outcome: z.string(),
  created_at: z.string(),
  my_rating: AiRating.nullable(),
  my_comment: z.string().nullable(),
  thumbs_up: z.number().int(),
  thumbs_down: z.number().int(),
});
export type AiFeedbackQueueItem = z.infer<typeof AiFeedbackQueueItem>;

export const AiFeedbackQueuePage = z.object({
  items: z.array(AiFeedbackQueueItem),
  next_cursor: z.string().nullable(),
});
export type AiFeedbackQueuePage = z.infer<typeof AiFeedbackQueuePage>;

export const AiFeedbackSummaryQuery = z.object({
  weeks: z.coerce.number().int().min(1, "weeks is 1 to 52").max(52, "weeks is 1 to 52").default(12),
});
export type AiFeedbackSummaryQuery = z.infer<typeof AiFeedbackSummaryQuery>;

/** The team's judgement of one model doing one kind of task: thumbs and the approval rate (up / rated) with its 95 % Wilson interval. */
export const AiModelJudgement = z.object({
  kind: z.string(),
  model: z.string(),
  engine: z.enum(["llm", "builtin"]),
  /** Outputs it produced in the period. */
  actions: z.number().int(),
  /** Outputs somebody rated. */
  rated: z.number().int(),
  up: z.number().int(),
  down: z.number().int(),
  approval: RateEstimate,
});
export type AiModelJudgement = z.infer<typeof AiModelJudgement>;

export const AiFeedbackWeek = z.object({
  /** Monday of the ISO week (UTC), YYYY-MM-DD. */
  week: z.string(),
  up: z.number().int(),
  down: z.number().int(),
  approval: RateEstimate,
});
export type AiFeedbackWeek = z.infer<typeof AiFeedbackWeek>;

export const AiFeedbackSummary = z.object({
  weeks: z.number().int(),
  /** Ratings count from this instant (the Monday weeks ago). */
  since: z.string(),
  models: z.array(AiModelJudgement),
  weekly: z.array(AiFeedbackWeek),
  total: z.object({ actions: z.number().int(), up: z.number().int(), down: z.number().int(), approval: RateEstimate }),
});
export type AiFeedbackSummary = z.infer<typeof AiFeedbackSummary>;
