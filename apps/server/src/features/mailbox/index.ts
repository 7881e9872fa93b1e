/** The local mailbox's public surface: reading the system email this instance produced. */
export { getMailMessage, listMailbox } from "./mailbox.service.ts";
