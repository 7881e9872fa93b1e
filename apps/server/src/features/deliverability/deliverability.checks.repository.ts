/** Reads of the cached checks (deliverability_checks). */
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { deliverabilityChecks } from "./deliverability.table.ts";

export type CheckRow = typeof deliverabilityChecks.$inferSelect;

/** Every cached check of the workspace, or of one domain, by domain then kind. */
export function latestChecks(db: Db, workspaceId: string, domain?: string): Promise<CheckRow[]> {
  return db
    .select()
    .from(deliverabilityChecks)
    .where(and(eq(deliverabilityChecks.workspaceId, workspaceId), domain ? eq(deliverabilityChecks.domain, domain) : undefined))
    .orderBy(asc(deliverabilityChecks.domain), asc(deliverabilityChecks.kind));
}
