/** How CRM values read on screen: money in its currency, task statuses, interaction types, due dates. */
import type { ChipProps } from "@mui/material";

export function formatMoney(value: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: "currency", currency, maximumFractionDigits: value % 1 === 0 ? 0 : 2 }).format(value);
  } catch {
    return `${value.toLocaleString()} ${currency}`;
  }
}

/** Totals per currency, never summed across currencies: "$1,200 · €300". */
export function formatTotals(totals: Array<{ currency: string; value: number }> | Record<string, number>): string {
  const list = Array.isArray(totals) ? totals : Object.entries(totals).map(([currency, value]) => ({ currency, value }));
  if (list.length === 0) return formatMoney(0, "USD");
  return list.map((t) => formatMoney(t.value, t.currency)).join(" · ");
}

/** Sums deal values per currency. */
export function sumByCurrency(deals: Array<{ value: number; currency: string }>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const d of deals) out[d.currency] = (out[d.currency] ?? 0) + d.value;
  return out;
}

export const TASK_STATUS_LABELS: Record<string, string> = {
  open: "Open",
  in_progress: "In progress",
  done: "Done",
  cancelled: "Cancelled",
};
// Filled chips whose white text keeps a 4.5:1 contrast in the light theme (MUI's info and warning do not).
export const TASK_STATUS_COLORS: Record<string, ChipProps["color"]> = {
  open: "primary",
  in_progress: "secondary",
  done: "success",
  cancelled: "default",
};
export const INTERACTION_TYPE_LABELS: Record<string, string> = { email: "Email", call: "Call", meeting: "Meeting", note: "Note" };
export const INTERACTION_SOURCE_LABELS: Record<string, string> = {
  manual: "Added by hand",
  reply: "A reply",
  compose: "Sent from Compose",
  meeting: "Booked meeting",
};
export const DEAL_STATUS_LABELS: Record<string, string> = { open: "Open", won: "Won", lost: "Lost" };
export const DEAL_STATUS_COLORS: Record<string, ChipProps["color"]> = { open: "primary", won: "success", lost: "default" };

export const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/** A date (YYYY-MM-DD or ISO) in the user's locale, without a time. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return "";
  const d = new Date(value.length === 10 ? `${value}T00:00:00` : value);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleDateString(undefined, { dateStyle: "medium" });
}

/** Is an open task past its due time? */
export function isOverdue(task: { due_date: string | null; status: string }, now = Date.now()): boolean {
  if (!task.due_date || task.status === "done" || task.status === "cancelled") return false;
  return new Date(task.due_date).getTime() < now;
}
