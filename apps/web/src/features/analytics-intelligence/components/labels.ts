/** Names the analytics-intelligence pages show for metrics and places. */
import type { BenchmarkMetric, InsightScope } from "@prospector/contracts";

export const METRIC_LABELS: Record<BenchmarkMetric, string> = {
  reply_rate: "Reply rate",
  meeting_rate: "Meeting rate",
  open_rate: "Open rate",
  click_rate: "Click rate",
  bounce_rate: "Bounce rate",
  unsubscribe_rate: "Unsubscribe rate",
};

export const SCOPE_LABELS: Record<InsightScope, string> = {
  workspace: "Workspace",
  campaign: "Campaign",
  inbox: "Inbox",
  step: "Sequence step",
};

/** "1 Jan – 14 Jan 2026" for two ISO days (UTC). */
export function dayRange(from: string, to: string): string {
  const f = (d: string, year: boolean) =>
    new Date(`${d}T00:00:00Z`).toLocaleDateString("en-GB", {
      day: "numeric",
      month: "short",
      ...(year ? { year: "numeric" } : {}),
      timeZone: "UTC",
    });
  return `${f(from, false)} – ${f(to, true)}`;
}
