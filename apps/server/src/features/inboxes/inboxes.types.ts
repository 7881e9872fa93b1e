/** Types of the inboxes feature that its repository, its services and other features share. */
import type { inboxes } from "./inboxes.table.ts";

export type InboxRow = typeof inboxes.$inferSelect;

export interface SendStats {
  /** Sent or in flight in the last 24 hours. */
  sentToday: number;
  recentSends: number;
  recentBounces: number;
}
