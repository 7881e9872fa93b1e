/** The tracking feature's public surface: its Feature (opens, clicks and unsubscribes are public routes only). */
export { trackingFeature } from "./tracking.feature.ts";
