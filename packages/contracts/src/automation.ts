/**
 * Contracts of the automation feature (docs/automation.md): rules (trigger → conditions → actions)
 * run by the job system with a run log, and nurture sequences (a campaign with entry and exit rules).
 */
import { z } from "zod";
import { Tag } from "./fields.ts";
import { LeadStatus } from "./leads.ts";

const paging = {
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
};

/** What starts a rule. Opens, clicks, bounces and unsubscribes are read from the campaigns' tracked events. */
export const AutomationTriggerType = z.enum([
  "reply_received",
  "email_opened",
  "link_clicked",
  "bounced",
  "unsubscribed",
  "lead_added_to_campaign",
  "campaign_finished",
  "meeting_booked",
  "lead_tagged",
]);
export type AutomationTriggerType = z.infer<typeof AutomationTriggerType>;

export const AutomationTrigger = z
  .object({
    type: AutomationTriggerType,
    /** Only events of this campaign (null: any campaign of the workspace). */
    campaign_id: z
      .uuid("Not a valid campaign id")
      .nullish()
      .transform((v) => v ?? null),
    /** email_opened: human opens of one campaign's mail needed (bots never count). */
    min_opens: z.coerce.number().int().min(1, "At least 1 open").max(50, "At most 50 opens").default(1),
    /** email_opened: the opens must fall within this many days. */
    within_days: z.coerce.number().int().min(1, "At least 1 day").max(365, "At most 365 days").default(7),
    /** email_opened: only while the lead has not replied to that campaign. */
    without_reply: z.boolean().default(true),
    /** lead_tagged: the tag added (by an automation action). */
    tag: Tag.nullish().transform((v) => v ?? null),
  })
  .superRefine((t, c) => {
    if (t.type === "lead_tagged" && !t.tag) c.addIssue({ code: "custom", path: ["tag"], message: "Name the tag that triggers the rule" });
  });
export type AutomationTrigger = z.output<typeof AutomationTrigger>;
export type AutomationTriggerInput = z.input<typeof AutomationTrigger>;

/** The trigger as stored and answered (no defaults or transforms: response schemas serialize it as is). */
export const AutomationTriggerOut = z.object({
  type: AutomationTriggerType,
  campaign_id: z.string().nullable(),
  min_opens: z.number(),
  within_days: z.number(),
  without_reply: z.boolean(),
  tag: z.string().nullable(),
});

export const AutomationConditionField = z.enum(["tag", "status", "score", "company", "email_domain", "campaign", "step"]);
export type AutomationConditionField = z.infer<typeof AutomationConditionField>;
export const AutomationConditionOp = z.enum(["is", "is_not", "contains", "gte", "lte"]);
export type AutomationConditionOp = z.infer<typeof AutomationConditionOp>;

/** Which operators each field takes: tag is/is_not mean "has"/"has not". */
export const CONDITION_OPS: Record<AutomationConditionField, AutomationConditionOp[]> = {
  tag: ["is", "is_not"],
  status: ["is", "is_not"],
  score: ["gte", "lte"],
  company: ["is", "is_not", "contains"],
  email_domain: ["is", "is_not"],
  campaign: ["is", "is_not"],
  step: ["is", "gte", "lte"],
};

export const AutomationCondition = z
  .object({
    field: AutomationConditionField,
    op: AutomationConditionOp,
    value: z.string().trim().min(1, "Give a value").max(200, "At most 200 characters"),
  })
  .superRefine((c, ctx) => {
    if (!CONDITION_OPS[c.field].includes(c.op))
      ctx.addIssue({
        code: "custom",
        path: ["op"],
        message: `"${c.op}" does not apply to ${c.field}; use ${CONDITION_OPS[c.field].join(", ")}`,
      });
    if ((c.field === "score" || c.field === "step") && !/^\d+$/.test(c.value))
      ctx.addIssue({ code: "custom", path: ["value"], message: `${c.field} needs a whole number` });
    if (c.field === "status" && !LeadStatus.safeParse(c.value).success)
      ctx.addIssue({ code: "custom", path: ["value"], message: `Not a lead status: ${LeadStatus.options.join(", ")}` });
    if (c.field === "campaign" && !z.uuid().safeParse(c.value).success)
      ctx.addIssue({ code: "custom", path: ["value"], message: "Pick a campaign" });
  });
export type AutomationCondition = z.infer<typeof AutomationCondition>;

const campaignRef = z.uuid("Pick a campaign");
export const AutomationAction = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("create_task"),
    /** Placeholders: {{first_name}}, {{last_name}}, {{email}}, {{company}}, {{campaign}}. */
    title: z.string().trim().min(1, "Give the task a title").max(200, "At most 200 characters"),
    due_in_days: z.coerce.number().int().min(0).max(365).default(1),
    /** Null: the rule's author. */
    assignee_id: z
      .uuid("Not a valid member id")
      .nullish()
      .transform((v) => v ?? null),
  }),
  z.object({
    type: z.literal("notify"),
    target: z.enum(["user", "workspace"]),
    /** target "user": who (null: the rule's author). */
    user_id: z
      .uuid("Not a valid member id")
      .nullish()
      .transform((v) => v ?? null),
    message: z.string().trim().min(1, "Write the message").max(500, "At most 500 characters"),
  }),
  z.object({ type: z.literal("add_to_campaign"), campaign_id: campaignRef }),
  z.object({ type: z.literal("enroll_in_sequence"), sequence_id: z.uuid("Pick a sequence") }),
  /** Null campaign: the campaign of the triggering event. */
  z.object({ type: z.literal("remove_from_campaign"), campaign_id: campaignRef.nullish().transform((v) => v ?? null) }),
  z.object({ type: z.literal("stop_in_campaign"), campaign_id: campaignRef.nullish().transform((v) => v ?? null) }),
  z.object({ type: z.literal("add_tag"), tag: Tag }),
  z.object({ type: z.literal("remove_tag"), tag: Tag }),
  z.object({ type: z.literal("set_status"), status: LeadStatus }),
]);
export type AutomationAction = z.output<typeof AutomationAction>;
export type AutomationActionInput = z.input<typeof AutomationAction>;
export type AutomationActionType = AutomationAction["type"];

/** An action as stored and answered. */
export const AutomationActionOut = z.discriminatedUnion("type", [
  z.object({ type: z.literal("create_task"), title: z.string(), due_in_days: z.number(), assignee_id: z.string().nullable() }),
  z.object({ type: z.literal("notify"), target: z.enum(["user", "workspace"]), user_id: z.string().nullable(), message: z.string() }),
  z.object({ type: z.literal("add_to_campaign"), campaign_id: z.string() }),
  z.object({ type: z.literal("enroll_in_sequence"), sequence_id: z.string() }),
  z.object({ type: z.literal("remove_from_campaign"), campaign_id: z.string().nullable() }),
  z.object({ type: z.literal("stop_in_campaign"), campaign_id: z.string().nullable() }),
  z.object({ type: z.literal("add_tag"), tag: z.string() }),
  z.object({ type: z.literal("remove_tag"), tag: z.string() }),
  z.object({ type: z.literal("set_status"), status: LeadStatus }),
]);
/** A condition as stored and answered. */
export const AutomationConditionOut = z.object({ field: AutomationConditionField, op: AutomationConditionOp, value: z.string() });

export const AutomationRuleInput = z.object({
  name: z.string().trim().min(1, "Name the rule").max(120, "At most 120 characters"),
  enabled: z.boolean().default(true),
  trigger: AutomationTrigger,
  conditions: z.array(AutomationCondition).max(10, "At most 10 conditions").default([]),
  actions: z.array(AutomationAction).min(1, "Add at least one action").max(10, "At most 10 actions"),
});
export type AutomationRuleInput = z.input<typeof AutomationRuleInput>;

/** PATCH-like: enabling or disabling alone. */
export const AutomationRuleToggle = z.object({ enabled: z.boolean() });

export const AutomationRule = z.object({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  trigger: AutomationTriggerOut,
  conditions: z.array(AutomationConditionOut),
  actions: z.array(AutomationActionOut),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  last_run_at: z.string().nullable(),
  runs: z.number(),
  failures: z.number(),
});
export type AutomationRule = z.output<typeof AutomationRule>;

export const AutomationRuleListQuery = z.object({
  enabled: z.enum(["true", "false"]).optional(),
  trigger: AutomationTriggerType.optional(),
  ...paging,
});
export type AutomationRuleListQuery = z.output<typeof AutomationRuleListQuery>;

export const AutomationRuleList = z.object({ rules: z.array(AutomationRule), total: z.number(), page: z.number(), per_page: z.number() });
export type AutomationRuleList = z.output<typeof AutomationRuleList>;

export const AutomationDryRunInput = z.object({
  lead_id: z.uuid("Pick a lead"),
  /** The campaign the imagined event belongs to (default: the rule's trigger campaign). */
  campaign_id: z.uuid("Not a valid campaign id").nullish(),
});
export const AutomationDryRun = z.object({
  would_run: z.boolean(),
  /** Why the trigger would or would not start the rule for this lead (e.g. 2 of 3 opens). */
  trigger: z.object({ passed: z.boolean(), note: z.string() }),
  conditions: z.array(z.object({ condition: AutomationConditionOut, passed: z.boolean(), actual: z.string() })),
  actions: z.array(z.object({ type: z.string(), description: z.string() })),
  already_ran: z.boolean(),
});
export type AutomationDryRun = z.output<typeof AutomationDryRun>;

export const AutomationRunStatus = z.enum(["succeeded", "failed", "partial"]);
export type AutomationRunStatus = z.infer<typeof AutomationRunStatus>;
export const AutomationRunAction = z.object({ type: z.string(), ok: z.boolean(), detail: z.string() });
export type AutomationRunAction = z.infer<typeof AutomationRunAction>;

export const AutomationRun = z.object({
  id: z.string(),
  rule_id: z.string().nullable(),
  rule_name: z.string().nullable(),
  sequence_id: z.string().nullable(),
  sequence_name: z.string().nullable(),
  trigger_type: AutomationTriggerType,
  /** What fired it: a reply's Message-ID, an event id, "campaign:<id>"… */
  trigger_ref: z.string(),
  lead_id: z.string().nullable(),
  lead_name: z.string().nullable(),
  lead_email: z.string().nullable(),
  campaign_id: z.string().nullable(),
  status: AutomationRunStatus,
  actions: z.array(AutomationRunAction),
  error: z.string().nullable(),
  duration_ms: z.number(),
  depth: z.number(),
  created_at: z.string(),
});
export type AutomationRun = z.output<typeof AutomationRun>;

export const AutomationRunListQuery = z.object({
  rule_id: z.uuid("Not a valid rule id").optional(),
  sequence_id: z.uuid("Not a valid sequence id").optional(),
  lead_id: z.uuid("Not a valid lead id").optional(),
  status: AutomationRunStatus.optional(),
  trigger: AutomationTriggerType.optional(),
  ...paging,
});
export type AutomationRunListQuery = z.output<typeof AutomationRunListQuery>;
export const AutomationRunList = z.object({ runs: z.array(AutomationRun), total: z.number(), page: z.number(), per_page: z.number() });
export type AutomationRunList = z.output<typeof AutomationRunList>;

// ---------------------------------------------------------------- nurture sequences

export const NurtureExitType = z.enum(["replied", "meeting_booked", "unsubscribed", "bounced", "clicked", "after_days", "lead_status"]);
export type NurtureExitType = z.infer<typeof NurtureExitType>;

export const NurtureExit = z
  .object({
    type: NurtureExitType,
    /** after_days: days after entering. */
    days: z.coerce
      .number()
      .int()
      .min(1)
      .max(365)
      .nullish()
      .transform((v) => v ?? null),
    /** lead_status: the status that ends the sequence (e.g. interested). */
    status: LeadStatus.nullish().transform((v) => v ?? null),
  })
  .superRefine((e, c) => {
    if (e.type === "after_days" && !e.days) c.addIssue({ code: "custom", path: ["days"], message: "How many days after entering?" });
    if (e.type === "lead_status" && !e.status) c.addIssue({ code: "custom", path: ["status"], message: "Which lead status ends it?" });
  });
export type NurtureExit = z.output<typeof NurtureExit>;
export const NurtureExitOut = z.object({ type: NurtureExitType, days: z.number().nullable(), status: LeadStatus.nullable() });

export const NurtureSequenceInput = z.object({
  name: z.string().trim().min(1, "Name the sequence").max(120, "At most 120 characters"),
  campaign_id: z.uuid("Pick a campaign"),
  enabled: z.boolean().default(true),
  entry: z.object({
    trigger: AutomationTrigger,
    conditions: z.array(AutomationCondition).max(10, "At most 10 conditions").default([]),
  }),
  exits: z.array(NurtureExit).min(1, "Add at least one exit rule").max(10, "At most 10 exit rules"),
});
export type NurtureSequenceInput = z.input<typeof NurtureSequenceInput>;

export const NurtureSequence = z.object({
  id: z.string(),
  name: z.string(),
  campaign_id: z.string(),
  campaign_name: z.string(),
  campaign_status: z.string(),
  enabled: z.boolean(),
  entry: z.object({ trigger: AutomationTriggerOut, conditions: z.array(AutomationConditionOut) }),
  exits: z.array(NurtureExitOut),
  entered: z.number(),
  active: z.number(),
  exited: z.number(),
  /** Exit reason → leads. */
  exit_reasons: z.record(z.string(), z.number()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NurtureSequence = z.output<typeof NurtureSequence>;

export const NurtureSequenceList = z.object({
  sequences: z.array(NurtureSequence),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type NurtureSequenceList = z.output<typeof NurtureSequenceList>;
export const NurtureSequenceListQuery = z.object({ ...paging });

export const NurtureEnrollmentStatus = z.enum(["active", "exited"]);
export const NurtureEnrollment = z.object({
  id: z.string(),
  sequence_id: z.string(),
  sequence_name: z.string(),
  lead_id: z.string(),
  lead_name: z.string().nullable(),
  lead_email: z.string().nullable(),
  status: NurtureEnrollmentStatus,
  entered_at: z.string(),
  entry_reason: z.string(),
  exited_at: z.string().nullable(),
  exit_reason: z.string().nullable(),
});
export type NurtureEnrollment = z.output<typeof NurtureEnrollment>;

export const NurtureEnrollmentListQuery = z.object({
  sequence_id: z.uuid("Not a valid sequence id").optional(),
  lead_id: z.uuid("Not a valid lead id").optional(),
  status: NurtureEnrollmentStatus.optional(),
  ...paging,
});
export type NurtureEnrollmentListQuery = z.output<typeof NurtureEnrollmentListQuery>;
export const NurtureEnrollmentList = z.object({
  enrollments: z.array(NurtureEnrollment),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type NurtureEnrollmentList = z.output<typeof NurtureEnrollmentList>;
