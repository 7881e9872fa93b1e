/** Converts between the API's snake_case lead and the table's row, in one place. */
import type { Lead, LeadInputParsed } from "@prospector/contracts";
import type { leads } from "./leads.table.ts";

export type LeadRow = typeof leads.$inferSelect;
export type LeadValues = Partial<typeof leads.$inferInsert>;

/** API field name → table property, for every field a person, import or enricher can set. */
export const FIELD_COLUMNS = {
  first_name: "firstName",
  last_name: "lastName",
  email: "email",
  company_name: "companyName",
  role: "role",
  industry: "industry",
  pain_point: "painPoint",
  company_insight: "companyInsight",
  campaign_id: "campaignId",
  phone: "phone",
  website: "website",
  linkedin_url: "linkedinUrl",
  city: "city",
  country: "country",
  seniority: "seniority",
  department: "department",
  tags: "tags",
  custom_fields: "customFields",
  status: "status",
  owner_id: "ownerId",
  email_status: "emailStatus",
  score: "score",
  score_breakdown: "scoreBreakdown",
  last_activity_at: "lastActivityAt",
} as const satisfies Record<string, keyof LeadRow>;
export type LeadField = keyof typeof FIELD_COLUMNS;

/** Values for the table from API fields; a field that is undefined is left out (unchanged). */
export function toValues(input: Partial<Record<LeadField, unknown>>): LeadValues {
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(FIELD_COLUMNS)) {
    const v = input[field as LeadField];
    if (v !== undefined) out[column] = v;
  }
  return out as LeadValues;
}

export type LeadInputValues = LeadInputParsed;

export function toLead(r: LeadRow): Lead {
  return {
    id: r.id,
    first_name: r.firstName,
    last_name: r.lastName,
    email: r.email,
    company_name: r.companyName,
    role: r.role,
    industry: r.industry,
    pain_point: r.painPoint,
    company_insight: r.companyInsight,
    campaign_id: r.campaignId,
    phone: r.phone,
    website: r.website,
    linkedin_url: r.linkedinUrl,
    city: r.city,
    country: r.country,
    source: r.source,
    status: r.status,
    score: r.score,
    score_breakdown: r.scoreBreakdown ?? null,
    tags: r.tags,
    owner_id: r.ownerId,
    custom_fields: r.customFields,
    email_status: r.emailStatus,
    seniority: r.seniority,
    department: r.department,
    provenance: r.provenance,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    last_activity_at: r.lastActivityAt?.toISOString() ?? null,
  };
}

/** "Ann Lee" at "Acme" → "ann lee|acme": how a lead without a shared email is recognised again. */
export function nameCompanyKey(l: { firstName?: string | null; lastName?: string | null; companyName?: string | null }): string | null {
  const first = l.firstName?.trim().toLowerCase();
  const last = l.lastName?.trim().toLowerCase();
  const company = l.companyName?.trim().toLowerCase();
  if (!first || !last || !company) return null;
  return `${first} ${last}|${company}`;
}
