/**
 * The lead CSV format, shared by the server's streamed export and the web app's "export selected":
 * the same columns (lead field names, so the file imports back) and the same guard against
 * spreadsheet formula injection.
 */
import type { Lead } from "./leads.ts";

export const LEAD_CSV_COLUMNS = [
  "id",
  "first_name",
  "last_name",
  "email",
  "company_name",
  "role",
  "industry",
  "pain_point",
  "company_insight",
  "phone",
  "website",
  "linkedin_url",
  "city",
  "country",
  "seniority",
  "department",
  "status",
  "email_status",
  "score",
  "tags",
  "source",
  "owner_id",
  "campaign_id",
  "created_at",
  "updated_at",
  "last_activity_at",
] as const satisfies readonly (keyof Lead)[];

/** A cell starting with = + - @ tab or CR is a formula to spreadsheets; a leading quote makes it text (OWASP "CSV injection"). */
export function escapeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One lead as CSV cells (not yet quoted): lists joined with "; ", empty for missing values, formulas neutralised. */
export function leadCsvCells(lead: Lead): string[] {
  return LEAD_CSV_COLUMNS.map((c) => {
    const v = lead[c];
    if (v == null) return "";
    return escapeFormula(Array.isArray(v) ? v.join("; ") : String(v));
  });
}
