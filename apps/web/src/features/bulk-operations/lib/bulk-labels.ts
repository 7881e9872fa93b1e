/** Words for bulk operations: actions, states, and the undo countdown. */
import {
  BULK_NOT_UNDOABLE,
  type BulkOperation,
  type BulkOperationStatus,
  CAMPAIGN_DELETE_NOT_UNDOABLE,
  type CampaignBulkAction,
  type LeadBulkAction,
} from "@prospector/contracts";

export const LEAD_ACTION_LABELS: Record<LeadBulkAction, string> = {
  add_tags: "Add tags",
  remove_tags: "Remove tags",
  set_status: "Set status",
  add_to_campaign: "Add to campaign",
  remove_from_campaign: "Remove from campaign",
  enrich: "Enrich",
  delete: "Delete leads",
};

export const CAMPAIGN_ACTION_LABELS: Record<CampaignBulkAction, string> = {
  pause: "Pause",
  resume: "Resume",
  stop: "Stop",
  delete: "Delete campaigns",
};

export const STATUS_LABELS: Record<BulkOperationStatus, string> = {
  queued: "Queued",
  running: "Running",
  done: "Done",
  failed: "Failed",
  cancelled: "Cancelled",
  undone: "Undone",
};

export const STATUS_COLORS: Record<BulkOperationStatus, "default" | "info" | "success" | "error" | "warning"> = {
  queued: "default",
  running: "info",
  done: "success",
  failed: "error",
  cancelled: "warning",
  undone: "default",
};

/** Why an action cannot be undone (shown before it runs), or null when it can within the window. */
export function notUndoable(targetType: "leads" | "campaigns", action: string): string | null {
  if (targetType === "campaigns" && action === "delete") return CAMPAIGN_DELETE_NOT_UNDOABLE;
  return BULK_NOT_UNDOABLE[action as keyof typeof BULK_NOT_UNDOABLE] ?? null;
}

export function actionLabel(op: Pick<BulkOperation, "target_type" | "action">): string {
  const labels: Record<string, string> = op.target_type === "leads" ? LEAD_ACTION_LABELS : CAMPAIGN_ACTION_LABELS;
  return labels[op.action] ?? op.action;
}

/** "9:05" left of the undo window, or null once it has ended. */
export function timeLeft(until: string | null, now: number): string | null {
  if (!until) return null;
  const ms = new Date(until).getTime() - now;
  if (ms <= 0) return null;
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;
