/**
 * Usage limits per organization plan. The plan catalogue (plans.ts) prices the plans; this file
 * says what each allows. "trial" is every new organization's plan; its figures are the spec's
 * sample plan limits (outreach-core §9). null means unlimited.
 */
export interface PlanLimits {
  /** Leads created per calendar month (UTC), across the organization's workspaces. */
  leads_per_month: number | null;
  /** Emails sent per calendar month (UTC), across the organization's workspaces. */
  emails_per_month: number | null;
  /** Campaigns created per calendar month (UTC). */
  campaigns_per_month: number | null;
  /** Bytes of files kept for the organization (uploads, exports, backups). */
  storage_bytes: number | null;
  /** Active members across the organization's workspaces. */
  members: number | null;
}

const GB = 1024 ** 3;

export const PLAN_LIMITS: Record<string, PlanLimits> = {
  trial: { leads_per_month: 2_000, emails_per_month: 5_000, campaigns_per_month: 50, storage_bytes: 100 * GB, members: 10 },
  // Members follow the catalogue's max_users (plans.ts); the other figures scale with the price.
  starter: { leads_per_month: 25_000, emails_per_month: 50_000, campaigns_per_month: 200, storage_bytes: 250 * GB, members: 10 },
  growth: { leads_per_month: 250_000, emails_per_month: 500_000, campaigns_per_month: 1_000, storage_bytes: 1024 * GB, members: 50 },
  enterprise: { leads_per_month: null, emails_per_month: null, campaigns_per_month: null, storage_bytes: null, members: null },
  /** Self-hosters who want no limit set their organization's plan to this. */
  unlimited: { leads_per_month: null, emails_per_month: null, campaigns_per_month: null, storage_bytes: null, members: null },
};

/** An unknown plan name gets the trial's limits, never unlimited. */
export const limitsFor = (plan: string): PlanLimits => PLAN_LIMITS[plan] ?? (PLAN_LIMITS.trial as PlanLimits);
