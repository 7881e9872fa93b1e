/** The audit log's filters as the form holds them, and as GET /rbac/audit/logs(.csv) takes them. */
import type { AuditFilters } from "@prospector/contracts";

export interface AuditFilterState {
  userId: string;
  event: string;
  result: string;
  resource: string;
  /** YYYY-MM-DD from a date input, in the viewer's own time zone. */
  from: string;
  to: string;
}

export const EMPTY_AUDIT_FILTERS: AuditFilterState = { userId: "", event: "", result: "", resource: "", from: "", to: "" };

/** Events the server records in the access audit (access.*, access-rules.*, teams). */
export const AUDIT_EVENTS = [
  "access_denied",
  "access_check",
  "role_assigned",
  "role_removed",
  "policy_created",
  "policy_updated",
  "policy_deleted",
  "feature_flag_saved",
  "access_requested",
  "access_request_approved",
  "access_request_rejected",
  "team_created",
  "team_updated",
  "team_deleted",
  "team_member_added",
  "team_member_removed",
  "team_permissions_updated",
];

export const AUDIT_RESULTS = ["allowed", "denied", "ok"];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day's start or end in the viewer's time zone, as an ISO instant (the server compares instants). */
function dayBound(day: string, end: boolean): string | undefined {
  if (!DAY.test(day)) return undefined;
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const at = end ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d, 0, 0, 0, 0);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

/** Only the filters that are set; a range given backwards is put the right way round. */
export function auditFilters(state: AuditFilterState): AuditFilters {
  let from = state.from;
  let to = state.to;
  if (DAY.test(from) && DAY.test(to) && from > to) [from, to] = [to, from];
  const out: AuditFilters = {};
  if (state.userId) out.user_id = state.userId;
  if (state.event.trim()) out.event = state.event.trim();
  if (state.result) out.result = state.result;
  if (state.resource.trim()) out.resource = state.resource.trim().toLowerCase();
  const f = dayBound(from, false);
  const t = dayBound(to, true);
  if (f) out.from = f;
  if (t) out.to = t;
  return out;
}
