/** Plan queries: an organization's plan and its monthly lead usage rows. */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { organizations, workspaces } from "../organizations/index.ts";
import { planUsage } from "./plans.table.ts";

/** A transaction or the database: both run the same queries. */
export type Tx = Pick<Db, "select" | "insert" | "update">;

export async function planOf(tx: Tx, organizationId: string): Promise<string | null> {
  const [org] = await tx.select({ plan: organizations.plan }).from(organizations).where(eq(organizations.id, organizationId));
  return org?.plan ?? null;
}

export async function organizationIdOfWorkspace(tx: Tx, workspaceId: string): Promise<string | null> {
  const [ws] = await tx.select({ organizationId: workspaces.organizationId }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return ws?.organizationId ?? null;
}

export async function leadsCreated(tx: Tx, organizationId: string, period: string): Promise<number> {
  const [row] = await tx
    .select({ used: planUsage.leadsCreated })
    .from(planUsage)
    .where(and(eq(planUsage.organizationId, organizationId), eq(planUsage.period, period)));
  return row?.used ?? 0;
}

/** Creates the month's usage row if missing and locks it until the transaction ends; answers its count. */
export async function lockUsageRow(tx: Tx, organizationId: string, period: string): Promise<number> {
  await tx.insert(planUsage).values({ organizationId, period, leadsCreated: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({ used: planUsage.leadsCreated })
    .from(planUsage)
    .where(and(eq(planUsage.organizationId, organizationId), eq(planUsage.period, period)))
    .for("update");
  return row?.used ?? 0;
}

export async function addLeadsCreated(tx: Tx, organizationId: string, period: string, count: number): Promise<void> {
  await tx
    .update(planUsage)
    .set({ leadsCreated: sql`${planUsage.leadsCreated} + ${count}` })
    .where(and(eq(planUsage.organizationId, organizationId), eq(planUsage.period, period)));
}
