/**
 * Request and response shapes of the team decision log (docs/team-decisions.md): a question with
 * 2–10 options, each member's vote, the outcome and its rationale, linked records and a thread.
 */
import { z } from "zod";

export const DecisionStatus = z.enum(["open", "decided", "cancelled"]);
export type DecisionStatus = z.infer<typeof DecisionStatus>;

/** The records a decision can link to (their pages: /leads/:id, /campaigns/:id, /crm/...). */
export const DecisionLinkKind = z.enum(["lead", "campaign", "deal", "customer", "task"], {
  message: "kind must be one of lead, campaign, deal, customer, task",
});
export type DecisionLinkKind = z.infer<typeof DecisionLinkKind>;

export const DECISION_MIN_OPTIONS = 2;
export const DECISION_MAX_OPTIONS = 10;
export const DECISION_MAX_LINKS = 20;

export const DecisionOptionInput = z.object({
  label: z.string().trim().min(1, "Give the option a label").max(200, "An option label is at most 200 characters"),
  description: z.string().trim().max(1000, "An option description is at most 1000 characters").optional(),
});
export type DecisionOptionInput = z.infer<typeof DecisionOptionInput>;

/** 2–10 options whose labels differ (case and surrounding spaces ignored); a duplicate is named by its index. */
export const DecisionOptionsInput = z
  .array(DecisionOptionInput)
  .min(DECISION_MIN_OPTIONS, "A decision needs at least 2 options")
  .max(DECISION_MAX_OPTIONS, "A decision has at most 10 options")
  .superRefine((options, c) => {
    const seen = new Set<string>();
    options.forEach((o, i) => {
      const key = o.label.trim().toLowerCase();
      if (seen.has(key)) c.addIssue({ code: "custom", path: [i, "label"], message: `"${o.label}" is already an option` });
      seen.add(key);
    });
  });

export const DecisionLinkInput = z.object({
  kind: DecisionLinkKind,
  id: z.uuid("id must be the id of a record"),
});
export type DecisionLinkInput = z.infer<typeof DecisionLinkInput>;

const Links = z.array(DecisionLinkInput).max(DECISION_MAX_LINKS, "At most 20 linked records");
const Question = z.string().trim().min(3, "Ask a question of at least 3 characters").max(300, "A question is at most 300 characters");
const Context = z.string().trim().max(5000, "The context is at most 5000 characters");
const DueAt = z.iso.datetime({ offset: true, message: "Use an ISO date-time" });

export const DecisionCreateInput = z.object({
  question: Question,
  context: Context.optional(),
  options: DecisionOptionsInput,
  due_at: DueAt.nullable().optional(),
  links: Links.optional(),
});
export type DecisionCreateInput = z.infer<typeof DecisionCreateInput>;

/** Any subset; options may change only before the first vote. */
export const DecisionUpdateInput = z.object({
  question: Question.optional(),
  context: Context.optional(),
  options: DecisionOptionsInput.optional(),
  due_at: DueAt.nullable().optional(),
  links: Links.optional(),
});
export type DecisionUpdateInput = z.infer<typeof DecisionUpdateInput>;

export const DecisionVoteInput = z.object({
  option_id: z.uuid("option_id must be the id of one of the decision's options"),
  comment: z.string().trim().max(1000, "A vote comment is at most 1000 characters").optional(),
});
export type DecisionVoteInput = z.infer<typeof DecisionVoteInput>;

export const DecisionDecideInput = z.object({
  option_id: z.uuid("option_id must be the id of one of the decision's options"),
  rationale: z.string().trim().min(1, "Write why this option was chosen").max(5000, "The rationale is at most 5000 characters"),
});
export type DecisionDecideInput = z.infer<typeof DecisionDecideInput>;

export const DecisionReopenInput = z.object({
  reason: z.string().trim().min(1, "Say why the decision is reopened").max(2000, "The reason is at most 2000 characters"),
});
export type DecisionReopenInput = z.infer<typeof DecisionReopenInput>;

export const DecisionCancelInput = z.object({
  reason: z.string().trim().max(2000, "The reason is at most 2000 characters").optional(),
});
export type DecisionCancelInput = z.infer<typeof DecisionCancelInput>;

export const DecisionCommentInput = z.object({
  body: z.string().trim().min(1, "Write a comment").max(5000, "A comment is at most 5000 characters"),
});
export type DecisionCommentInput = z.infer<typeof DecisionCommentInput>;

const flag = z
  .enum(["true", "false"])
  .optional()
  .transform((v) => v === "true");

export const DecisionListQuery = z
  .object({
    status: DecisionStatus.optional(),
    /** Open decisions the caller has not voted on yet. */
    mine_to_vote: flag,
    /** Decisions linked to one record (from a lead, deal or campaign page). */
    link_kind: DecisionLinkKind.optional(),
    link_id: z.uuid("link_id must be the id of a record").optional(),
    /** Words in the question. */
    search: z.string().trim().max(200).optional(),
    /** newest first, or the soonest "vote by" date first (decisions without one last). */
    sort: z.enum(["newest", "due"]).default("newest"),
    limit: z.coerce.number().int().min(1).max(100).default(25),
    cursor: z.string().optional(),
  })
  .refine((q) => !q.link_kind === !q.link_id, { path: ["link_id"], message: "link_kind and link_id go together" });
export type DecisionListQuery = z.infer<typeof DecisionListQuery>;

export const DecisionPerson = z.object({ id: z.string(), name: z.string() });
export type DecisionPerson = z.infer<typeof DecisionPerson>;

export const DecisionLink = z.object({
  kind: DecisionLinkKind,
  id: z.string(),
  /** The record's current name; null once it was deleted. */
  name: z.string().nullable(),
  deleted: z.boolean(),
});
export type DecisionLink = z.infer<typeof DecisionLink>;

export const DecisionSummary = z.object({
  id: z.string(),
  question: z.string(),
  status: DecisionStatus,
  due_at: z.string().nullable(),
  created_by: DecisionPerson.nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  /** The chosen option's label once decided. */
  outcome_label: z.string().nullable(),
  options_count: z.number().int(),
  votes_count: z.number().int(),
  /** The option the caller voted for, if any. */
  my_vote: z.string().nullable(),
});
export type DecisionSummary = z.infer<typeof DecisionSummary>;

export const DecisionCounts = z.object({ open: z.number().int(), decided: z.number().int(), cancelled: z.number().int() });
export type DecisionCounts = z.infer<typeof DecisionCounts>;

export const DecisionPage = z.object({
  items: z.array(DecisionSummary),
  next_cursor: z.string().nullable(),
  /** Per status, under the same filters except status (the tabs' counts). */
  counts: DecisionCounts,
});
export type DecisionPage = z.infer<typeof DecisionPage>;

export const DecisionOption = z.object({
  id: z.string(),
  label: z.string(),
  description: z.string().nullable(),
  votes: z.number().int(),
});
export type DecisionOption = z.infer<typeof DecisionOption>;

export const DecisionVote = z.object({
  user: DecisionPerson,
  option_id: z.string(),
  comment: z.string().nullable(),
  updated_at: z.string(),
});
export type DecisionVote = z.infer<typeof DecisionVote>;

export const DecisionOutcome = z.object({
  option_id: z.string(),
  label: z.string(),
  rationale: z.string(),
  decided_by: DecisionPerson.nullable(),
  decided_at: z.string(),
});
export type DecisionOutcome = z.infer<typeof DecisionOutcome>;

export const Decision = z.object({
  id: z.string(),
  question: z.string(),
  context: z.string(),
  status: DecisionStatus,
  due_at: z.string().nullable(),
  options: z.array(DecisionOption),
  votes: z.array(DecisionVote),
  my_vote: z.string().nullable(),
  /** Active members who may vote (viewers read only). */
  voters: z.number().int(),
  outcome: DecisionOutcome.nullable(),
  cancel_reason: z.string().nullable(),
  links: z.array(DecisionLink),
  created_by: DecisionPerson.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** What the caller may do now. */
  can_vote: z.boolean(),
  /** Comments are open in any status to everyone who takes part (not viewers). */
  can_comment: z.boolean(),
  can_manage: z.boolean(),
  /** Options are fixed once someone voted. */
  options_locked: z.boolean(),
});
export type Decision = z.infer<typeof Decision>;

export const DecisionEventKind = z.enum([
  "created",
  "edited",
  "options_changed",
  "voted",
  "vote_withdrawn",
  "decided",
  "reopened",
  "cancelled",
  "commented",
]);
export type DecisionEventKind = z.infer<typeof DecisionEventKind>;

export const DecisionEvent = z.object({
  id: z.string(),
  kind: DecisionEventKind,
  user: DecisionPerson.nullable(),
  /** A comment's text, a vote's comment, a rationale or a reason. */
  body: z.string().nullable(),
  /** The option voted for or chosen, the fields edited. */
  detail: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type DecisionEvent = z.infer<typeof DecisionEvent>;

export const DecisionThreadQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().optional(),
});
export type DecisionThreadQuery = z.infer<typeof DecisionThreadQuery>;

/** Oldest first: the story of the decision as it happened. */
export const DecisionThread = z.object({
  items: z.array(DecisionEvent),
  next_cursor: z.string().nullable(),
});
export type DecisionThread = z.infer<typeof DecisionThread>;

/** Records of one kind to link, found by name (the create and edit dialogs' picker). */
export const DecisionLinkableQuery = z.object({
  kind: DecisionLinkKind,
  search: z.string().trim().max(200).default(""),
  limit: z.coerce.number().int().min(1).max(25).default(10),
});
export type DecisionLinkableQuery = z.infer<typeof DecisionLinkableQuery>;

export const DecisionLinkable = z.object({
  items: z.array(z.object({ kind: DecisionLinkKind, id: z.string(), name: z.string() })),
});
export type DecisionLinkable = z.infer<typeof DecisionLinkable>;
