/**
 * Billing tab (outreach-core §3 "Billing"): the landing page's plan catalogue (plans.ts) with the
 * limits of limits.ts, the organization's plan and live usage, plan changes, invoices and the
 * billing address. Card payments need a payment processor; `paymentsConfigured` says whether one
 * is set up, and nothing here pretends to charge a card without one.
 */
import { z } from "zod";
import { limitsFor, type PlanLimits } from "./limits.ts";
import { PLANS, type Plan, TRIAL_DAYS } from "./plans.ts";

export const BillingCycle = z.enum(["monthly", "yearly"]);
export type BillingCycle = z.infer<typeof BillingCycle>;
export const SubscriptionStatus = z.enum(["trialing", "active", "past_due", "canceled"]);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

export const PlanLimitsSchema = z.object({
  leads_per_month: z.number().int().nullable(),
  emails_per_month: z.number().int().nullable(),
  campaigns_per_month: z.number().int().nullable(),
  storage_bytes: z.number().int().nullable(),
  members: z.number().int().nullable(),
});

export const BillingPlan = z.object({
  id: z.string(),
  name: z.string(),
  /** Whole US dollars per month at this cycle (yearly: the per-month price billed yearly). */
  price: z.number().int(),
  currency: z.string(),
  billingCycle: BillingCycle,
  features: z.array(z.string()),
  limits: PlanLimitsSchema,
  /** Whether a workspace admin can switch to it here ("Contact Sales" plans cannot). */
  selfServe: z.boolean(),
});
export type BillingPlan = z.infer<typeof BillingPlan>;

/** One metered figure: `tracked` is false while the feature that produces it does not exist yet. */
export const UsageMetric = z.object({ used: z.number().int(), limit: z.number().int().nullable(), tracked: z.boolean() });
export type UsageMetric = z.infer<typeof UsageMetric>;

export const BillingUsage = z.object({
  emails: UsageMetric,
  leads: UsageMetric,
  campaigns: UsageMetric,
  storage: UsageMetric,
  members: UsageMetric,
  periodStart: z.string(),
});
export type BillingUsage = z.infer<typeof BillingUsage>;

export const BillingAddress = z.object({
  name: z.string().trim().min(1, "Name is required").max(200),
  company: z.string().trim().max(200).default(""),
  line1: z.string().trim().min(1, "Address is required").max(200),
  line2: z.string().trim().max(200).default(""),
  city: z.string().trim().min(1, "City is required").max(100),
  state: z.string().trim().max(100).default(""),
  postalCode: z.string().trim().max(20).default(""),
  country: z.string().regex(/^[A-Z]{2}$/, "Use a two-letter country code like US"),
  vatId: z.string().trim().max(50).default(""),
});
export type BillingAddress = z.infer<typeof BillingAddress>;

export const Invoice = z.object({
  id: z.string(),
  number: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(["draft", "open", "paid", "void", "uncollectible"]),
  issuedAt: z.string(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  description: z.string(),
});
export type Invoice = z.infer<typeof Invoice>;

export const BillingOverview = z.object({
  plan: BillingPlan,
  usage: BillingUsage,
  paymentsConfigured: z.boolean(),
  paymentMethods: z.array(z.object({ id: z.string(), brand: z.string(), last4: z.string(), expMonth: z.number(), expYear: z.number() })),
  billingAddress: BillingAddress.nullable(),
  history: z.array(Invoice),
  nextBillingDate: z.string().nullable(),
  trialEndsAt: z.string().nullable(),
  subscriptionStatus: SubscriptionStatus,
  autoRenew: z.boolean(),
  taxRate: z.number(),
});
export type BillingOverview = z.infer<typeof BillingOverview>;

export const ChangePlanRequest = z.object({ plan_id: z.string().min(1).max(50), billing_cycle: BillingCycle.default("monthly") });
export type ChangePlanRequest = z.input<typeof ChangePlanRequest>;

export const TRIAL_PLAN_ID = "trial";

/** The catalogue as billing shows it: one entry per plan and cycle. */
export function billingPlan(planId: string, cycle: BillingCycle): BillingPlan {
  const plan: Plan | undefined = PLANS.find((p) => p.id === planId);
  const limits: PlanLimits = limitsFor(planId);
  if (!plan) {
    return {
      id: planId,
      name: planId === TRIAL_PLAN_ID ? `Free trial (${TRIAL_DAYS} days)` : planId,
      price: 0,
      currency: "USD",
      billingCycle: cycle,
      features: [],
      limits,
      selfServe: false,
    };
  }
  return {
    id: plan.id,
    name: plan.name,
    price: cycle === "yearly" ? plan.yearly_price : plan.monthly_price,
    currency: "USD",
    billingCycle: cycle,
    features: plan.features.filter((f) => f.included).map((f) => f.label),
    limits,
    selfServe: plan.call_to_action.kind === "trial",
  };
}
