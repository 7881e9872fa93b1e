/**
 * CRM activity contracts (shell-and-public-area §3 "CRM task", "CRM interaction"; issue 13): tasks
 * with a due date, assignee and reminder; interactions (emails, calls, meetings, notes), some of
 * them recorded by the product itself (a reply, a one-off send, a booked meeting); booking a
 * meeting. Lists answer a JSON array with the total in X-Total-Count, like leads.
 */
import { z } from "zod";
import { listOf, optionalText as text } from "./fields.ts";

export const CrmTaskStatus = z.enum(["open", "in_progress", "done", "cancelled"]);
export type CrmTaskStatus = z.infer<typeof CrmTaskStatus>;

export const CrmInteractionType = z.enum(["email", "call", "meeting", "note"]);
export type CrmInteractionType = z.infer<typeof CrmInteractionType>;

/** manual: written by a person; reply, compose, meeting: recorded by the product when that happened. */
export const CrmInteractionSource = z.enum(["manual", "reply", "compose", "meeting"]);
export type CrmInteractionSource = z.infer<typeof CrmInteractionSource>;

const title = (what: string, max: number) =>
  z
    .string({ error: `Give the ${what}` })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, `Give the ${what}`).max(max, `At most ${max} characters`));

const DATE_HINT = "Enter a date, or a date and time, in ISO 8601 (e.g. 2026-05-01 or 2026-05-01T09:00:00Z)";

/** "2026-05-01" (midnight UTC) or an ISO datetime with an offset; a day that does not exist is refused. */
export const CrmDateTime = z
  .string({ error: DATE_HINT })
  .trim()
  .refine((s) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})(T.*)?$/.exec(s);
    if (!m) return false;
    if (m[4] !== undefined && !z.iso.datetime({ offset: true }).safeParse(s).success) return false;
    const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return day.getUTCMonth() === Number(m[2]) - 1 && day.getUTCDate() === Number(m[3]);
  }, DATE_HINT);

const ref = (what: string) => z.uuid(`Not a valid ${what} id`).nullish();

/** The records a task or an interaction is about (any of them; usually one). */
const Links = {
  customer_id: ref("customer"),
  deal_id: ref("deal"),
  lead_id: ref("lead"),
};

const paging = {
  skip: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  order: z.enum(["asc", "desc"]).optional(),
};

// ---------------------------------------------------------------- tasks

export const CrmTask = z.object({
  id: z.string(),
  title: z.string(),
  status: CrmTaskStatus,
  due_date: z.string().nullable(),
  description: z.string().nullable(),
  assignee_id: z.string().nullable(),
  customer_id: z.string().nullable(),
  deal_id: z.string().nullable(),
  lead_id: z.string().nullable(),
  /** When the assignee (or, without one, the creator) gets a notification; reminded_at once it went. */
  remind_at: z.string().nullable(),
  reminded_at: z.string().nullable(),
  /** Set when the task becomes done, cleared when it is reopened. */
  completed_at: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The linked record's name for lists: the deal's, else the customer's, else the lead's. */
  related_label: z.string().nullable(),
});
export type CrmTask = z.infer<typeof CrmTask>;

const TaskFields = {
  title: title("task's title", 300),
  due_date: CrmDateTime.nullish(),
  description: text(5000),
  assignee_id: z.uuid("Not a valid user id").nullish(),
  ...Links,
  remind_at: CrmDateTime.nullish(),
};

/** POST /api/crm/tasks. */
export const CrmTaskCreate = z.object({ ...TaskFields, status: CrmTaskStatus.default("open") });
export type CrmTaskCreate = z.input<typeof CrmTaskCreate>;

/** PUT /api/crm/tasks/{id}: a partial update; a field left out is unchanged, null clears it. */
export const CrmTaskUpdate = z.object({ ...TaskFields, title: TaskFields.title.optional(), status: CrmTaskStatus.optional() });
export type CrmTaskUpdate = z.input<typeof CrmTaskUpdate>;

export const CrmTaskSort = z.enum(["due_date", "created_at", "updated_at", "title", "relevance"]);
export type CrmTaskSort = z.infer<typeof CrmTaskSort>;

/** overdue: due before now and not done or cancelled; today: due this UTC day; week: due in the 7 days from today (UTC). */
export const CrmTaskDue = z.enum(["overdue", "today", "week"]);
export type CrmTaskDue = z.infer<typeof CrmTaskDue>;

export const CrmTaskListQuery = z.object({
  search: z.string().trim().max(200).optional(),
  status: listOf(CrmTaskStatus),
  /** A user id, "me" for the caller, or "none" for the tasks nobody is assigned to. */
  assignee_id: z.union([z.literal("me"), z.literal("none"), z.uuid("Not a valid user id")]).optional(),
  due: CrmTaskDue.optional(),
  /** Due at or after this instant (a date is midnight UTC); with due_to, a calendar's window. */
  due_from: CrmDateTime.optional(),
  /** Due strictly before this instant. */
  due_to: CrmDateTime.optional(),
  customer_id: z.uuid().optional(),
  deal_id: z.uuid().optional(),
  lead_id: z.uuid().optional(),
  /** Default: relevance when searching, else due_date (soonest first, undated last). */
  sort: CrmTaskSort.optional(),
  ...paging,
});
export type CrmTaskListQuery = z.infer<typeof CrmTaskListQuery>;

/** GET /api/crm/tasks/workload: the window whose due tasks count as each person's load (at most 92 days). */
export const CrmTaskWorkloadQuery = z.object({ from: CrmDateTime, to: CrmDateTime });
export type CrmTaskWorkloadQuery = z.infer<typeof CrmTaskWorkloadQuery>;

/** One column of the planning board: a member (or nobody: assignee_id null) and their unfinished tasks. */
export const CrmTaskWorkloadRow = z.object({
  assignee_id: z.string().nullable(),
  /** Open or in progress, due in [from, to). */
  due_in_range: z.number().int(),
  /** Open or in progress, due before now. */
  overdue: z.number().int(),
  /** Open or in progress, any due date or none. */
  open: z.number().int(),
});
export type CrmTaskWorkloadRow = z.infer<typeof CrmTaskWorkloadRow>;

export const CrmTaskWorkload = z.object({
  from: z.string(),
  to: z.string(),
  /** Every member of the workspace (with zeros when they have nothing), then the unassigned row. */
  rows: z.array(CrmTaskWorkloadRow),
  /** The median of the members' due_in_range (the unassigned row left out): the "normal" load. */
  median_due_in_range: z.number(),
});
export type CrmTaskWorkload = z.infer<typeof CrmTaskWorkload>;

// ---------------------------------------------------------------- interactions

export const CrmInteraction = z.object({
  id: z.string(),
  subject: z.string(),
  type: CrmInteractionType,
  /** When it happened. */
  date: z.string(),
  description: z.string().nullable(),
  notes: z.string().nullable(),
  customer_id: z.string().nullable(),
  deal_id: z.string().nullable(),
  lead_id: z.string().nullable(),
  campaign_id: z.string().nullable(),
  source: CrmInteractionSource,
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The linked record's name for lists: the deal's, else the customer's, else the lead's. */
  related_label: z.string().nullable(),
});
export type CrmInteraction = z.infer<typeof CrmInteraction>;

const InteractionFields = {
  subject: title("subject", 300),
  type: CrmInteractionType,
  /** Default: now. */
  date: CrmDateTime.optional(),
  description: text(10_000),
  notes: text(10_000),
  ...Links,
  campaign_id: ref("campaign"),
};

/** POST /api/crm/interactions (source manual). */
export const CrmInteractionCreate = z.object(InteractionFields);
export type CrmInteractionCreate = z.input<typeof CrmInteractionCreate>;

/** PUT /api/crm/interactions/{id}: a partial update. */
export const CrmInteractionUpdate = z.object({
  ...InteractionFields,
  subject: InteractionFields.subject.optional(),
  type: CrmInteractionType.optional(),
});
export type CrmInteractionUpdate = z.input<typeof CrmInteractionUpdate>;

export const CrmInteractionSort = z.enum(["date", "created_at", "relevance"]);
export type CrmInteractionSort = z.infer<typeof CrmInteractionSort>;

export const CrmInteractionListQuery = z.object({
  search: z.string().trim().max(200).optional(),
  type: listOf(CrmInteractionType),
  source: listOf(CrmInteractionSource),
  customer_id: z.uuid().optional(),
  deal_id: z.uuid().optional(),
  lead_id: z.uuid().optional(),
  campaign_id: z.uuid().optional(),
  /** Happened on or after / before (ISO date or datetime). */
  from: CrmDateTime.optional(),
  to: CrmDateTime.optional(),
  /** Default: relevance when searching, else date (newest first). */
  sort: CrmInteractionSort.optional(),
  ...paging,
});
export type CrmInteractionListQuery = z.infer<typeof CrmInteractionListQuery>;

// ---------------------------------------------------------------- bulk delete

/** POST /api/crm/{tasks,interactions}/bulk-delete takes crm.ts's CrmIds and answers how many went and which ids were unknown. */
export const CrmActivityBulkDeleteResult = z.object({
  deleted: z.number(),
  /** Ids that are not (or no longer) in the workspace. */
  not_found: z.array(z.string()),
});
export type CrmActivityBulkDeleteResult = z.infer<typeof CrmActivityBulkDeleteResult>;

// ---------------------------------------------------------------- meetings

/**
 * POST /api/crm/meetings: a meeting booked from a reply, a lead or a deal. Records one interaction
 * of type meeting and, when a campaign is known (given, or the lead's), marks the campaign's
 * meeting with the lead so its Meetings figure counts it: once, whichever side is used first.
 */
export const BookMeeting = z
  .object({
    ...Links,
    campaign_id: ref("campaign"),
    /** When the meeting takes place. */
    date: CrmDateTime,
    subject: text(300),
    notes: text(10_000),
  })
  .refine((m) => Boolean(m.lead_id || m.deal_id || m.customer_id), {
    message: "Link the meeting to a lead, a deal or a customer",
    path: ["lead_id"],
  });
export type BookMeeting = z.input<typeof BookMeeting>;

export const BookedMeeting = z.object({
  interaction: CrmInteraction,
  /** The campaign's meeting mark (null when no campaign is involved); meeting_booked_at is the first mark's time. */
  campaign_meeting: z.object({ campaign_id: z.string(), lead_id: z.string(), meeting_booked_at: z.string() }).nullable(),
});
export type BookedMeeting = z.infer<typeof BookedMeeting>;
