/**
 * Plan limits: how many leads an organization may still create this calendar month (UTC). Callers
 * lock the month's usage row inside their own transaction, create at most what is left, then add
 * what they created, so concurrent imports cannot overshoot the limit together.
 */
import { limitsFor } from "@prospector/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { organizations, workspaces } from "../organizations/organizations.table.ts";
import { planUsage } from "./plans.table.ts";

/** A transaction or the database: both run the same queries. */
type Tx = Pick<Db, "select" | "insert" | "update">;

export interface LeadAllowance {
  organizationId: string;
  plan: string;
  /** null: unlimited. */
  limit: number | null;
  used: number;
  /** null: unlimited. */
  remaining: number | null;
}

/** "2026-11-01" for any moment in November 2026 (UTC). */
export function monthStart(now = new Date()): string {
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, "0")}-01`;
}

async function planOf(tx: Tx, organizationId: string): Promise<string> {
  const [org] = await tx.select({ plan: organizations.plan }).from(organizations).where(eq(organizations.id, organizationId));
  return org?.plan ?? "trial";
}

export async function organizationOfWorkspace(tx: Tx, workspaceId: string): Promise<string> {
  const [ws] = await tx.select({ organizationId: workspaces.organizationId }).from(workspaces).where(eq(workspaces.id, workspaceId));
  if (!ws) throw new Error(`workspace ${workspaceId} does not exist`);
  return ws.organizationId;
}

const allowance = (organizationId: string, plan: string, used: number): LeadAllowance => {
  const limit = limitsFor(plan).leads_per_month;
  return { organizationId, plan, limit, used, remaining: limit === null ? null : Math.max(0, limit - used) };
};

/** Read-only view for the UI (sidebar, import wizard). */
export async function getLeadAllowance(db: Tx, organizationId: string, now = new Date()): Promise<LeadAllowance> {
  const [row] = await db
    .select({ used: planUsage.leadsCreated })
    .from(planUsage)
    .where(and(eq(planUsage.organizationId, organizationId), eq(planUsage.period, monthStart(now))));
  return allowance(organizationId, await planOf(db, organizationId), row?.used ?? 0);
}

/**
 * Locks this month's usage row until the transaction ends and says how many leads may be created.
 * Must run inside a transaction; follow with addLeadUsage for what was actually created.
 */
export async function lockLeadAllowance(tx: Tx, organizationId: string, now = new Date()): Promise<LeadAllowance> {
  const period = monthStart(now);
  await tx.insert(planUsage).values({ organizationId, period, leadsCreated: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({ used: planUsage.leadsCreated })
    .from(planUsage)
    .where(and(eq(planUsage.organizationId, organizationId), eq(planUsage.period, period)))
    .for("update");
  const used = row?.used ?? 0;
  return allowance(organizationId, await planOf(tx, organizationId), used);
}

export async function addLeadUsage(tx: Tx, organizationId: string, count: number, now = new Date()): Promise<void> {
  if (count <= 0) return;
  await tx
    .update(planUsage)
    .set({ leadsCreated: sql`${planUsage.leadsCreated} + ${count}` })
    .where(and(eq(planUsage.organizationId, organizationId), eq(planUsage.period, monthStart(now))));
}
