/**
 * Every feature, lowest layer first (the order of LAYERS in test/architecture.ts and of
 * ARCHITECTURE.md). The API and the worker register them in this order; the API then adds routes.
 */
import { healthFeature } from "./features/health/health.feature.ts";
import { mailboxFeature } from "./features/mailbox/mailbox.feature.ts";
import { repliesFeature } from "./features/replies/replies.feature.ts";
import { sendingFeature } from "./features/sending/sending.feature.ts";
import { suppressionFeature } from "./features/suppression/suppression.feature.ts";
import { teamSocketFeature } from "./features/team-socket/team-socket.feature.ts";
import { trackingFeature } from "./features/tracking/tracking.feature.ts";
import type { Feature } from "./platform/feature.ts";

export const FEATURES: readonly Feature[] = [
  mailboxFeature,
  suppressionFeature,
  sendingFeature,
  trackingFeature,
  repliesFeature,
  teamSocketFeature,
  healthFeature,
];
