import type { Feature } from "../../platform/feature.ts";
import { createDeliverabilityDns } from "./deliverability.dns.ts";
import { defineDeliverabilityJobs } from "./deliverability.jobs.ts";
import { deliverabilityRoutes } from "./deliverability.routes.ts";

/** Deliverability checks per inbox and sending domain: SPF, DKIM, DMARC, MX, blocklists, bounce and complaint rates (docs/deliverability.md). */
export const deliverabilityFeature: Feature = {
  name: "deliverability",
  register(ctx) {
    ctx.deliverabilityDns = createDeliverabilityDns(ctx.config);
    defineDeliverabilityJobs(ctx);
  },
  routes: deliverabilityRoutes,
};
