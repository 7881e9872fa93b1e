/** Words and colours for an inbox's health, shared by /inboxes and the campaign wizard. */
import type { InboxStatus } from "@prospector/contracts";

export const healthLabel = (s: InboxStatus) => ({ healthy: "Healthy", warning: "Warning", paused: "Paused" })[s] ?? s;
export const healthColor = (s: InboxStatus): "success" | "warning" | "error" =>
  (({ healthy: "success", warning: "warning", paused: "error" }) as const)[s] ?? "warning";
