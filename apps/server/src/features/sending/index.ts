/**
 * The sending feature's public surface: lead outcomes (a reply, bounce or unsubscribe stops the
 * sequence), message building and delivery for one-off sends, the sender's locks, events of sent
 * messages and the signed tracking links. Never the repositories.
 */

// The bandit's posterior maths, for ai-insights' /ai/reinforcement-learning (read-only).
export { effectiveFloor, probabilityBest, successesOf } from "./ab.bandit.ts";
export { declareWinner, getExperiment, listExperiments } from "./ab.experiments.ts";
// Read-only, for campaign intelligence's agents page: the kill switch's holds and the A/B bandit's allocations.
export { abExperiments } from "./ab.table.ts";
export { sendingHoldFor } from "./holds.service.ts";
export { applyOutcome, type Outcome } from "./lead-outcome.ts";
export { insertEvent, type NewEvent, pushEvent, recordEvent } from "./message-events.service.ts";
export type { EventMessage } from "./message-events.types.ts";
export { buildMessage, type ComposedMessage } from "./sending.compose.ts";
export { failureText, isRecipientRefused } from "./sending.deliver.ts";
export { lockCampaign, lockInboxes, setInboxLastSent } from "./sending.locks.ts";
export { planAllowance } from "./sending.service.ts";
export { createTransports, type DeliveryError, type Transports } from "./sending.transports.ts";
export { sendingHolds } from "./sending-holds.table.ts";
export { isClickSignature, isOpenSignature, readUnsubscribeToken } from "./tracked-links.ts";
