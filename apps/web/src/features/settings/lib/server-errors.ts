/**
 * Turning API failures into what the settings tabs show: "the server is not there" (network,
 * timeout, 5xx: keep working from the local copy; a 503 says nothing, outreach-core §8) versus a
 * refusal whose message belongs next to the field it concerns.
 */
import { ApiError } from "../../../lib/errors.ts";

/** 5xx answers that are real, specific refusals rather than an unavailable server. */
const MEANINGFUL_5XX = new Set(["BACKUP_DESTINATION_UNAVAILABLE", "INSUFFICIENT_STORAGE", "PAYMENTS_NOT_CONFIGURED"]);

export function isServerUnavailable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code && MEANINGFUL_5XX.has(error.code)) return false;
  return error.type === "network" || error.type === "timeout" || (error.status !== undefined && error.status >= 500);
}

/** The message for one field: the server's per-field errors first, else the error itself when it names that field. */
export function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const match = error.errors?.find((e) => e.field === field || e.field.startsWith(`${field}.`) || e.field.endsWith(`.${field}`));
  if (match) return match.message;
  return error.field === field ? error.message : undefined;
}

/** A message for the form as a whole, or nothing when the error is silent (503) or shown on a field. */
export function formError(error: unknown, fields: readonly string[] = []): string | undefined {
  if (!error) return undefined;
  if (error instanceof ApiError) {
    if (error.status === 503 && !(error.code && MEANINGFUL_5XX.has(error.code))) return undefined;
    if (fields.some((f) => fieldError(error, f))) return undefined;
    return error.detail ?? error.message;
  }
  return error instanceof Error ? error.message : "Something went wrong";
}

export function errorCode(error: unknown): string | undefined {
  return error instanceof ApiError ? error.code : undefined;
}
