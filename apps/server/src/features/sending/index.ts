/**
 * The sending feature's public surface: lead outcomes (a reply, bounce or unsubscribe stops the
 * sequence), message building and delivery for one-off sends, the sender's locks, events of sent
 * messages and the signed tracking links. Never the repositories.
 */
export { applyOutcome, type Outcome, type OutcomeInput } from "./lead-outcome.ts";
export { type EventMessage, insertEvent, type NewEvent, pushEvent, recordEvent } from "./message-events.service.ts";
export { buildMessage, type ComposedMessage, messageIdFor } from "./sending.compose.ts";
export { failureText, isRecipientRefused } from "./sending.deliver.ts";
export type { SendingEngine } from "./sending.engine.ts";
export { lockCampaign, lockInboxes, setInboxLastSent, type Tx } from "./sending.locks.ts";
export { planAllowance } from "./sending.service.ts";
export { createTransports, type DeliveryError, type Transports } from "./sending.transports.ts";
export {
  addPixel,
  clickSignature,
  clickUrl,
  openSignature,
  openUrl,
  readUnsubscribeToken,
  rewriteLinks,
  unsubscribeSignature,
  unsubscribeUrl,
} from "./tracked-links.ts";
