/** The compose feature's public surface: what other features may import (services, types, tables). */

export type { ComposeSent } from "./compose.hooks.ts";
export {
  composeRecipient,
  composeTrackingRef,
  countComposeTracked,
  failInterruptedSends,
  toComposeMessage,
} from "./compose.service.ts";
export { composeMessages } from "./compose.table.ts";
