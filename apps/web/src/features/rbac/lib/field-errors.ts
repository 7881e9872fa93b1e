/** The server's field errors (`{field, message}`, field as a dotted path) sorted onto the form's inputs. */
import { ApiError } from "../../../lib/errors.ts";

export interface FormErrors {
  /** By top-level field: "name", "permissions", "applies_to.users"… */
  fields: Record<string, string>;
  /** By condition row. */
  conditions: Record<number, string>;
  /** What does not belong to one input. */
  general: string | null;
}

export const NO_ERRORS: FormErrors = { fields: {}, conditions: {}, general: null };

const GROUPED = ["applies_to.users", "applies_to.roles", "applies_to.teams", "targeted_users", "targeted_roles", "targeted_teams"];

/** `known` lists the form's top-level fields; an error on anything else is shown above the form. */
export function formErrorsFrom(error: unknown, known: readonly string[]): FormErrors {
  if (!(error instanceof ApiError)) return { ...NO_ERRORS, general: error instanceof Error ? error.message : "Could not save" };
  const out: FormErrors = { fields: {}, conditions: {}, general: null };
  for (const e of error.errors ?? []) {
    const cond = /^conditions\.(\d+)/.exec(e.field);
    if (cond) {
      out.conditions[Number(cond[1])] ??= e.message;
      continue;
    }
    const group = GROUPED.find((g) => e.field === g || e.field.startsWith(`${g}.`));
    const top = group ?? e.field.split(".")[0] ?? e.field;
    if (known.includes(top)) out.fields[top] ??= e.message;
    else out.general ??= `${e.field}: ${e.message}`;
  }
  if (!error.errors?.length || (!Object.keys(out.fields).length && !Object.keys(out.conditions).length && !out.general)) {
    out.general = error.detail ?? error.message;
  }
  // A refusal (escalation, rank) says why above the form as well as on the field.
  if (error.status === 403 && error.detail) out.general ??= error.detail;
  return out;
}
