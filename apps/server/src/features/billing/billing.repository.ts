/** Drizzle calls of billing: the organization's subscription row, its plan, its invoices, and what it counts. */
import type { BillingAddress } from "@prospector/contracts";
import { and, countDistinct, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { organizations, workspaceMembers, workspaces } from "../organizations/index.ts";
import { invoices, organizationBilling } from "./billing.table.ts";

export type BillingRow = typeof organizationBilling.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

export function createBillingRepository(db: Db) {
  const repo = {
    /** `db` may be a transaction: callers check a limit inside theirs. */
    async organizationPlan(workspaceId: string): Promise<{ organizationId: string; plan: string; createdAt: Date } | null> {
      const [row] = await db
        .select({ organizationId: organizations.id, plan: organizations.plan, createdAt: organizations.createdAt })
        .from(workspaces)
        .innerJoin(organizations, eq(organizations.id, workspaces.organizationId))
        .where(eq(workspaces.id, workspaceId))
        .limit(1);
      return row ?? null;
    },

    async workspaceIds(organizationId: string): Promise<string[]> {
      const rows = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.organizationId, organizationId));
      return rows.map((r) => r.id);
    },

    /** Active members across the organization's workspaces, each user once. */
    async memberCount(organizationId: string): Promise<number> {
      const [row] = await db
        .select({ n: countDistinct(workspaceMembers.userId) })
        .from(workspaceMembers)
        .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
        .where(and(eq(workspaces.organizationId, organizationId), eq(workspaceMembers.status, "active")));
      return Number(row?.n ?? 0);
    },

    async find(organizationId: string): Promise<BillingRow | null> {
      const [row] = await db.select().from(organizationBilling).where(eq(organizationBilling.organizationId, organizationId)).limit(1);
      return row ?? null;
    },

    async upsert(
      organizationId: string,
      patch: Partial<Omit<BillingRow, "id" | "organizationId" | "createdAt" | "updatedAt">>,
    ): Promise<void> {
      await db
        .insert(organizationBilling)
        .values({ organizationId, ...patch })
        .onConflictDoUpdate({ target: organizationBilling.organizationId, set: { ...patch, updatedAt: new Date() } });
    },

    /** Plan and subscription change together or not at all. */
    async changePlan(
      organizationId: string,
      plan: string,
      patch: Partial<Omit<BillingRow, "id" | "organizationId" | "createdAt" | "updatedAt">>,
    ) {
      await db.transaction(async (tx) => {
        await tx.update(organizations).set({ plan }).where(eq(organizations.id, organizationId));
        await tx
          .insert(organizationBilling)
          .values({ organizationId, ...patch })
          .onConflictDoUpdate({ target: organizationBilling.organizationId, set: { ...patch, updatedAt: new Date() } });
      });
    },

    async setAddress(organizationId: string, address: BillingAddress): Promise<void> {
      await repo.upsert(organizationId, { billingAddress: address });
    },

    async invoices(organizationId: string, limit = 100): Promise<InvoiceRow[]> {
      return db.select().from(invoices).where(eq(invoices.organizationId, organizationId)).orderBy(desc(invoices.issuedAt)).limit(limit);
    },
  };
  return repo;
}
