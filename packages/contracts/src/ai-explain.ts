/** Request and response shapes of AI transparency and explainability: why an output came out as it did, patterns, model performance (docs/ai/explainability.md). */
import { z } from "zod";
import { AiActionExplanation, AiActionKind } from "./ai-ledger.ts";
import {
  RecommendationEffect,
  RecommendationFigure,
  RecommendationKind,
  RecommendationSample,
  RecommendationStatus,
  RecommendationTest,
  RecommendationVerdict,
} from "./recommendations.ts";
import { RateEstimate } from "./send-insights.ts";

const limit = (max: number, dflt: number) =>
  z.coerce
    .number()
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(max, `limit must be at most ${max}`)
    .default(dflt);
const cursor = z.string().max(300, "cursor is too long").optional();

// --- /ai-transparency ---------------------------------------------------------------------------

/** GET /api/ai/explain/outputs: the picker of recent AI outputs, newest first. */
export const AiOutputsQuery = z.object({
  /** Matches the kind, the model, the subject's type or the explanation's summary (case-insensitive). */
  q: z.string().trim().max(200, "q is at most 200 characters").optional(),
  kind: AiActionKind.optional(),
  limit: limit(100, 20),
  cursor,
});
export type AiOutputsQuery = z.input<typeof AiOutputsQuery>;

export const AiOutputSummary = z.object({
  id: z.uuid(),
  kind: z.string(),
  engine: z.enum(["llm", "builtin"]),
  model: z.string(),
  subject_type: z.string().nullable(),
  subject_id: z.string().nullable(),
  summary: z.string().nullable(),
  outcome: z.string(),
  created_at: z.string(),
});
export type AiOutputSummary = z.infer<typeof AiOutputSummary>;

export const AiOutputPage = z.object({ items: z.array(AiOutputSummary), next_cursor: z.string().nullable() });
export type AiOutputPage = z.infer<typeof AiOutputPage>;

/** GET /api/ai/explain/actions/:id: one ledger action with everything that says why. */
export const AiOutputExplanation = AiOutputSummary.extend({
  user_name: z.string().nullable(),
  /** The chat messages sent to the model (LLM outputs only). */
  prompt: z.array(z.object({ role: z.string(), content: z.string() })).nullable(),
  /** The call's parameters as recorded (temperature, max tokens …), from the action's input. */
  parameters: z.record(z.string(), z.unknown()),
  input: z.record(z.string(), z.unknown()),
  /** The output as validated and stored. */
  output: z.record(z.string(), z.unknown()).nullable(),
  explanation: AiActionExplanation.nullable(),
  tokens_in: z.number().int(),
  tokens_out: z.number().int(),
  cost_micros: z.number().int(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
  feedback: z.object({ up: z.number().int(), down: z.number().int() }),
});
export type AiOutputExplanation = z.infer<typeof AiOutputExplanation>;

export const ExplainContribution = z.object({
  feature: z.string(),
  label: z.string(),
  /** Signed effect in `unit`. */
  weight: z.number(),
});
export type ExplainContribution = z.infer<typeof ExplainContribution>;

/** GET /api/ai/explain/leads/:id: the score as a sum: baseline + contributions = logit. */
export const LeadWhy = z.object({
  lead_id: z.uuid(),
  lead_name: z.string().nullable(),
  probability: z.number(),
  /** The intercept (log-odds): where every lead starts. */
  baseline: z.number(),
  /** log(p / (1 − p)) of the stored probability. */
  logit: z.number(),
  contributions: z.array(ExplainContribution),
  model_version: z.number().int(),
  model_target: z.string(),
  scored_at: z.string(),
  summary: z.string(),
});
export type LeadWhy = z.infer<typeof LeadWhy>;

/** GET /api/ai/explain/replies/:id: the reply classifier's latest decision on one reply. */
export const ReplyWhy = z.object({
  reply_id: z.uuid(),
  action_id: z.uuid(),
  /** The class decided (the output's intent / label). */
  label: z.string().nullable(),
  model: z.string(),
  engine: z.enum(["llm", "builtin"]),
  explanation: AiActionExplanation.nullable(),
  output: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type ReplyWhy = z.infer<typeof ReplyWhy>;

export const RecommendationApplicationWhy = z.object({
  id: z.uuid(),
  applied_at: z.string(),
  baseline: RecommendationSample,
  evaluate_after: z.string(),
  verdict: RecommendationVerdict.nullable(),
  after: RecommendationSample.nullable(),
  test: RecommendationTest.nullable(),
  note: z.string().nullable(),
  evaluated_at: z.string().nullable(),
  /** after − before reply rate, when judged. */
  measured_change: z.number().nullable(),
});
export type RecommendationApplicationWhy = z.infer<typeof RecommendationApplicationWhy>;

/** GET /api/ai/explain/recommendations/:id and the list's rows: evidence, expected effect, applications, measured effect. */
export const RecommendationWhy = z.object({
  id: z.uuid(),
  kind: RecommendationKind,
  status: RecommendationStatus,
  title: z.string(),
  rationale: z.string(),
  campaign_name: z.string(),
  figures: z.array(RecommendationFigure),
  test: RecommendationTest.nullable(),
  expected: RecommendationEffect,
  source: z.string(),
  generated_at: z.string(),
  applications: z.array(RecommendationApplicationWhy),
});
export type RecommendationWhy = z.infer<typeof RecommendationWhy>;

export const RecommendationWhyQuery = z.object({
  /** applied: only those applied at least once; all: every recommendation. */
  filter: z.enum(["all", "applied"], { error: "filter must be all or applied" }).default("all"),
  limit: limit(50, 20),
  cursor,
});
export type RecommendationWhyQuery = z.input<typeof RecommendationWhyQuery>;

export const RecommendationWhyPage = z.object({
  items: z.array(RecommendationWhy),
  next_cursor: z.string().nullable(),
  /** Applications judged, by verdict, over the whole workspace. */
  verdicts: z.object({
    helped: z.number().int(),
    no_measurable_change: z.number().int(),
    hurt: z.number().int(),
    pending: z.number().int(),
  }),
});
export type RecommendationWhyPage = z.infer<typeof RecommendationWhyPage>;

// --- /explainability ----------------------------------------------------------------------------

export const GlobalWeight = z.object({
  feature: z.string(),
  label: z.string(),
  group: z.string(),
  /** The log-odds weight as trained. */
  weight: z.number(),
  /** weight × the feature's standard deviation over the training leads: comparable across features. */
  standardized: z.number(),
  /** Training leads with the feature present (non-zero). */
  support: z.number().int(),
});
export type GlobalWeight = z.infer<typeof GlobalWeight>;

export const ClassWords = z.object({
  label: z.string(),
  /** Classifications of this class in the ledger. */
  decisions: z.number().int(),
  words: z.array(z.object({ word: z.string(), weight: z.number(), count: z.number().int() })),
});
export type ClassWords = z.infer<typeof ClassWords>;

export const RuleUsage = z.object({
  kind: RecommendationKind,
  description: z.string(),
  generated: z.number().int(),
  applied: z.number().int(),
  helped: z.number().int(),
  hurt: z.number().int(),
  no_measurable_change: z.number().int(),
});
export type RuleUsage = z.infer<typeof RuleUsage>;

/** GET /api/ai/explain/models: how each model decides, in general. */
export const ModelsOverview = z.object({
  lead_score: z
    .object({ version: z.number().int(), target: z.string(), n: z.number().int(), trained_at: z.string(), weights: z.array(GlobalWeight) })
    .nullable(),
  reply_classifier: z.object({ classified: z.number().int(), classes: z.array(ClassWords) }),
  recommendation_rules: z.array(RuleUsage),
});
export type ModelsOverview = z.infer<typeof ModelsOverview>;

export const PatternOutcome = z.enum(["reply", "meeting"], { error: "outcome must be reply or meeting" });
export type PatternOutcome = z.infer<typeof PatternOutcome>;

export const PatternsQuery = z.object({
  outcome: PatternOutcome.default("reply"),
  days: z.coerce
    .number()
    .int("days must be a whole number")
    .min(7, "days must be at least 7")
    .max(730, "days must be at most 730")
    .default(180),
  min_n: z.coerce
    .number()
    .int("min_n must be a whole number")
    .min(5, "min_n must be at least 5")
    .max(10_000, "min_n is too large")
    .default(30),
});
export type PatternsQuery = z.input<typeof PatternsQuery>;

export const PatternDimension = z.enum([
  "industry",
  "seniority",
  "company_size",
  "source",
  "subject_length",
  "personalized",
  "step",
  "send_hour",
  "send_weekday",
]);
export type PatternDimension = z.infer<typeof PatternDimension>;

export const PatternCell = z.object({
  dimension: PatternDimension,
  /** lead: one contacted lead; message: one sent message. */
  unit: z.enum(["lead", "message"]),
  value: z.string(),
  n: z.number().int(),
  successes: z.number().int(),
  estimate: RateEstimate,
  /** rate ÷ the workspace's average rate for the same unit. */
  lift: z.number().nullable(),
  /** |rate − average| in standard errors: how far from chance; the sort key. */
  evidence: z.number(),
});
export type PatternCell = z.infer<typeof PatternCell>;

export const PatternsResult = z.object({
  outcome: PatternOutcome,
  days: z.number().int(),
  min_n: z.number().int(),
  leads: z.object({ n: z.number().int(), successes: z.number().int(), estimate: RateEstimate }),
  messages: z.object({ n: z.number().int(), successes: z.number().int(), estimate: RateEstimate }),
  cells: z.array(PatternCell),
  /** Cells left out because n < min_n. */
  hidden: z.number().int(),
  computed_at: z.string(),
});
export type PatternsResult = z.infer<typeof PatternsResult>;

export const ModelPerformancePoint = z.object({
  week: z.string(),
  n: z.number().int(),
  /** AUC (lead score), agreement or approval rate; null when the week cannot measure it. */
  value: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
});
export type ModelPerformancePoint = z.infer<typeof ModelPerformancePoint>;

export const ModelPerformanceSeries = z.object({
  model: z.string(),
  metric: z.string(),
  description: z.string(),
  n: z.number().int(),
  value: z.number().nullable(),
  weeks: z.array(ModelPerformancePoint),
});
export type ModelPerformanceSeries = z.infer<typeof ModelPerformanceSeries>;

export const ModelPerformanceQuery = z.object({
  weeks: z.coerce
    .number()
    .int("weeks must be a whole number")
    .min(2, "weeks must be at least 2")
    .max(104, "weeks must be at most 104")
    .default(26),
});
export type ModelPerformanceQuery = z.input<typeof ModelPerformanceQuery>;

/** GET /api/ai/explain/performance. */
export const ModelPerformanceResult = z.object({
  weeks: z.number().int(),
  series: z.array(ModelPerformanceSeries),
  computed_at: z.string(),
});
export type ModelPerformanceResult = z.infer<typeof ModelPerformanceResult>;
