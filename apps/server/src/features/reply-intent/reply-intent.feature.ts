import type { Feature } from "../../platform/feature.ts";
import { replyIntentRoutes } from "./reply-intent.routes.ts";

/** Reply intent (docs/ai/reply-intent.md): the built-in reply classifier and each received reply's class with its reasons. */
export const replyIntentFeature: Feature = {
  name: "reply-intent",
  routes: replyIntentRoutes,
};
