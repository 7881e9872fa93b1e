/**
 * Billing rules: the plan catalogue with limits, the organization's plan and live usage, plan
 * changes (PLAN_NOT_AVAILABLE, DOWNGRADE_NOT_ALLOWED), invoices and the billing address. Without a
 * payment processor nobody pays, so a paid plan is the instance admin's decision (an organization
 * admin could otherwise lift their own limits for free); with one, the processor charges first and
 * the plan changes only if it succeeds. The processor is `ctx.paymentProcessor`, built by the
 * feature's register (billing.feature.ts).
 */
import {
  type BillingAddress,
  type BillingCycle,
  type BillingOverview,
  type BillingPlan,
  billingPlan,
  type ChangePlanRequest,
  type Invoice,
  limitsFor,
  PLANS,
  TRIAL_DAYS,
  TRIAL_PLAN_ID,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import type { PaymentProcessor } from "./billing.processor.ts";

declare module "../../context.ts" {
  interface AppContext {
    /** The card payment processor, or null when none is configured (billing.processor.ts). */
    paymentProcessor: PaymentProcessor | null;
  }
}

type Ctx = Pick<AppContext, "db" | "config" | "hooks" | "paymentProcessor">;

import { type BillingRow, createBillingRepository, type InvoiceRow } from "./billing.repository.ts";
import { exceededLimits, organizationPlan, organizationUsage } from "./billing.usage.ts";

function addCycle(from: Date, cycle: BillingCycle): Date {
  const d = new Date(from);
  if (cycle === "yearly") d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
}

const toInvoice = (r: InvoiceRow): Invoice => ({
  id: r.id,
  number: r.number,
  amount: r.amountCents / 100,
  currency: r.currency,
  status: r.status,
  issuedAt: r.issuedAt.toISOString(),
  periodStart: r.periodStart?.toISOString() ?? null,
  periodEnd: r.periodEnd?.toISOString() ?? null,
  description: r.description,
});

/** Every plan in both billing cycles. */
export function billingCatalogue(): BillingPlan[] {
  return PLANS.flatMap((p) => [billingPlan(p.id, "monthly"), billingPlan(p.id, "yearly")]);
}

export async function billingOverview(ctx: Ctx, auth: AuthContext): Promise<BillingOverview> {
  const repo = createBillingRepository(ctx.db);
  const org = await organizationPlan(ctx, auth.workspaceId);
  const [billing, usage, invoiceRows] = await Promise.all([
    repo.find(org.organizationId),
    organizationUsage(ctx, org.organizationId, org.plan),
    repo.invoices(org.organizationId),
  ]);
  const cycle = billing?.billingCycle ?? "monthly";
  const trial = org.plan === TRIAL_PLAN_ID;
  const trialEndsAt = trial ? new Date(org.createdAt.getTime() + TRIAL_DAYS * 86_400_000) : null;
  return {
    plan: billingPlan(org.plan, cycle),
    usage,
    paymentsConfigured: ctx.paymentProcessor !== null,
    // Cards are held by the processor, never here; none without one.
    paymentMethods: [],
    billingAddress: billing?.billingAddress ?? null,
    history: invoiceRows.map(toInvoice),
    nextBillingDate: trial ? null : (billing?.currentPeriodEnd?.toISOString() ?? null),
    trialEndsAt: trialEndsAt?.toISOString() ?? null,
    subscriptionStatus: trial ? "trialing" : (billing?.subscriptionStatus ?? "active"),
    autoRenew: billing?.autoRenew ?? true,
    taxRate: billing?.taxRate ?? 0,
  };
}

export async function changePlan(ctx: Ctx, auth: AuthContext, request: ChangePlanRequest): Promise<BillingOverview> {
  const input = { plan_id: request.plan_id, billing_cycle: request.billing_cycle ?? "monthly" };
  const repo = createBillingRepository(ctx.db);
  const processor = ctx.paymentProcessor;
  const target = PLANS.find((p) => p.id === input.plan_id);
  if (!target) throw new AppError("PLAN_NOT_AVAILABLE", `There is no plan "${input.plan_id}"`);
  const offer = billingPlan(target.id, input.billing_cycle);
  if (!offer.selfServe) {
    throw new AppError("PLAN_NOT_AVAILABLE", `${target.name} is arranged with our sales team: use Contact Sales`);
  }
  if (!processor && offer.price > 0 && !auth.isInstanceAdmin) {
    throw new AppError(
      "PLAN_NOT_AVAILABLE",
      `Payments are not set up on this instance, so only the instance administrator can move an organization to ${target.name}`,
    );
  }
  const org = await organizationPlan(ctx, auth.workspaceId);
  const usage = await organizationUsage(ctx, org.organizationId, org.plan);
  const over = exceededLimits(usage, limitsFor(target.id));
  if (over.length > 0) throw new AppError("DOWNGRADE_NOT_ALLOWED", undefined, { errors: over });

  const billing: BillingRow | null = await repo.find(org.organizationId);
  const now = new Date();
  if (processor) {
    const result = await processor.changeSubscription({
      organizationId: org.organizationId,
      customerId: billing?.processorCustomerId ?? null,
      planId: target.id,
      cycle: input.billing_cycle,
    });
    await repo.changePlan(org.organizationId, target.id, {
      billingCycle: input.billing_cycle,
      subscriptionStatus: result.status,
      currentPeriodStart: result.currentPeriodStart,
      currentPeriodEnd: result.currentPeriodEnd,
      processorCustomerId: result.customerId,
    });
  } else {
    await repo.changePlan(org.organizationId, target.id, {
      billingCycle: input.billing_cycle,
      subscriptionStatus: "active",
      currentPeriodStart: now,
      currentPeriodEnd: addCycle(now, input.billing_cycle),
    });
  }
  return billingOverview(ctx, auth);
}

export async function setBillingAddress(ctx: Ctx, auth: AuthContext, address: BillingAddress): Promise<BillingAddress> {
  const org = await organizationPlan(ctx, auth.workspaceId);
  await createBillingRepository(ctx.db).setAddress(org.organizationId, address);
  return address;
}

export async function setAutoRenew(ctx: Ctx, auth: AuthContext, autoRenew: boolean): Promise<BillingOverview> {
  const org = await organizationPlan(ctx, auth.workspaceId);
  await createBillingRepository(ctx.db).upsert(org.organizationId, { autoRenew });
  return billingOverview(ctx, auth);
}

export async function listInvoices(ctx: Pick<AppContext, "db">, auth: AuthContext): Promise<Invoice[]> {
  const org = await organizationPlan(ctx, auth.workspaceId);
  return (await createBillingRepository(ctx.db).invoices(org.organizationId)).map(toInvoice);
}
