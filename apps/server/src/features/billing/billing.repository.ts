/** Drizzle calls of billing: the organization's subscription row, its plan, and its invoices. */
import type { BillingAddress } from "@prospector/contracts";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { organizations } from "../organizations/organizations.table.ts";
import { invoices, organizationBilling } from "./billing.table.ts";

export type BillingRow = typeof organizationBilling.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

export function createBillingRepository(db: Db) {
  const repo = {
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
