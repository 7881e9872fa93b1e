/** Request and response shapes of AI agents: bounded tasks with budgets, step logs and approvals (docs/ai/agents.md). */
import { z } from "zod";
import { ReplyIntentLabel } from "./reply-intent.ts";

/** The four agents: research a lead, draft an answer to a reply, classify the unclassified replies, suggest a deal's next step. */
export const AiAgentKind = z.enum(["research_lead", "draft_reply", "classify_replies", "next_step_deal"]);
export type AiAgentKind = z.infer<typeof AiAgentKind>;

/** What a run may spend: model tokens, fetched web pages and wall-clock seconds. */
export const AiAgentBudget = z.object({
  tokens: z.int("tokens must be a whole number").min(0).max(200_000),
  pages: z.int("pages must be a whole number").min(0).max(50),
  seconds: z.int("seconds must be a whole number").min(5).max(1800),
});
export type AiAgentBudget = z.infer<typeof AiAgentBudget>;

export const AiAgentSetting = z.object({
  kind: AiAgentKind,
  enabled: z.boolean(),
  /** Proposals are applied without approval. */
  autopilot: z.boolean(),
  budget: AiAgentBudget,
  /** classify_replies only: run every N hours (null: only when started by hand). */
  schedule_hours: z.int().min(1).max(168).nullable(),
  /** What the agent's subject is: a lead, a reply, a deal, or the workspace (classify_replies). */
  subject_type: z.enum(["lead", "reply", "deal", "workspace"]),
});
export type AiAgentSetting = z.infer<typeof AiAgentSetting>;

export const AiAgentSettings = z.object({ agents: z.array(AiAgentSetting), llm: z.boolean() });
export type AiAgentSettings = z.infer<typeof AiAgentSettings>;

/** PUT /api/ai/agents: the agents to change; a field left out is unchanged. */
export const AiAgentSettingsUpdate = z.object({
  agents: z
    .array(
      z.object({
        kind: AiAgentKind,
        enabled: z.boolean().optional(),
        autopilot: z.boolean().optional(),
        budget: AiAgentBudget.optional(),
        schedule_hours: z.int().min(1).max(168).nullable().optional(),
      }),
    )
    .min(1, "Name at least one agent"),
});
export type AiAgentSettingsUpdate = z.infer<typeof AiAgentSettingsUpdate>;

/** POST /api/ai/agents/{kind}/runs. */
export const AiAgentRunCreate = z.object({
  /** The lead, reply (its reply event) or deal; left out for classify_replies. */
  subject_id: z.uuid("subject_id must be a UUID").optional(),
  budget: AiAgentBudget.partial().optional(),
});
export type AiAgentRunCreate = z.infer<typeof AiAgentRunCreate>;

export const AiAgentRunStatus = z.enum(["queued", "running", "done", "failed", "over_budget", "cancelled"]);
export type AiAgentRunStatus = z.infer<typeof AiAgentRunStatus>;

export const AiAgentUsage = z.object({ tokens: z.number(), pages: z.number(), seconds: z.number() });
export type AiAgentUsage = z.infer<typeof AiAgentUsage>;

export const AiAgentRun = z.object({
  id: z.string(),
  kind: AiAgentKind,
  status: AiAgentRunStatus,
  subject_type: z.string(),
  subject_id: z.string().nullable(),
  subject_label: z.string().nullable(),
  /** llm or builtin: which engine answered (null until it did). */
  engine: z.enum(["llm", "builtin"]).nullable(),
  budget: AiAgentBudget,
  usage: AiAgentUsage,
  /** 0–100. */
  progress: z.number(),
  stage: z.string().nullable(),
  error: z.string().nullable(),
  pending_proposals: z.number(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type AiAgentRun = z.infer<typeof AiAgentRun>;

export const AiAgentStepKind = z.enum(["info", "fetch", "model", "rejected", "proposal", "budget", "error", "applied"]);
export type AiAgentStepKind = z.infer<typeof AiAgentStepKind>;

export const AiAgentStep = z.object({
  seq: z.number(),
  kind: AiAgentStepKind,
  text: z.string(),
  data: z.record(z.string(), z.unknown()).nullable(),
  tokens: z.number(),
  duration_ms: z.number(),
  created_at: z.string(),
});
export type AiAgentStep = z.infer<typeof AiAgentStep>;

/** What an agent may propose; each touches only the run's own subject. */
export const AiAgentProposalPayload = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("lead_fields"),
    lead_id: z.string(),
    fields: z
      .object({ company_insight: z.string().min(1).max(2000).optional(), pain_point: z.string().min(1).max(1000).optional() })
      .strict(),
  }),
  z.object({
    type: z.literal("email_draft"),
    lead_id: z.string(),
    /** The reply event it answers (draft_reply); null for a first email. */
    reply_id: z.string().nullable(),
    subject: z.string().min(1).max(300),
    body: z.string().min(1).max(5000),
  }),
  z.object({
    type: z.literal("reply_class"),
    reply_id: z.string(),
    /** One of the reply classifier's classes (reply-intent). */
    class: ReplyIntentLabel,
  }),
  z.object({
    type: z.literal("crm_task"),
    deal_id: z.string(),
    title: z.string().min(1).max(300),
    description: z.string().max(5000),
    due_in_days: z.int().min(0).max(60),
  }),
]);
export type AiAgentProposalPayload = z.infer<typeof AiAgentProposalPayload>;

export const AiAgentProposalStatus = z.enum(["pending", "approved", "rejected", "reverted"]);
export type AiAgentProposalStatus = z.infer<typeof AiAgentProposalStatus>;

export const AiAgentProposal = z.object({
  id: z.string(),
  run_id: z.string(),
  payload: AiAgentProposalPayload,
  /** Why the agent proposes it. */
  explanation: z.string(),
  status: AiAgentProposalStatus,
  /** The values before it was applied (what Revert restores). */
  previous: z.record(z.string(), z.unknown()).nullable(),
  /** What applying made (e.g. the CRM task's id). */
  result: z.record(z.string(), z.unknown()).nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  /** Applied by the agent's autopilot, not a person. */
  autopilot: z.boolean(),
});
export type AiAgentProposal = z.infer<typeof AiAgentProposal>;

export const AiAgentRunDetail = AiAgentRun.extend({
  steps: z.array(AiAgentStep),
  proposals: z.array(AiAgentProposal),
  /** The ledger rows of this run (for /ai-activity). */
  action_ids: z.array(z.string()),
});
export type AiAgentRunDetail = z.infer<typeof AiAgentRunDetail>;

export const AiAgentRunListQuery = z.object({
  kind: AiAgentKind.optional(),
  status: AiAgentRunStatus.optional(),
  /** Runs with proposals waiting for approval only. */
  pending: z.enum(["true", "false"]).optional(),
  cursor: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AiAgentRunListQuery = z.infer<typeof AiAgentRunListQuery>;

export const AiAgentRunPage = z.object({ runs: z.array(AiAgentRun), next_cursor: z.string().nullable() });
export type AiAgentRunPage = z.infer<typeof AiAgentRunPage>;

/** GET /api/ai/agents/{kind}/subjects: what the "Run" picker offers (the newest first, or matching `search`). */
export const AiAgentSubjectQuery = z.object({ search: z.string().trim().max(200).optional() });
export type AiAgentSubjectQuery = z.infer<typeof AiAgentSubjectQuery>;

export const AiAgentSubjects = z.object({
  subjects: z.array(z.object({ id: z.string(), label: z.string(), detail: z.string().nullable() })),
});
export type AiAgentSubjects = z.infer<typeof AiAgentSubjects>;
