/**
 * CRM record contracts (shell-and-public-area §3 "CRM customer", "CRM deal"; outreach-core §7, §8):
 * pipeline stages, customers, deals with their stage history, lead conversion and the overview.
 * Wire names are snake_case like the spec's fields. Tasks and interactions are in crm-activity.ts.
 */
import { z } from "zod";
import { optionalEmail as email, listOf, Tags, optionalText as text } from "./fields.ts";

const requiredText = (max: number, what: string) =>
  z
    .string({ error: `Enter ${what}` })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, `Enter ${what}`).max(max, `At most ${max} characters`));

const userId = z.uuid("Not a valid user id").nullish();

const paging = {
  search: z.string().trim().max(200).optional(),
  /** Default: asc for names, desc otherwise. */
  order: z.enum(["asc", "desc"]).optional(),
  skip: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
};

/** 0–100, a whole percentage. */
const Probability = z
  .number({ error: "Enter a probability from 0 to 100" })
  .int("A whole percentage")
  .min(0, "At least 0")
  .max(100, "At most 100");

// ——— Stages ———

export const CrmStage = z.object({
  id: z.string(),
  name: z.string(),
  position: z.number(),
  /** Default win probability (0–100) of a deal in this stage without its own. */
  probability: z.number(),
  is_won: z.boolean(),
  is_lost: z.boolean(),
});
export type CrmStage = z.infer<typeof CrmStage>;

const StageFields = z.object({
  name: requiredText(60, "a stage name"),
  probability: Probability,
  is_won: z.boolean().default(false),
  is_lost: z.boolean().default(false),
  /** Where to put it (0 = first); default: last. */
  position: z.number().int().min(0).optional(),
});
const oneOutcome = (s: { is_won?: boolean; is_lost?: boolean }) => !(s.is_won && s.is_lost);
const outcomeIssue = { message: "A stage cannot be both won and lost", path: ["is_lost"] };

export const StageCreate = StageFields.refine(oneOutcome, outcomeIssue);
export type StageCreate = z.input<typeof StageCreate>;

/** PUT /api/crm/stages/{id}: partial; moving is done with StageOrder. */
export const StageUpdate = z
  .object({
    name: requiredText(60, "a stage name").optional(),
    probability: Probability.optional(),
    is_won: z.boolean().optional(),
    is_lost: z.boolean().optional(),
  })
  .refine(oneOutcome, outcomeIssue);
export type StageUpdate = z.input<typeof StageUpdate>;

/** PUT /api/crm/stages/order: every stage id of the workspace, in the new order. */
export const StageOrder = z.object({
  stage_ids: z
    .array(z.uuid("Not a valid stage id"))
    .min(1, "List the stages in their new order")
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, "A stage is listed twice"),
});
export type StageOrder = z.infer<typeof StageOrder>;

// ——— Customers ———

export const CrmCustomer = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  owner_id: z.string().nullable(),
  tags: z.array(z.string()),
  notes: z.string().nullable(),
  /** The lead it was converted from. */
  lead_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Deals of this customer in a stage that is neither won nor lost. */
  open_deals: z.number(),
  /** Sum of those deals' values, per currency (e.g. {"USD": 1200}). */
  open_value: z.record(z.string(), z.number()),
});
export type CrmCustomer = z.infer<typeof CrmCustomer>;

const CustomerFields = z.object({
  name: requiredText(200, "a name"),
  email,
  company: text(200),
  phone: text(50),
  owner_id: userId,
  tags: Tags.optional(),
  notes: text(10_000),
  lead_id: z.uuid("Not a valid lead id").nullish(),
});

export const CustomerCreate = CustomerFields;
export type CustomerCreate = z.input<typeof CustomerCreate>;

/** PUT /api/crm/customers/{id}: a field left out is unchanged, null clears it. */
export const CustomerUpdate = CustomerFields.partial();
export type CustomerUpdate = z.input<typeof CustomerUpdate>;

/** Each backed by an index; relevance (the default while searching) ranks by trigram similarity. */
export const CustomerSortField = z.enum(["created_at", "name", "relevance"]);
export type CustomerSortField = z.infer<typeof CustomerSortField>;

export const CustomerListQuery = z.object({
  ...paging,
  sort: CustomerSortField.optional(),
  owner_id: z.uuid().optional(),
  tag: listOf(z.string().max(50)),
  lead_id: z.uuid().optional(),
});
export type CustomerListQuery = z.infer<typeof CustomerListQuery>;

/** What happens to a customer's deals when it is deleted; without it, a customer with deals is refused (409). */
export const CustomerDealsPolicy = z.enum(["detach", "delete"]);
export type CustomerDealsPolicy = z.infer<typeof CustomerDealsPolicy>;
export const CustomerDeleteQuery = z.object({ deals: CustomerDealsPolicy.optional() });
export type CustomerDeleteQuery = z.infer<typeof CustomerDeleteQuery>;

/** POST /api/crm/{customers,deals}/bulk-delete (customers also take ?deals=detach|delete). */
export const CrmIds = z.object({ ids: z.array(z.uuid("Not a valid id")).min(1, "Select at least one record").max(1000) });
export type CrmIds = z.infer<typeof CrmIds>;

export const CrmBulkDeleteResult = z.object({
  deleted: z.number(),
  /** Ids that are not (or no longer) in the workspace. */
  not_found: z.array(z.string()),
  /** Deals detached or deleted with the customers. */
  deals_detached: z.number(),
  deals_deleted: z.number(),
});
export type CrmBulkDeleteResult = z.infer<typeof CrmBulkDeleteResult>;

/** One campaign the customer's lead was in (GET /api/crm/customers/{id}/campaign-history). */
export const CustomerCampaignHistoryEntry = z.object({
  campaign_id: z.string(),
  name: z.string(),
  /** The campaign's status (draft, active, paused, completed…). */
  status: z.string(),
  /** The sequence step the lead reached (1-based), null before the first send. */
  step: z.number().nullable(),
  sent: z.number(),
  opened: z.number(),
  replied: z.number(),
  /** A meeting was booked with the lead in this campaign. */
  meeting: z.boolean(),
});
export type CustomerCampaignHistoryEntry = z.infer<typeof CustomerCampaignHistoryEntry>;

// ——— Deals ———

export const DealStatus = z.enum(["open", "won", "lost"]);
export type DealStatus = z.infer<typeof DealStatus>;

export const CrmDeal = z.object({
  id: z.string(),
  name: z.string(),
  value: z.number(),
  currency: z.string(),
  /** The stage's name (the spec's `stage`). */
  stage: z.string(),
  stage_id: z.string(),
  /** From the stage: won, lost, or open. */
  status: DealStatus,
  description: z.string().nullable(),
  owner_id: z.string().nullable(),
  /** The deal's own probability, null when it uses the stage's. */
  probability: z.number().nullable(),
  /** probability, or the stage's when null. */
  effective_probability: z.number(),
  /** YYYY-MM-DD. */
  expected_close_date: z.string().nullable(),
  customer_id: z.string().nullable(),
  customer_name: z.string().nullable(),
  lead_id: z.string().nullable(),
  source_campaign_id: z.string().nullable(),
  /** Order within its stage's board column (lower first). */
  position: z.number(),
  stage_entered_at: z.string(),
  /** When it entered a won or lost stage; null while open. */
  closed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CrmDeal = z.infer<typeof CrmDeal>;

/** ISO 4217 code; lower case is accepted and stored upper case. */
export const Currency = z
  .string({ error: "Enter a currency code such as USD" })
  .transform((s) => s.trim().toUpperCase())
  .refine(
    (s) => /^[A-Z]{3}$/.test(s) && (typeof Intl.supportedValuesOf !== "function" || Intl.supportedValuesOf("currency").includes(s)),
    "Not an ISO 4217 currency code (e.g. USD, EUR)",
  );

/** Amount with at most two decimals, never negative (numeric(14,2)). */
const DealValue = z
  .number({ error: "Enter an amount" })
  .min(0, "The value cannot be negative")
  .max(999_999_999_999.99, "The value is too large")
  .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), "At most two decimals");

const DealFields = z.object({
  name: requiredText(200, "a deal name"),
  value: DealValue.default(0),
  currency: Currency.default("USD"),
  /** The stage by id… */
  stage_id: z.uuid("Not a valid stage id").optional(),
  /** …or by name (case-insensitive). Neither: the first open stage. */
  stage: z.string().trim().min(1).max(60).optional(),
  description: text(10_000),
  owner_id: userId,
  probability: Probability.nullish(),
  expected_close_date: z.iso.date("Enter a date as YYYY-MM-DD").nullish(),
  customer_id: z.uuid("Not a valid customer id").nullish(),
  lead_id: z.uuid("Not a valid lead id").nullish(),
  source_campaign_id: z.uuid("Not a valid campaign id").nullish(),
  /** Board position within the stage; default: last. */
  position: z.number().finite().optional(),
});

export const DealCreate = DealFields;
export type DealCreate = z.input<typeof DealCreate>;

/**
 * PUT /api/crm/deals/{id}: partial; a field left out is unchanged, null clears it. A new stage_id
 * (or stage name) moves the deal: it goes last in that column unless `position` is given.
 */
export const DealUpdate = z.object({
  name: requiredText(200, "a deal name").optional(),
  value: DealValue.optional(),
  currency: Currency.optional(),
  stage_id: z.uuid("Not a valid stage id").optional(),
  stage: z.string().trim().min(1).max(60).optional(),
  description: text(10_000),
  owner_id: userId,
  probability: Probability.nullish(),
  expected_close_date: z.iso.date("Enter a date as YYYY-MM-DD").nullish(),
  customer_id: z.uuid("Not a valid customer id").nullish(),
  lead_id: z.uuid("Not a valid lead id").nullish(),
  source_campaign_id: z.uuid("Not a valid campaign id").nullish(),
  position: z.number().finite().optional(),
});
export type DealUpdate = z.input<typeof DealUpdate>;

/**
 * POST /api/crm/deals/{id}/move (the board's drag and drop): the target stage, and where in its
 * column: `after_id` = the card it is dropped below, `before_id` = the card it is dropped above
 * (either or both, from the same stage), or an explicit `position`. None: last in the column.
 */
export const DealMove = z.object({
  stage_id: z.uuid("Not a valid stage id"),
  before_id: z.uuid("Not a valid deal id").nullish(),
  after_id: z.uuid("Not a valid deal id").nullish(),
  position: z.number().finite().optional(),
});
export type DealMove = z.infer<typeof DealMove>;

/** Each backed by an index; position orders a board column. */
export const DealSortField = z.enum(["created_at", "updated_at", "value", "expected_close_date", "position", "relevance"]);
export type DealSortField = z.infer<typeof DealSortField>;

export const DealListQuery = z.object({
  ...paging,
  sort: DealSortField.optional(),
  stage_id: listOf(z.uuid()),
  status: listOf(DealStatus),
  owner_id: z.uuid().optional(),
  customer_id: z.uuid().optional(),
});
export type DealListQuery = z.infer<typeof DealListQuery>;

/** A stage a deal entered (GET /api/crm/deals/{id}/history), oldest first. */
export const DealHistoryEntry = z.object({
  id: z.string(),
  /** Null for the stage the deal was created in. */
  from_stage_id: z.string().nullable(),
  from_stage: z.string().nullable(),
  /** Null when the stage was deleted since. */
  to_stage_id: z.string().nullable(),
  to_stage: z.string().nullable(),
  changed_by: z.string().nullable(),
  changed_at: z.string(),
});
export type DealHistoryEntry = z.infer<typeof DealHistoryEntry>;

// ——— Conversion ———

/** POST /api/crm/convert-lead: the lead becomes a customer and a deal, in one transaction. */
export const ConvertLead = z.object({
  lead_id: z.uuid("Not a valid lead id"),
  /** Overrides of what is taken from the lead. */
  customer: CustomerFields.omit({ lead_id: true }).partial().optional(),
  deal: z
    .object({
      name: requiredText(200, "a deal name").optional(),
      value: DealValue.optional(),
      currency: Currency.optional(),
      stage_id: z.uuid("Not a valid stage id").optional(),
      expected_close_date: z.iso.date("Enter a date as YYYY-MM-DD").nullish(),
    })
    .optional(),
});
export type ConvertLead = z.input<typeof ConvertLead>;

export const ConvertLeadResult = z.object({
  customer: CrmCustomer,
  deal: CrmDeal,
  /** false when the lead was linked to an existing customer with the same email instead of a new one. */
  created: z.boolean(),
});
export type ConvertLeadResult = z.infer<typeof ConvertLeadResult>;

// ——— Overview (GET /api/crm/overview) ———

export const CurrencyTotal = z.object({ currency: z.string(), value: z.number(), weighted_value: z.number() });
export type CurrencyTotal = z.infer<typeof CurrencyTotal>;

export const CrmOverview = z.object({
  /** Open stages in board order, with their open deals; values per currency (never summed across). */
  stages: z.array(
    z.object({
      stage_id: z.string(),
      name: z.string(),
      probability: z.number(),
      count: z.number(),
      totals: z.array(CurrencyTotal),
    }),
  ),
  /** Open and in-progress tasks in the windows of the task list's `due` filter (UTC days). */
  tasks_due: z.object({
    /** Due before now (due=overdue). */
    overdue: z.number(),
    /** Due today (due=today). */
    today: z.number(),
    /** Due from the start of today to 7 days later (due=week). */
    next_7_days: z.number(),
    /** The 10 soonest of them, overdue first. */
    items: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        status: z.string(),
        due_date: z.string().nullable(),
        assignee_id: z.string().nullable(),
      }),
    ),
  }),
  /** The 10 latest interactions. */
  recent_interactions: z.array(
    z.object({
      id: z.string(),
      subject: z.string(),
      type: z.string(),
      date: z.string(),
      customer_id: z.string().nullable(),
      deal_id: z.string().nullable(),
      lead_id: z.string().nullable(),
    }),
  ),
});
export type CrmOverview = z.infer<typeof CrmOverview>;
