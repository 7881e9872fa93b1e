/** The replies feature's public surface: its Feature (IMAP polling of the campaign inboxes). */
export { repliesFeature } from "./replies.feature.ts";
export type { ReplyReceived } from "./replies.hooks.ts";
