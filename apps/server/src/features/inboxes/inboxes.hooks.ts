/**
 * Hooks the inboxes feature declares for the features above it (platform/hooks.ts):
 * - "inboxes.sentMessages": each feature that sends mail from an inbox names its outbox table
 *   (columns inbox_id, status, sent_at); the daily-limit and bounce-window counts read them all
 *   in one query. Campaigns and compose subscribe.
 * - "inboxes.deleted": inside the deleting transaction, after the row is gone: a feature that
 *   still sends from the inbox refuses (throws, which rolls the delete back), others let go of
 *   it. Campaigns subscribes.
 */
import type { Db } from "../../db/client.ts";
import type { SentMessagesTable } from "./inboxes.repository.ts";

declare module "../../platform/hooks.ts" {
  interface HookHandlers {
    "inboxes.sentMessages": () => SentMessagesTable;
    "inboxes.deleted": (e: { tx: Db; workspaceId: string; inboxId: string }) => Promise<void>;
  }
}
