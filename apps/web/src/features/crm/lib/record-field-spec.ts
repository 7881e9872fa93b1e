/**
 * How a CRM form's values travel. Every field is held as a string (or a tag list / a boolean) while
 * editing; `toPayload` turns the changed ones into the wire body (empty text → null, numbers and
 * dates parsed), the record's contract schema checks it before anything is sent, and a refused save
 * (422 `errors`, or a 404 naming a linked record's field) puts each message on the field it names.
 */
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { z } from "zod";
import { ApiError, errorMessage } from "../../../lib/errors.ts";

export type FieldKind =
  | "text"
  | "email"
  | "multiline"
  | "number"
  | "percent"
  | "date"
  | "datetime"
  | "select"
  | "tags"
  | "currency"
  | "customer";

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  /** Spans both columns. */
  wide?: boolean;
  helper?: string;
  options?: Array<{ value: string; label: string }>;
  required?: boolean;
}

export type FormValues = Record<string, string | string[] | boolean>;

/** A record's value for a field, as the form holds it. */
export function toFormValue(spec: FieldSpec, value: unknown): string | string[] {
  if (spec.kind === "tags") return Array.isArray(value) ? value.map(String) : [];
  if (value === null || value === undefined) return "";
  if (spec.kind === "datetime") return isoToLocalInput(String(value));
  if (spec.kind === "date") return String(value).slice(0, 10);
  return String(value);
}

export function formValuesOf(specs: FieldSpec[], record: Record<string, unknown> | null, defaults: FormValues = {}): FormValues {
  return Object.fromEntries(
    specs.map((s) => [s.name, record ? toFormValue(s, record[s.name]) : (defaults[s.name] ?? (s.kind === "tags" ? [] : ""))]),
  );
}

/** "2026-11-24T15:30" in the browser's zone, for <input type="datetime-local">. */
export function isoToLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * The wire value of one field. Blank means "no value": null (clears it on an update), or left out
 * of a create so the server's default applies. A number that does not parse is sent as the text
 * typed, so the contract names the field instead of the form guessing.
 */
export function wireValue(spec: FieldSpec, value: string | string[] | boolean | undefined, forCreate: boolean): unknown {
  if (spec.kind === "tags") return Array.isArray(value) ? value : [];
  if (typeof value === "boolean" || Array.isArray(value)) return value;
  const text = (value ?? "").trim();
  if (text === "") return forCreate ? undefined : null;
  if (spec.kind === "number" || spec.kind === "percent") {
    const n = Number(text);
    return Number.isFinite(n) ? n : text;
  }
  if (spec.kind === "datetime") {
    const d = new Date(text);
    return Number.isNaN(d.getTime()) ? text : d.toISOString();
  }
  return value;
}

/** The body to send: every field for a create, only the changed ones for an update. */
export function toPayload(specs: FieldSpec[], values: FormValues, changed: string[] | null): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const spec of specs) {
    if (changed && !changed.includes(spec.name)) continue;
    const v = wireValue(spec, values[spec.name], changed === null);
    if (v !== undefined) body[spec.name] = v;
  }
  return body;
}

/** Checks a body with the record's contract; returns the field messages (first per field), or null when it passes. */
export function contractErrors(schema: z.ZodType, body: unknown): Array<{ field: string; message: string }> | null {
  const parsed = schema.safeParse(body);
  if (parsed.success) return null;
  const seen = new Set<string>();
  const out: Array<{ field: string; message: string }> = [];
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "");
    if (seen.has(field)) continue;
    seen.add(field);
    out.push({ field, message: issue.message });
  }
  return out;
}

/**
 * Places field errors on their fields; returns what no field covers (shown above the form), or
 * null when every message found its field.
 */
export function placeErrors<T extends FieldValues>(
  errors: Array<{ field: string; message: string }>,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): string | null {
  const unplaced: string[] = [];
  for (const e of errors) {
    if (fields.includes(e.field)) setError(e.field as Path<T>, { type: "server", message: e.message });
    else unplaced.push(e.field && e.field !== "unknown" ? `${e.field}: ${e.message}` : e.message);
  }
  return unplaced.length ? unplaced.join(". ") : null;
}

/** A failed save: its field errors on the fields, the rest as the form's message. */
export function placeServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): string | null {
  if (!(error instanceof ApiError)) return errorMessage(error);
  if (!error.errors?.length) return error.detail ?? error.message;
  return placeErrors(error.errors, setError, fields);
}
