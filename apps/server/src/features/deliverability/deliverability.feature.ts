import type { Feature } from "../../platform/feature.ts";

/** Deliverability checks per inbox and sending domain: SPF, DKIM, DMARC, MX, blocklists, bounce and complaint rates (docs/deliverability.md). */
export const deliverabilityFeature: Feature = {
  name: "deliverability",
};
