/**
 * Lead contracts (outreach-core §3, §5, §7): the lead as the API sends it, what create, update and
 * list accept, and the bulk-action result. Wire names are snake_case like the spec's fields.
 */
import { z } from "zod";
import { optionalEmail as leadEmail, listOf, Tag, Tags, optionalText as text } from "./fields.ts";

/**
 * Where a lead is in the outreach flow. new → contacted → replied → interested | not_interested;
 * bounced and unsubscribed are set by sending and reply handling and stop further outreach.
 */
export const LeadStatus = z.enum(["new", "contacted", "replied", "interested", "not_interested", "bounced", "unsubscribed"]);
export type LeadStatus = z.infer<typeof LeadStatus>;

/** valid: deliverable; risky: role, catch-all or disposable address; invalid: bad syntax or no mail server. */
export const EmailStatus = z.enum(["valid", "risky", "invalid", "unknown"]);
export type EmailStatus = z.infer<typeof EmailStatus>;

/** How a lead got in: typed by hand, a CSV import, a scraper, or the API. */
export const LeadSource = z.enum(["manual", "import", "website", "google_maps", "linkedin", "api"]);
export type LeadSource = z.infer<typeof LeadSource>;

/** Per-field record of who set a value and when (enrichers, scrapers, imports). */
export const FieldProvenance = z.object({ source: z.string(), at: z.string() });
export type FieldProvenance = z.infer<typeof FieldProvenance>;

/** Accepts "example.com" and "https://example.com/x"; stores an absolute http(s) URL. */
const WebUrl = z.url({ protocol: /^https?$/, hostname: z.regexes.domain });
const url = z
  .string()
  .max(2048, "At most 2048 characters")
  .transform((s) => s.trim())
  .transform((s, ctx) => {
    if (s === "") return null;
    const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(s) ? s : `https://${s}`;
    if (WebUrl.safeParse(withScheme).success) return withScheme;
    ctx.addIssue({ code: "custom", message: "Enter a valid web address" });
    return z.NEVER;
  })
  .nullish();

/** The fields a lead can be given by a person, an import or a scraper. Empty strings mean "no value". */
export const LeadFields = z.object({
  first_name: text(100),
  last_name: text(100),
  email: leadEmail,
  company_name: text(200),
  /** Job title; trimmed (outreach-core §5). */
  role: text(200),
  industry: text(100),
  pain_point: text(5000),
  company_insight: text(5000),
  campaign_id: z.uuid("Not a valid campaign id").nullish(),
  phone: text(50),
  website: url,
  linkedin_url: url,
  city: text(100),
  country: text(100),
  seniority: text(50),
  department: text(100),
  tags: Tags.optional(),
  custom_fields: z.record(z.string().max(100), z.unknown()).optional(),
});

/** A lead that carries at least something to reach or identify it. */
const identifies = (l: { email?: string | null; first_name?: string | null; last_name?: string | null; company_name?: string | null }) =>
  Boolean(l.email || l.first_name || l.last_name || l.company_name);
const identifyIssue = { message: "A lead needs an email, a name or a company name", path: ["email"] };

/** What createLeadsBatch takes for each lead (imports and scrapers). */
export const LeadInput = LeadFields.refine(identifies, identifyIssue);
export type LeadInput = z.input<typeof LeadInput>;
export type LeadInputParsed = z.output<typeof LeadInput>;

/** POST /api/leads/: the spec's Lead plus `notes`, which fills pain_point when that is not given. */
export const LeadCreate = LeadFields.extend({
  notes: text(5000),
  status: LeadStatus.optional(),
  owner_id: z.uuid("Not a valid user id").nullish(),
})
  .transform(({ notes, ...l }) => ({ ...l, pain_point: l.pain_point ?? notes ?? null }))
  .refine(identifies, identifyIssue);
export type LeadCreate = z.input<typeof LeadCreate>;

/** PUT /api/leads/{id}: a partial update; a field left out is unchanged, null clears it. */
export const LeadUpdate = LeadFields.extend({
  notes: text(5000),
  status: LeadStatus.optional(),
  owner_id: z.uuid("Not a valid user id").nullish(),
  email_status: EmailStatus.optional(),
  score: z.number().int().min(0).max(100).nullish(),
}).transform(({ notes, ...l }) => (l.pain_point === undefined && notes !== undefined ? { ...l, pain_point: notes } : l));
export type LeadUpdate = z.input<typeof LeadUpdate>;

export const Lead = z.object({
  id: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  company_name: z.string().nullable(),
  role: z.string().nullable(),
  industry: z.string().nullable(),
  pain_point: z.string().nullable(),
  company_insight: z.string().nullable(),
  campaign_id: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  linkedin_url: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  source: z.string(),
  status: LeadStatus,
  score: z.number().nullable(),
  /** The parts that make up the score, e.g. {email_valid: 30, seniority: 20}. */
  score_breakdown: z.record(z.string(), z.number()).nullable(),
  tags: z.array(z.string()),
  owner_id: z.string().nullable(),
  custom_fields: z.record(z.string(), z.unknown()),
  email_status: EmailStatus,
  seniority: z.string().nullable(),
  department: z.string().nullable(),
  provenance: z.record(z.string(), FieldProvenance),
  created_at: z.string(),
  updated_at: z.string(),
  last_activity_at: z.string().nullable(),
});
export type Lead = z.infer<typeof Lead>;

/**
 * Columns a list can be sorted by, each backed by an index. last_name orders by last then first
 * name; relevance (the default while searching) ranks by trigram word similarity.
 */
export const LeadSortField = z.enum([
  "created_at",
  "updated_at",
  "last_activity_at",
  "last_name",
  "company_name",
  "score",
  "status",
  "relevance",
]);
export type LeadSortField = z.infer<typeof LeadSortField>;

export const LeadFilters = z.object({
  search: z.string().trim().max(200).optional(),
  status: listOf(LeadStatus),
  source: listOf(z.string().max(50)),
  tag: listOf(z.string().max(50)),
  campaign_id: z.uuid().optional(),
  email_status: listOf(EmailStatus),
  owner_id: z.uuid().optional(),
});
export type LeadFilters = z.infer<typeof LeadFilters>;

export const LeadListQuery = LeadFilters.extend({
  /** Default: relevance when searching, else created_at. */
  sort: LeadSortField.optional(),
  /** Default: asc for names and companies, desc otherwise. */
  order: z.enum(["asc", "desc"]).optional(),
  skip: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type LeadListQuery = z.infer<typeof LeadListQuery>;

export const LeadIds = z.object({ lead_ids: z.array(z.uuid("Not a valid lead id")).min(1, "Select at least one lead").max(1000) });
export type LeadIds = z.infer<typeof LeadIds>;

export const BulkTag = LeadIds.extend({ add: z.array(Tag).max(50).optional(), remove: z.array(Tag).max(50).optional() }).refine(
  (b) => (b.add?.length ?? 0) + (b.remove?.length ?? 0) > 0,
  { message: "Give tags to add or remove", path: ["add"] },
);
export type BulkTag = z.infer<typeof BulkTag>;

/** Bulk actions report per lead: what worked, and why the rest did not. */
export const BulkResult = z.object({
  succeeded: z.array(z.string()),
  failed: z.array(z.object({ id: z.string(), error: z.string() })),
});
export type BulkResult = z.infer<typeof BulkResult>;

export const LeadCountQuery = z.object({
  /** "month-start" (default) or an ISO date. */
  since: z.union([z.literal("month-start"), z.iso.datetime({ offset: true }), z.iso.date()]).default("month-start"),
});
export const LeadCount = z.object({
  count: z.number(),
  since: z.string(),
  /** The organization's plan allowance this calendar month (UTC); limit null = unlimited. */
  plan: z.object({ plan: z.string(), limit: z.number().nullable(), used: z.number(), remaining: z.number().nullable() }),
});
export type LeadCount = z.infer<typeof LeadCount>;

export const DuplicatePolicy = z.enum(["skip", "update", "keep_both"]);
export type DuplicatePolicy = z.infer<typeof DuplicatePolicy>;

/** A row or field that could not be saved, by its index in the batch. */
export const BatchError = z.object({ index: z.number(), field: z.string(), message: z.string() });
export type BatchError = z.infer<typeof BatchError>;

/** Lead fields a CSV column can be mapped to; `notes` fills pain_point, `tags` splits on , or ;. */
export const ImportField = z.enum([
  "first_name",
  "last_name",
  "full_name",
  "email",
  "company_name",
  "role",
  "industry",
  "notes",
  "company_insight",
  "phone",
  "website",
  "linkedin_url",
  "city",
  "country",
  "seniority",
  "department",
  "tags",
]);
export type ImportField = z.infer<typeof ImportField>;

/** {csv header: lead field}; a header mapped to null (or left out) is ignored. */
export const ImportMapping = z.record(z.string().max(200), ImportField.nullable());
export type ImportMapping = z.infer<typeof ImportMapping>;

export const ImportJobStatus = z.enum(["queued", "running", "completed", "failed"]);
export type ImportJobStatus = z.infer<typeof ImportJobStatus>;

/** A CSV row that was not saved; `row` counts data rows from 1 (the header is not a row). */
export const ImportRowError = z.object({ row: z.number(), field: z.string(), message: z.string() });
export type ImportRowError = z.infer<typeof ImportRowError>;

export const ImportJob = z.object({
  id: z.string(),
  status: ImportJobStatus,
  file_name: z.string(),
  duplicate_policy: DuplicatePolicy,
  mapping: ImportMapping,
  /** Percent of the file's bytes processed, 0–100. */
  progress: z.number(),
  processed_rows: z.number(),
  created: z.number(),
  updated: z.number(),
  skipped: z.number(),
  failed: z.number(),
  /** The first 1000 row errors; the errors.csv report has them with the original values. */
  errors: z.array(ImportRowError),
  error: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type ImportJob = z.infer<typeof ImportJob>;

export const ImportPreview = z.object({
  headers: z.array(z.string()),
  mapping: ImportMapping,
  /** Headers no lead field matched automatically. */
  unmapped: z.array(z.string()),
  rows: z.array(z.record(z.string(), z.string())),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const MergeDuplicatesRequest = z.object({ dry_run: z.boolean().default(true) });

export const DuplicateGroup = z.object({
  /** "email" when the addresses match; "name_company" for the same full name at the same company domain. */
  match: z.enum(["email", "name_company"]),
  key: z.string(),
  keep_id: z.string(),
  merge_ids: z.array(z.string()),
  /** The lead as it will be (or was) after the merge. */
  merged: Lead,
  /** Which lead each non-empty field's value came from. */
  taken_from: z.record(z.string(), z.string()),
});
export type DuplicateGroup = z.infer<typeof DuplicateGroup>;

export const MergeDuplicatesResult = z.object({
  dry_run: z.boolean(),
  groups: z.array(DuplicateGroup),
  /** Total groups found; `groups` holds at most 500. */
  group_count: z.number(),
  merged_leads: z.number(),
});
export type MergeDuplicatesResult = z.infer<typeof MergeDuplicatesResult>;

export const QualityReport = z.object({
  total: z.number(),
  completeness: z.array(z.object({ field: z.string(), filled: z.number(), percent: z.number() })),
  email_status: z.record(EmailStatus, z.number()),
  leads_without_email: z.number(),
  duplicate_groups: z.number(),
  duplicate_leads: z.number(),
  stale_days: z.number(),
  /** Leads with no activity (or, without activity, no update) for stale_days. */
  stale_leads: z.number(),
  score_distribution: z.array(z.object({ bucket: z.string(), min: z.number(), max: z.number(), count: z.number() })),
  unscored: z.number(),
});
export type QualityReport = z.infer<typeof QualityReport>;
