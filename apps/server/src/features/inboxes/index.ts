/** The inboxes feature's public surface: what other features may import (services, types, tables). */
export { imapOptions, smtpOptions } from "./inboxes.connection.ts";
export { checkInboxHealth, effectiveDailyLimit, inboxCapacity, inboxesByIds, inboxSendStats } from "./inboxes.health.ts";
export { findInbox } from "./inboxes.service.ts";
export { inboxes, type ServerSettings } from "./inboxes.table.ts";
export type { InboxRow, SendStats } from "./inboxes.types.ts";
