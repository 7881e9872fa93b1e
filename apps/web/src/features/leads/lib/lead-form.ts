/**
 * The lead form's values and how they travel: a lead becomes form values (nulls as empty
 * strings), and a failed save puts the server's field errors next to the fields they name.
 */
import type { Lead } from "@prospector/contracts";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError, errorMessage } from "../../../lib/errors.ts";

export const TEXT_FIELDS = [
  "first_name",
  "last_name",
  "email",
  "phone",
  "linkedin_url",
  "company_name",
  "role",
  "industry",
  "website",
  "city",
  "country",
  "seniority",
  "department",
  "pain_point",
  "company_insight",
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

export type LeadFormValues = Record<TextField, string> & { status: Lead["status"]; tags: string[] };

export function formValues(lead: Lead | null): LeadFormValues {
  const values = Object.fromEntries(TEXT_FIELDS.map((f) => [f, lead?.[f] ?? ""])) as Record<TextField, string>;
  return { ...values, status: lead?.status ?? "new", tags: lead?.tags ?? [] };
}

/**
 * Places field errors (422 `errors`, or the 409 for a taken email) on their fields; returns the
 * message nothing covers, or null when every message found its field.
 */
export function placeServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): string | null {
  if (!(error instanceof ApiError)) return errorMessage(error);
  if (error.code === "LEAD_EMAIL_EXISTS" && fields.includes("email")) {
    setError("email" as Path<T>, { type: "server", message: error.detail ?? error.message });
    return null;
  }
  if (!error.errors?.length) return error.detail ?? error.message;
  const unplaced: string[] = [];
  for (const e of error.errors) {
    // The server names a field by its wire name; notes fill pain_point, so its errors belong there.
    const field = e.field === "notes" && !fields.includes("notes") ? "pain_point" : e.field;
    if (fields.includes(field)) setError(field as Path<T>, { type: "server", message: e.message });
    else unplaced.push(e.field && e.field !== "unknown" ? `${e.field}: ${e.message}` : e.message);
  }
  return unplaced.length ? unplaced.join(". ") : null;
}
