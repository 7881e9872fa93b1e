/** Labels and colours shared by the incidents components. */
import type { ContainmentActionType, IncidentEvent, IncidentSeverity, IncidentStatus } from "@prospector/contracts";

export const STATUS_LABEL: Record<IncidentStatus, string> = {
  open: "Open",
  investigating: "Investigating",
  contained: "Contained",
  resolved: "Resolved",
  closed: "Closed",
};

export const SEVERITY_LABEL: Record<IncidentSeverity, string> = { low: "Low", medium: "Medium", high: "High", critical: "Critical" };

export const SEVERITY_COLOR: Record<IncidentSeverity, "default" | "info" | "warning" | "error"> = {
  low: "default",
  medium: "info",
  high: "warning",
  critical: "error",
};

export const STATUS_COLOR: Record<IncidentStatus, "error" | "warning" | "info" | "success" | "default"> = {
  open: "error",
  investigating: "warning",
  contained: "info",
  resolved: "success",
  closed: "default",
};

export const ACTION_LABEL: Record<ContainmentActionType, string> = {
  revoke_sessions: "Revoke sessions",
  disable_api_key: "Disable API key",
  lock_account: "Lock account",
  unlock_account: "Unlock account",
};

/** What the confirm dialog says will happen. */
export const ACTION_EFFECT: Record<ContainmentActionType, string> = {
  revoke_sessions: "signs the member out everywhere at once: every open session stops working on its next request.",
  disable_api_key: "refuses the key from its next request on; its owner can see it disabled in Settings → API Keys.",
  lock_account:
    "locks the account: it cannot sign in (password or SSO), its sessions end now and its API keys are refused until someone unlocks it here.",
  unlock_account: "lets the member sign in again. Their API keys work again unless they were disabled.",
};

export const dateTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** One timeline entry in words. */
export function describeEvent(e: IncidentEvent, nameOf: (id: unknown) => string): string {
  const d = e.detail;
  switch (e.type) {
    case "created":
      return `Created the incident (${String(d.severity ?? "")} severity)`;
    case "status":
      return `${d.reopened ? "Reopened" : "Moved"} from ${STATUS_LABEL[d.from as IncidentStatus] ?? d.from} to ${
        STATUS_LABEL[d.to as IncidentStatus] ?? d.to
      }${d.reason ? `: “${String(d.reason)}”` : ""}`;
    case "severity":
      return `Changed severity from ${SEVERITY_LABEL[d.from as IncidentSeverity] ?? d.from} to ${SEVERITY_LABEL[d.to as IncidentSeverity] ?? d.to}`;
    case "assignment":
      return d.to ? `Assigned to ${nameOf(d.to)}` : "Removed the assignee";
    case "comment":
      return String(d.body ?? "");
    case "action": {
      const target = d.target as { label?: string } | undefined;
      return `${ACTION_LABEL[d.action as ContainmentActionType] ?? d.action} on ${target?.label ?? "?"}: ${String(d.result ?? "")}`;
    }
    case "alert_linked":
      return "Linked the security alert it was opened from";
    default:
      return e.type;
  }
}
