/** Billing under /api/user-settings/billing: every member sees the plan and usage; billing:update changes them. */
import { BillingAddress, BillingOverview, BillingPlan, ChangePlanRequest, Invoice } from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { billingCatalogue, billingOverview, changePlan, listInvoices, setAutoRenew, setBillingAddress } from "./billing.service.ts";

const BASE = "/api/user-settings/billing";

export function billingRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["billing"];

  app.get(
    BASE,
    { config: { access: "authenticated", apiKeyScope: "billing:update" }, schema: { tags, response: { 200: BillingOverview } } },
    (req) => billingOverview(ctx, requireAuth(req)),
  );
  app.get(
    `${BASE}/plans`,
    { config: { access: "authenticated", apiKeyScope: "billing:update" }, schema: { tags, response: { 200: z.array(BillingPlan) } } },
    () => billingCatalogue(),
  );
  app.post(
    `${BASE}/plan`,
    { config: { access: "billing:update" }, schema: { tags, body: ChangePlanRequest, response: { 200: BillingOverview } } },
    (req) => changePlan(ctx, requireAuth(req), req.body),
  );
  app.put(
    `${BASE}/address`,
    { config: { access: "billing:update" }, schema: { tags, body: BillingAddress, response: { 200: BillingAddress } } },
    (req) => setBillingAddress(ctx, requireAuth(req), req.body),
  );
  app.put(
    `${BASE}/auto-renew`,
    {
      config: { access: "billing:update" },
      schema: { tags, body: z.object({ autoRenew: z.boolean() }), response: { 200: BillingOverview } },
    },
    (req) => setAutoRenew(ctx, requireAuth(req), req.body.autoRenew),
  );
  app.get(
    `${BASE}/invoices`,
    { config: { access: "authenticated", apiKeyScope: "billing:update" }, schema: { tags, response: { 200: z.array(Invoice) } } },
    (req) => listInvoices(ctx, requireAuth(req)),
  );
}
