/**
 * The plan catalogue (shell spec §3, §9): one source for the landing page's pricing table and,
 * later, billing. Prices are whole US dollars per month; "yearly" is the per-month price when
 * billed yearly.
 */
import { z } from "zod";

export const PlanId = z.enum(["starter", "growth", "enterprise"]);
export type PlanId = z.infer<typeof PlanId>;

export const PlanFeature = z.object({ label: z.string(), included: z.boolean() });
export type PlanFeature = z.infer<typeof PlanFeature>;

export const Plan = z.object({
  id: PlanId,
  name: z.string(),
  monthly_price: z.number().int().positive(),
  yearly_price: z.number().int().positive(),
  description: z.string(),
  /** At most this many users; null means unlimited. */
  max_users: z.number().int().positive().nullable(),
  /** Tracked events per month; null means unlimited. */
  max_events_per_month: z.number().int().positive().nullable(),
  featured: z.boolean(),
  badge: z.string().nullable(),
  /** "trial" starts the 14-day trial; "sales" asks to be contacted. */
  call_to_action: z.object({ label: z.string(), kind: z.enum(["trial", "sales"]) }),
  features: z.array(PlanFeature),
});
export type Plan = z.infer<typeof Plan>;

export const TRIAL_DAYS = 14;
export const YEARLY_DISCOUNT_PERCENT = 20;
export const MONEY_BACK_DAYS = 30;

export const PLANS: readonly Plan[] = [
  {
    id: "starter",
    name: "Starter",
    monthly_price: 1200,
    yearly_price: 960,
    description: "For small teams starting outbound",
    max_users: 10,
    max_events_per_month: 100_000,
    featured: false,
    badge: null,
    call_to_action: { label: "Start Free Trial", kind: "trial" },
    features: [
      { label: "Up to 10 users", included: true },
      { label: "100K events per month", included: true },
      { label: "AI-personalized cold email", included: true },
      { label: "Lead scraping and enrichment", included: true },
      { label: "Reply tracking", included: true },
      { label: "Advanced analytics", included: false },
      { label: "Single sign-on (SSO)", included: false },
    ],
  },
  {
    id: "growth",
    name: "Growth",
    monthly_price: 2500,
    yearly_price: 2000,
    description: "For scaling sales teams",
    max_users: 50,
    max_events_per_month: 1_000_000,
    featured: true,
    badge: "Most Popular",
    call_to_action: { label: "Start Free Trial", kind: "trial" },
    features: [
      { label: "Up to 50 users", included: true },
      { label: "1M events per month", included: true },
      { label: "AI-personalized cold email", included: true },
      { label: "Lead scraping and enrichment", included: true },
      { label: "Reply tracking", included: true },
      { label: "Advanced analytics", included: true },
      { label: "Single sign-on (SSO)", included: false },
    ],
  },
  {
    id: "enterprise",
    name: "Enterprise",
    monthly_price: 5000,
    yearly_price: 4000,
    description: "For organizations with custom needs",
    max_users: null,
    max_events_per_month: null,
    featured: false,
    badge: null,
    call_to_action: { label: "Contact Sales", kind: "sales" },
    features: [
      { label: "Unlimited users", included: true },
      { label: "Unlimited events", included: true },
      { label: "AI-personalized cold email", included: true },
      { label: "Lead scraping and enrichment", included: true },
      { label: "Reply tracking", included: true },
      { label: "Advanced analytics", included: true },
      { label: "Single sign-on (SSO)", included: true },
    ],
  },
];

/** What a year of yearly billing saves against paying monthly: 12 × (monthly − yearly). */
export function yearlySavings(plan: Pick<Plan, "monthly_price" | "yearly_price">): number {
  return 12 * (plan.monthly_price - plan.yearly_price);
}
