/**
 * Plan limits: how many leads an organization may still create this calendar month (UTC). Callers
 * lock the month's usage row inside their own transaction, create at most what is left, then add
 * what they created, so concurrent imports cannot overshoot the limit together.
 */
import { limitsFor } from "@prospector/contracts";
import type { Tx } from "./plans.repository.ts";
import * as repo from "./plans.repository.ts";

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
  return (await repo.planOf(tx, organizationId)) ?? "trial";
}

export async function organizationOfWorkspace(tx: Tx, workspaceId: string): Promise<string> {
  const organizationId = await repo.organizationIdOfWorkspace(tx, workspaceId);
  if (!organizationId) throw new Error(`workspace ${workspaceId} does not exist`);
  return organizationId;
}

const allowance = (organizationId: string, plan: string, used: number): LeadAllowance => {
  const limit = limitsFor(plan).leads_per_month;
  return { organizationId, plan, limit, used, remaining: limit === null ? null : Math.max(0, limit - used) };
};

/** Read-only view for the UI (sidebar, import wizard). */
export async function getLeadAllowance(db: Tx, organizationId: string, now = new Date()): Promise<LeadAllowance> {
  const used = await repo.leadsCreated(db, organizationId, monthStart(now));
  return allowance(organizationId, await planOf(db, organizationId), used);
}

/**
 * Locks this month's usage row until the transaction ends and says how many leads may be created.
 * Must run inside a transaction; follow with addLeadUsage for what was actually created.
 */
export async function lockLeadAllowance(tx: Tx, organizationId: string, now = new Date()): Promise<LeadAllowance> {
  const used = await repo.lockUsageRow(tx, organizationId, monthStart(now));
  return allowance(organizationId, await planOf(tx, organizationId), used);
}

export async function addLeadUsage(tx: Tx, organizationId: string, count: number, now = new Date()): Promise<void> {
  if (count <= 0) return;
  await repo.addLeadsCreated(tx, organizationId, monthStart(now), count);
}
