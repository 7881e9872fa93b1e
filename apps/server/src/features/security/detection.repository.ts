/** Threat detection's queries (docs/security-operations.md). */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { securityAlerts } from "./detection.table.ts";

export type SecurityAlertRow = typeof securityAlerts.$inferSelect;

/** The workspace's alert (an instance-wide one when `workspaceId` is null), or null. */
export async function findAlertById(db: Db, workspaceId: string | null, alertId: string): Promise<SecurityAlertRow | null> {
  const scope = workspaceId === null ? isNull(securityAlerts.workspaceId) : eq(securityAlerts.workspaceId, workspaceId);
  const [row] = await db
    .select()
    .from(securityAlerts)
    .where(and(eq(securityAlerts.id, alertId), scope))
    .limit(1);
  return row ?? null;
}

/** Records the incident opened from an alert (the alert is then acknowledged). */
export async function setAlertIncident(db: Db, alertId: string, incidentId: string, userId: string): Promise<void> {
  const isNew = sql`${securityAlerts.status} = 'new'`;
  await db
    .update(securityAlerts)
    .set({
      incidentId,
      status: sql`case when ${isNew} then 'acknowledged' else ${securityAlerts.status} end`,
      handledBy: sql`case when ${isNew} then ${userId}::uuid else ${securityAlerts.handledBy} end`,
      handledAt: sql`case when ${isNew} then now() else ${securityAlerts.handledAt} end`,
    })
    .where(eq(securityAlerts.id, alertId));
}
