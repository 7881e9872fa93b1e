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

export const AiEngine = z.enum(["llm", "builtin"]);
export type AiEngine = z.infer<typeof AiEngine>;

/** ok; error (the model failed); refused (the monthly cap or a validation said no); over_budget (a task's budget ran out). */
export const AiActionOutcome = z.enum(["ok", "error", "refused", "over_budget"]);
export type AiActionOutcome = z.infer<typeof AiActionOutcome>;

/** One row of /ai-activity: who asked, what, which model, what it cost and how it ended. */
export const AiActionRow = z.object({
  id: z.uuid(),
  created_at: z.string(),
  kind: z.string(),
  engine: AiEngine,
  model: z.string(),
  /** Who asked (null: a job or an agent on its schedule, or a member since removed). */
  user: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** The record the action is about (lead, reply, campaign, …). */
  subject: z.object({ type: z.string(), id: z.uuid() }).nullable(),
  agent_run_id: z.uuid().nullable(),
  tokens_in: z.number().int(),
  tokens_out: z.number().int(),
  /** The provider sent no usage: tokens were estimated at about 4 characters each. */
  tokens_estimated: z.boolean(),
  cost_usd: z.number(),
  duration_ms: z.number().int(),
  /** Calls made to the provider (retries included). */
  attempts: z.number().int(),
  outcome: AiActionOutcome,
  error: z.string().nullable(),
});
export type AiActionRow = z.infer<typeof AiActionRow>;

export const AiActionPage = z.object({ items: z.array(AiActionRow), next_cursor: z.string().nullable() });
export type AiActionPage = z.infer<typeof AiActionPage>;

const filterText = (max: number) => z.string().trim().min(1).max(max).optional();

export const AiActionListQuery = z.object({
  kind: filterText(60),
  engine: AiEngine.optional(),
  outcome: AiActionOutcome.optional(),
  user_id: z.uuid("Not a valid user id").optional(),
  subject_type: filterText(60),
  subject_id: z.uuid("Not a valid subject id").optional(),
  /** Words matched in the model, the kind and the error text. */
  q: filterText(200),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(400).optional(),
});
export type AiActionListQuery = z.input<typeof AiActionListQuery>;

export const AiChatMessage = z.object({ role: z.string(), content: z.string() });

/** One action in full: the prompt, the input, the output and why. */
export const AiActionDetail = AiActionRow.extend({
  prompt: z.array(AiChatMessage).nullable(),
  input: z.record(z.string(), z.unknown()),
  output: z.record(z.string(), z.unknown()).nullable(),
  explanation: AiActionExplanation.nullable(),
});
export type AiActionDetail = z.infer<typeof AiActionDetail>;

/** Where a workspace's monthly cap comes from: its own setting or LLM_MONTHLY_CAP_USD. */
export const AiCapSource = z.enum(["workspace", "default"]);

export const AiSettings = z.object({
  monthly_cap_usd: z.number(),
  cap_source: AiCapSource,
  default_cap_usd: z.number(),
});
export type AiSettings = z.infer<typeof AiSettings>;

export const AiSettingsInput = z.object({
  /** US dollars per UTC month; 0 turns the language model off for the workspace; null returns to the default. */
  monthly_cap_usd: z.number("Enter an amount in US dollars").min(0, "At least 0").max(1_000_000, "At most 1,000,000").nullable(),
});
export type AiSettingsInput = z.infer<typeof AiSettingsInput>;

/** This UTC month's AI spend against the cap, split by kind, day and person. */
export const AiUsage = z.object({
  month: z.string(),
  spent_usd: z.number(),
  settings: AiSettings,
  /** At or over the cap: language-model calls are refused until the month ends. */
  capped: z.boolean(),
  actions: z.number().int(),
  refused: z.number().int(),
  llm_configured: z.boolean(),
  model: z.string().nullable(),
  price: z.object({ input_per_mtok: z.number(), output_per_mtok: z.number() }),
  by_kind: z.array(z.object({ kind: z.string(), actions: z.number().int(), tokens: z.number().int(), cost_usd: z.number() })),
  /** Every day of the month so far, zeros included. */
  by_day: z.array(z.object({ day: z.string(), actions: z.number().int(), cost_usd: z.number() })),
  by_user: z.array(z.object({ user_id: z.uuid().nullable(), name: z.string(), actions: z.number().int(), cost_usd: z.number() })),
});
export type AiUsage = z.infer<typeof AiUsage>;

/** AI actions in the workspace since the caller last opened /ai-activity (their own excluded). */
export const AiUnreadCount = z.object({ count: z.number().int(), since: z.string().nullable() });
export type AiUnreadCount = z.infer<typeof AiUnreadCount>;

// --- the LLM console and saved email templates ---------------------------------------------------

/** The lead variables a prompt or template may use, as {{name}}. */
export const PROMPT_VARIABLES = [
  "first_name",
  "last_name",
  "full_name",
  "email",
  "company_name",
  "role",
  "industry",
  "location",
  "website",
  "pain_point",
  "company_insight",
  "sender_name",
] as const;
export type PromptVariable = (typeof PROMPT_VARIABLES)[number];

export const LlmConsoleVariant = z.object({
  prompt: z.string().trim().min(1, "Write a prompt").max(8000, "At most 8000 characters"),
});

export const LlmConsoleRunInput = z.object({
  /** The lead whose facts fill the variables (without one, variables are left empty). */
  lead_id: z.uuid("Not a valid lead id").optional(),
  variants: z.array(LlmConsoleVariant).min(1, "Give at least one prompt").max(3, "At most 3 prompts side by side"),
  /** The built-in templates' tone (they answer beside the model's outputs). */
  tone: z.enum(["professional", "friendly", "casual", "formal", "persuasive", "enthusiastic", "concise"]).default("professional"),
  /** Also ask the configured model (ignored when none is configured). */
  use_llm: z.boolean().default(true),
});
export type LlmConsoleRunInput = z.input<typeof LlmConsoleRunInput>;

export const LlmConsoleOutput = z.object({
  /** The prompt variant it answers (null: the built-in templates, which take no prompt). */
  variant: z.number().int().nullable(),
  engine: AiEngine,
  model: z.string(),
  /** The prompt as sent, variables filled. */
  prompt: z.string().nullable(),
  subject: z.string().nullable(),
  body: z.string().nullable(),
  tokens_in: z.number().int(),
  tokens_out: z.number().int(),
  tokens_estimated: z.boolean(),
  cost_usd: z.number(),
  duration_ms: z.number().int(),
  /** Its row in the ledger (/ai-activity, /ai-transparency?action=). */
  action_id: z.uuid(),
  outcome: AiActionOutcome,
  error: z.string().nullable(),
});
export type LlmConsoleOutput = z.infer<typeof LlmConsoleOutput>;

export const LlmConsoleRun = z.object({
  variables: z.record(z.string(), z.string()),
  llm_configured: z.boolean(),
  outputs: z.array(LlmConsoleOutput),
});
export type LlmConsoleRun = z.infer<typeof LlmConsoleRun>;

export const SavedEmailTemplateInput = z.object({
  name: z.string().trim().min(1, "Name the template").max(120, "At most 120 characters"),
  subject: z.string().trim().min(1, "Write a subject").max(300, "At most 300 characters"),
  body: z.string().trim().min(1, "Write a body").max(20_000, "At most 20,000 characters"),
});
export type SavedEmailTemplateInput = z.infer<typeof SavedEmailTemplateInput>;

export const SavedEmailTemplate = z.object({
  id: z.uuid(),
  name: z.string(),
  subject: z.string(),
  body: z.string(),
  /** The {{variables}} it uses. */
  variables: z.array(z.string()),
  created_by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type SavedEmailTemplate = z.infer<typeof SavedEmailTemplate>;

export const SavedEmailTemplatePage = z.object({ items: z.array(SavedEmailTemplate), next_cursor: z.string().nullable() });
export type SavedEmailTemplatePage = z.infer<typeof SavedEmailTemplatePage>;

export const SavedEmailTemplateListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(400).optional(),
});
