/**
 * Live usage of an organization against its plan limits, counted from real rows: leads created
 * this month (the plans feature's counter), active members, storage kept for it (members' profile
 * pictures here; exports, backups and workspace uploads from data-exports), and emails sent and
 * campaigns created this month (from campaigns). Billing sits below the features it meters, so
 * they report their figures through the "billing.usage" hook.
 */
import { limitsFor, type PlanLimits } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { getLeadAllowance, monthStart } from "../plans/index.ts";
import { avatarStorageBytes } from "../user-settings/index.ts";
import { createBillingRepository } from "./billing.repository.ts";

/** What a metered feature reports for an organization; figures it does not keep stay undefined. */
export interface UsageFigures {
  emails?: number;
  campaigns?: number;
  storageBytes?: number;
}

declare module "../../platform/hooks.ts" {
  interface HookHandlers {
    /**
     * Each metered feature's figures for an organization (its workspaces listed), counted since
     * `periodStart` where the limit is monthly. Billing adds them up.
     */
    "billing.usage": (e: { organizationId: string; workspaceIds: string[]; periodStart: Date }) => Promise<UsageFigures>;
  }
}

type Ctx = Pick<AppContext, "db" | "config" | "hooks">;

export interface Metric {
  used: number;
  limit: number | null;
  tracked: boolean;
}

export interface Usage {
  emails: Metric;
  leads: Metric;
  campaigns: Metric;
  storage: Metric;
  members: Metric;
  periodStart: string;
}

/** The organization a workspace belongs to, its plan and when it was created. `ctx.db` may be a transaction. */
export async function organizationPlan(
  ctx: Pick<AppContext, "db">,
  workspaceId: string,
): Promise<{ organizationId: string; plan: string; createdAt: Date }> {
  const row = await createBillingRepository(ctx.db).organizationPlan(workspaceId);
  if (!row) throw new Error(`workspace ${workspaceId} has no organization`);
  return row;
}

export async function memberCount(ctx: Pick<AppContext, "db">, organizationId: string): Promise<number> {
  return createBillingRepository(ctx.db).memberCount(organizationId);
}

async function meteredFigures(ctx: Ctx, organizationId: string, periodStart: Date) {
  const workspaceIds = await createBillingRepository(ctx.db).workspaceIds(organizationId);
  const reported = await ctx.hooks.run("billing.usage", { organizationId, workspaceIds, periodStart });
  const sum = (key: keyof UsageFigures) => reported.reduce((n, r) => n + (r[key] ?? 0), 0);
  return {
    emails: sum("emails"),
    campaigns: sum("campaigns"),
    storageBytes: sum("storageBytes") + (await avatarStorageBytes(ctx, workspaceIds)),
  };
}

/** Bytes kept for the organization: export files, backups, workspace uploads and members' avatars. */
export async function storageBytes(ctx: Ctx, organizationId: string): Promise<number> {
  return (await meteredFigures(ctx, organizationId, new Date(`${monthStart(new Date())}T00:00:00Z`))).storageBytes;
}

export async function storageUsage(ctx: Ctx, opts: { workspaceId: string }): Promise<Metric> {
  const org = await organizationPlan(ctx, opts.workspaceId);
  return { used: await storageBytes(ctx, org.organizationId), limit: limitsFor(org.plan).storage_bytes, tracked: true };
}

export async function organizationUsage(ctx: Ctx, organizationId: string, plan: string, now = new Date()): Promise<Usage> {
  const limits: PlanLimits = limitsFor(plan);
  const periodStart = new Date(`${monthStart(now)}T00:00:00Z`);
  const [leads, members, metered] = await Promise.all([
    getLeadAllowance(ctx.db, organizationId, now),
    memberCount(ctx, organizationId),
    meteredFigures(ctx, organizationId, periodStart),
  ]);
  return {
    emails: { used: metered.emails, limit: limits.emails_per_month, tracked: true },
    leads: { used: leads.used, limit: limits.leads_per_month, tracked: true },
    campaigns: { used: metered.campaigns, limit: limits.campaigns_per_month, tracked: true },
    storage: { used: metered.storageBytes, limit: limits.storage_bytes, tracked: true },
    members: { used: members, limit: limits.members, tracked: true },
    periodStart: `${monthStart(now)}T00:00:00.000Z`,
  };
}

/** The limits a plan change would break, as field errors for the UI. */
export function exceededLimits(usage: Usage, limits: PlanLimits): { field: string; message: string }[] {
  const checks: [keyof Omit<Usage, "periodStart">, number | null, string][] = [
    ["members", limits.members, "members"],
    ["leads", limits.leads_per_month, "leads this month"],
    ["emails", limits.emails_per_month, "emails this month"],
    ["campaigns", limits.campaigns_per_month, "campaigns this month"],
    ["storage", limits.storage_bytes, "bytes of storage"],
  ];
  return checks
    .filter(([key, limit]) => limit !== null && usage[key].used > limit)
    .map(([key, limit, label]) => ({ field: `usage.${key}`, message: `You use ${usage[key].used} ${label}; the plan allows ${limit}` }));
}
