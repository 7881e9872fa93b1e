/**
 * The campaign error texts of outreach-core §6 and §8: what the list says for 401/403/500/503, and
 * what a campaign call says for 404/400 (the server's detail, else "Failed to …").
 */
import { ApiError, errorMessage } from "../../../lib/errors.ts";

export const CAMPAIGN_MESSAGES = {
  unauthorized: "Authentication required. Please log in again.",
  forbiddenNoToken: "Please log in to view campaigns.",
  forbidden: "You do not have permission to view campaigns.",
  server: "Server error occurred. Please try again later.",
  notFound: "Campaign not found",
  required: "Campaign name and subject line are required",
} as const;

/** Marks the list's 503: the page shows an empty list instead of an error (§8). */
export const SERVICE_UNAVAILABLE = 503;

/** The list's error text; `hadToken` is whether a token was sent (the client may clear it after). */
export function campaignListErrorMessage(error: unknown, hadToken: boolean): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return CAMPAIGN_MESSAGES.unauthorized;
    if (error.status === 403) return hadToken ? CAMPAIGN_MESSAGES.forbidden : CAMPAIGN_MESSAGES.forbiddenNoToken;
    if (error.status !== undefined && error.status >= 500) return CAMPAIGN_MESSAGES.server;
  }
  return errorMessage(error);
}

/**
 * The text for a failed campaign call: 404 → 'Campaign not found'; 401 → log in again; 5xx → the
 * server-error line; a 400/422 → the server's detail (the spec's state texts come from there);
 * otherwise `Failed to {action}`.
 */
export function campaignActionErrorMessage(error: unknown, action: string): string {
  if (error instanceof ApiError) {
    if (error.status === 404) return CAMPAIGN_MESSAGES.notFound;
    if (error.status === 401) return CAMPAIGN_MESSAGES.unauthorized;
    if (error.status === 403) return error.detail ?? error.message;
    if (error.status !== undefined && error.status >= 500) return error.detail ?? CAMPAIGN_MESSAGES.server;
    if (error.status === 422 && error.errors?.length) return error.errors[0]!.message;
    if (error.detail) return error.detail;
    if (error.type === "network" || error.type === "timeout") return error.message;
  }
  return `Failed to ${action}`;
}
