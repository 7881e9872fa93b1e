/**
 * CSV of the leads a user selected in the grid, with the same columns and the same formula-injection
 * guard as the server's export, so "export selected" and "export filtered" files look alike.
 */
import type { Lead } from "@prospector/contracts";

export const CSV_COLUMNS = [
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

/** A cell starting with = + - @ tab or CR is a formula to spreadsheets; a leading quote makes it text. */
export function escapeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function quote(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function leadsToCsv(leads: readonly Lead[]): string {
  const rows = leads.map((l) =>
    CSV_COLUMNS.map((c) => {
      const v = l[c];
      if (v == null) return "";
      return quote(escapeFormula(Array.isArray(v) ? v.join("; ") : String(v)));
    }).join(","),
  );
  return `${[CSV_COLUMNS.join(","), ...rows].join("\r\n")}\r\n`;
}
