/**
 * Live usage of an organization against its plan limits, counted from real rows: leads created
 * this month (the leads feature's plan_usage counter), active members, and storage kept for it
 * (uploads, exports, backups), emails sent and campaigns created this month.
 */
import fs from "node:fs";
import path from "node:path";
import { limitsFor, type PlanLimits } from "@prospector/contracts";
import { and, countDistinct, eq, inArray, like, sql } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import { campaignsCreatedSince, emailsSentSince } from "../campaigns/campaigns.repository.ts";
import { backups, dataExports } from "../data-exports/data-exports.table.ts";
import { dirSize, workspaceUploadsDir } from "../data-exports/storage.ts";
import { users } from "../identity/identity.table.ts";
import { organizations, workspaceMembers, workspaces } from "../organizations/organizations.table.ts";
import { getLeadAllowance, monthStart } from "../plans/plans.service.ts";

type Ctx = Pick<AppContext, "db" | "config">;

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

export async function organizationPlan(
  ctx: Pick<AppContext, "db">,
  workspaceId: string,
): Promise<{ organizationId: string; plan: string; createdAt: Date }> {
  const [row] = await ctx.db
    .select({ organizationId: organizations.id, plan: organizations.plan, createdAt: organizations.createdAt })
    .from(workspaces)
    .innerJoin(organizations, eq(organizations.id, workspaces.organizationId))
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  if (!row) throw new Error(`workspace ${workspaceId} has no organization`);
  return row;
}

async function workspaceIds(ctx: Pick<AppContext, "db">, organizationId: string): Promise<string[]> {
  const rows = await ctx.db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.organizationId, organizationId));
  return rows.map((r) => r.id);
}

export async function memberCount(ctx: Pick<AppContext, "db">, organizationId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: countDistinct(workspaceMembers.userId) })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaces.organizationId, organizationId), eq(workspaceMembers.status, "active")));
  return Number(row?.n ?? 0);
}

/** Bytes kept for the organization: export files, backups, workspace uploads and members' avatars. */
export async function storageBytes(ctx: Ctx, organizationId: string): Promise<number> {
  const ids = await workspaceIds(ctx, organizationId);
  if (ids.length === 0) return 0;
  const [exp] = await ctx.db
    .select({ n: sql<string>`coalesce(sum(${dataExports.fileSize}), 0)` })
    .from(dataExports)
    .where(and(inArray(dataExports.workspaceId, ids), eq(dataExports.status, "completed"), sql`${dataExports.files} <> '[]'::jsonb`));
  const [bak] = await ctx.db
    .select({ n: sql<string>`coalesce(sum(${backups.size}), 0)` })
    .from(backups)
    .where(and(inArray(backups.workspaceId, ids), eq(backups.status, "completed")));
  let total = Number(exp?.n ?? 0) + Number(bak?.n ?? 0);
  for (const id of ids) total += await dirSize(workspaceUploadsDir(ctx.config, id));
  const avatars = await ctx.db
    .selectDistinct({ image: users.image })
    .from(users)
    .innerJoin(workspaceMembers, eq(workspaceMembers.userId, users.id))
    .where(and(inArray(workspaceMembers.workspaceId, ids), like(users.image, "/api/user-settings/profile/picture/%")));
  for (const a of avatars) {
    const file = path.join(ctx.config.dataDir, "uploads", "avatars", path.basename(a.image ?? ""));
    total += await fs.promises.stat(file).then(
      (s) => s.size,
      () => 0,
    );
  }
  return total;
}

export async function storageUsage(ctx: Ctx, opts: { workspaceId: string }): Promise<Metric> {
  const org = await organizationPlan(ctx, opts.workspaceId);
  return { used: await storageBytes(ctx, org.organizationId), limit: limitsFor(org.plan).storage_bytes, tracked: true };
}

export async function organizationUsage(ctx: Ctx, organizationId: string, plan: string, now = new Date()): Promise<Usage> {
  const limits: PlanLimits = limitsFor(plan);
  const periodStart = new Date(`${monthStart(now)}T00:00:00Z`);
  const [leads, members, storage, emails, campaigns] = await Promise.all([
    getLeadAllowance(ctx.db, organizationId, now),
    memberCount(ctx, organizationId),
    storageBytes(ctx, organizationId),
    emailsSentSince(ctx.db, organizationId, periodStart),
    campaignsCreatedSince(ctx.db, organizationId, periodStart),
  ]);
  return {
    emails: { used: emails, limit: limits.emails_per_month, tracked: true },
    leads: { used: leads.used, limit: limits.leads_per_month, tracked: true },
    campaigns: { used: campaigns, limit: limits.campaigns_per_month, tracked: true },
    storage: { used: storage, limit: limits.storage_bytes, tracked: true },
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
