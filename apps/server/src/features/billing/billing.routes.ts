/** Billing under /api/user-settings/billing: every member sees the plan and usage; billing:update changes them. */
import { BillingAddress, BillingOverview, BillingPlan, ChangePlanRequest, Invoice } from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { createPaymentProcessor } from "./billing.processor.ts";
import { createBillingService } from "./billing.service.ts";

const BASE = "/api/user-settings/billing";

export function billingRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const billing = createBillingService(ctx, { processor: createPaymentProcessor() });
  const tags = ["billing"];

  app.get(
    BASE,
    { config: { access: "authenticated", apiKeyScope: "billing:update" }, schema: { tags, response: { 200: BillingOverview } } },
    (req) => billing.overview(requireAuth(req)),
  );
  app.get(
    `${BASE}/plans`,
    { config: { access: "authenticated", apiKeyScope: "billing:update" }, schema: { tags, response: { 200: z.array(BillingPlan) } } },
    () => billing.catalogue(),
  );
  app.post(
    `${BASE}/plan`,
    { config: { access: "billing:update" }, schema: { tags, body: ChangePlanRequest, response: { 200: BillingOverview } } },
    (req) => billing.changePlan(requireAuth(req), req.body),
  );
  app.put(
    `${BASE}/address`,
    { config: { access: "billing:update" }, schema: { tags, body: BillingAddress, response: { 200: BillingAddress } } },
    (req) => billing.setAddress(requireAuth(req), req.body),
  );
  app.put(
    `${BASE}/auto-renew`,
    {
      config: { access: "billing:update" },
      schema: { tags, body: z.object({ autoRenew: z.boolean() }), response: { 200: BillingOverview } },
    },
    (req) => billing.setAutoRenew(requireAuth(req), req.body.autoRenew),
  );
  app.get(
    `${BASE}/invoices`,
    { config: { access: "authenticated", apiKeyScope: "billing:update" }, schema: { tags, response: { 200: z.array(Invoice) } } },
    (req) => billing.invoices(requireAuth(req)),
  );
}
