/**
 * Request and response shapes of the AI gateway and activity ledger (docs/ai/activity.md): every
 * AI action in a workspace, with its input, output, explanation, cost and outcome.
 */
import { z } from "zod";

/** What an AI action was. A feature that adds a kind adds it here (the ledger stores the text). */
export const AiActionKind = z.enum([
  "email_generation",
  "llm_console",
  "agent_step",
  "reply_classification",
  "reply_draft",
  "lead_research",
  "deal_next_step",
  "lead_score",
  "recommendation",
  "campaign_diagnosis",
  "image",
]);
export type AiActionKind = z.infer<typeof AiActionKind>;

/** One feature's share of an output (a score's or a classifier's reasons). */
export const AiContribution = z.object({
  feature: z.string(),
  label: z.string(),
  /** The feature's value for this input, as shown. */
  value: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
  /** Its signed effect on the output (log-odds, points or weight; `unit` says which). */
  weight: z.number(),
});
export type AiContribution = z.infer<typeof AiContribution>;

/** Why an action's output came out as it did. */
export const AiActionExplanation = z.object({
  /** One sentence a person can read. */
  summary: z.string(),
  /** What `weight` is measured in: log_odds, points, probability, rule. */
  unit: z.enum(["log_odds", "points", "probability", "rule"]).optional(),
  contributions: z.array(AiContribution).optional(),
  /** Rules that fired (rule-based outputs), with the text that matched. */
  rules: z.array(z.object({ id: z.string(), description: z.string(), matched: z.string().optional() })).optional(),
  /** Model version or template id that produced the output. */
  source: z.string().optional(),
});
export type AiActionExplanation = z.infer<typeof AiActionExplanation>;
