/** Display names for the team pages: roles, presence, member and invite status, activity kinds, sizes. */
import { ROLES, RoleId } from "@prospector/contracts";

export function roleLabel(role: string): string {
  const parsed = RoleId.safeParse(role);
  return parsed.success ? ROLES[parsed.data].label : role;
}

/** The catalogue roles, highest first (the order the spec's role table gives). */
export const ROLE_OPTIONS = (Object.keys(ROLES) as RoleId[])
  .map((id) => ({ id, label: ROLES[id].label, priority: ROLES[id].priority }))
  .sort((a, b) => b.priority - a.priority);

export const PRESENCE_LABELS: Record<string, string> = { online: "Online", away: "Away", offline: "Offline" };
export const PRESENCE_COLORS: Record<string, "success" | "warning" | "default"> = {
  online: "success",
  away: "warning",
  offline: "default",
};

export const INVITE_STATUS_LABELS: Record<string, string> = {
  pending: "Pending",
  accepted: "Accepted",
  cancelled: "Cancelled",
  expired: "Expired",
};

/** The families of activity kinds the feed's filter offers (the server matches a prefix ending in "."); the kinds the workspace service records. */
export const ACTIVITY_KIND_FILTERS = [
  { value: "", label: "Everything" },
  { value: "member.", label: "Members (joined, left, role, status)" },
  { value: "invite.", label: "Invitations" },
  { value: "workspace.", label: "Workspace settings and lifecycle" },
  { value: "domain.", label: "Email domains" },
  { value: "email.", label: "Emails sent" },
  { value: "reply.", label: "Replies received" },
  { value: "campaign.", label: "Campaigns (meetings booked)" },
];

/** The page an activity's subject has, if any (members and invites live on /team/members). */
export function subjectLink(subjectType: string | null, subjectId: string | null): string | null {
  if (!subjectType) return null;
  const id = subjectId ? encodeURIComponent(subjectId) : "";
  switch (subjectType) {
    case "campaign":
      return id ? `/campaigns/${id}` : null;
    case "lead":
      return id ? `/leads?selected=${id}` : null;
    case "deal":
      return id ? `/crm/deals?selected=${id}` : null;
    case "customer":
      return id ? `/crm/customers?selected=${id}` : null;
    case "interaction":
      return id ? `/crm/interactions?selected=${id}` : null;
    case "task":
      return id ? `/crm/tasks?selected=${id}` : null;
    case "member":
    case "user":
    case "invite":
      return "/team/members";
    case "workspace":
      return "/team/workspaces";
    default:
      return null;
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toLocaleString(undefined, { maximumFractionDigits: value < 10 ? 1 : 0 })} ${units[unit]}`;
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "") + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? "") : "")).toUpperCase() || "?";
}
