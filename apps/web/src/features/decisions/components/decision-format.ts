/** Labels and links shared by the decision log's components. */
import type { DecisionEvent, DecisionLinkKind, DecisionStatus } from "@prospector/contracts";

export const LINK_KINDS: DecisionLinkKind[] = ["lead", "campaign", "deal", "customer", "task"];

export const LINK_LABEL: Record<DecisionLinkKind, string> = {
  lead: "Lead",
  campaign: "Campaign",
  deal: "Deal",
  customer: "Customer",
  task: "Task",
};

/** Where a linked record lives in the app. */
export function linkHref(kind: DecisionLinkKind, id: string): string {
  const e = encodeURIComponent(id);
  switch (kind) {
    case "lead":
      return `/leads?selected=${e}`;
    case "campaign":
      return `/campaigns/${e}`;
    case "deal":
      return `/crm/deals?selected=${e}`;
    case "customer":
      return `/crm/customers?selected=${e}`;
    case "task":
      return `/crm/tasks?selected=${e}`;
  }
}

export const STATUS_LABEL: Record<DecisionStatus, string> = { open: "Open", decided: "Decided", cancelled: "Cancelled" };
export const STATUS_COLOR: Record<DecisionStatus, "primary" | "success" | "default"> = {
  open: "primary",
  decided: "success",
  cancelled: "default",
};

const str = (v: unknown) => (typeof v === "string" ? v : "");

/** One line of the thread: what happened, in words. */
export function eventText(e: DecisionEvent): string {
  const who = e.user?.name ?? "A former member";
  switch (e.kind) {
    case "created":
      return `${who} asked the question`;
    case "edited": {
      const fields = Array.isArray(e.detail.fields) ? (e.detail.fields as string[]).map((f) => f.replace("_at", " date")).join(", ") : "";
      return `${who} edited ${fields || "the decision"}`;
    }
    case "options_changed":
      return `${who} changed the options`;
    case "voted":
      return e.detail.previous
        ? `${who} changed their vote from "${str(e.detail.previous)}" to "${str(e.detail.option)}"`
        : `${who} voted for "${str(e.detail.option)}"`;
    case "vote_withdrawn":
      return `${who} withdrew their vote`;
    case "decided":
      return `${who} decided: "${str(e.detail.option)}"`;
    case "reopened":
      return `${who} reopened the decision`;
    case "cancelled":
      return `${who} cancelled the decision`;
    case "commented":
      return `${who} commented`;
  }
}
