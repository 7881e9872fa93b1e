/**
 * The suppression list's public surface: the addresses a workspace never emails again, which the
 * sender, one-off sends and lead outcomes consult and add to.
 */
export { addToSuppressionList, suppressedAmong, suppressionHash } from "./suppression.service.ts";
export { suppressions } from "./suppression.table.ts";
