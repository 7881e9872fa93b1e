import type { Feature } from "../../platform/feature.ts";
import { createPaymentProcessor } from "./billing.processor.ts";
import { billingRoutes } from "./billing.routes.ts";

/** Billing: the plan catalogue, the organization's plan and usage, plan changes and invoices. */
export const billingFeature: Feature = {
  name: "billing",
  register(ctx) {
    ctx.paymentProcessor = createPaymentProcessor();
  },
  routes: billingRoutes,
};
