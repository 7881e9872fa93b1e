/**
 * The report builder's reads and writes: saved reports, schedules and deliveries (keyset pages,
 * newest first), the workspace's members (the only addresses a schedule may send to) and the state
 * of the mails a delivery queued (read from the outgoing mail log).
 */
import { and, count, desc, eq, inArray, isNotNull, lt, lte, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { mailMessages } from "../../platform/mailbox.table.ts";
import { users } from "../identity/index.ts";
import { workspaceMembers } from "../organizations/index.ts";
import { reportDeliveries, reportSchedules, savedReports } from "./reports.table.ts";

export type SavedReportRow = typeof savedReports.$inferSelect;
export type ScheduleRow = typeof reportSchedules.$inferSelect;
export type DeliveryRow = typeof reportDeliveries.$inferSelect;
export interface Keyset {
  createdAt: Date;
  id: string;
}

const before = (table: typeof savedReports | typeof reportDeliveries, k: Keyset | null) =>
  k ? or(lt(table.createdAt, k.createdAt), and(eq(table.createdAt, k.createdAt), lt(table.id, k.id))) : undefined;

export async function listReports(db: Db, workspaceId: string, limit: number, after: Keyset | null) {
  const rows = await db
    .select({ report: savedReports, creatorName: users.name })
    .from(savedReports)
    .leftJoin(users, eq(users.id, savedReports.createdBy))
    .where(and(eq(savedReports.workspaceId, workspaceId), before(savedReports, after)))
    .orderBy(desc(savedReports.createdAt), desc(savedReports.id))
    .limit(limit);
  return rows;
}

export async function findReport(db: Db, workspaceId: string, id: string) {
  const [row] = await db
    .select({ report: savedReports, creatorName: users.name })
    .from(savedReports)
    .leftJoin(users, eq(users.id, savedReports.createdBy))
    .where(and(eq(savedReports.workspaceId, workspaceId), eq(savedReports.id, id)));
  return row ?? null;
}

export async function scheduleCounts(db: Db, reportIds: string[]): Promise<Map<string, number>> {
  if (reportIds.length === 0) return new Map();
  const rows = await db
    .select({ reportId: reportSchedules.reportId, n: count() })
    .from(reportSchedules)
    .where(inArray(reportSchedules.reportId, reportIds))
    .groupBy(reportSchedules.reportId);
  return new Map(rows.map((r) => [r.reportId, Number(r.n)]));
}

export async function insertReport(db: Db, values: typeof savedReports.$inferInsert) {
  const [row] = await db.insert(savedReports).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function nameTaken(db: Db, workspaceId: string, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: savedReports.id })
    .from(savedReports)
    .where(and(eq(savedReports.workspaceId, workspaceId), eq(savedReports.name, name)));
  return Boolean(row && row.id !== exceptId);
}

export async function updateReport(db: Db, workspaceId: string, id: string, values: Partial<typeof savedReports.$inferInsert>) {
  const [row] = await db
    .update(savedReports)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(savedReports.workspaceId, workspaceId), eq(savedReports.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteReport(db: Db, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(savedReports)
    .where(and(eq(savedReports.workspaceId, workspaceId), eq(savedReports.id, id)))
    .returning({ id: savedReports.id });
  return rows.length > 0;
}

/** Active members of the workspace and their sign-in addresses. */
export async function memberEmails(db: Db, workspaceId: string) {
  return db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.status, "active")))
    .orderBy(users.email);
}

export async function listSchedules(db: Db, workspaceId: string, reportId: string) {
  return db
    .select()
    .from(reportSchedules)
    .where(and(eq(reportSchedules.workspaceId, workspaceId), eq(reportSchedules.reportId, reportId)))
    .orderBy(reportSchedules.createdAt);
}

export async function findSchedule(db: Db, workspaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(reportSchedules)
    .where(and(eq(reportSchedules.workspaceId, workspaceId), eq(reportSchedules.id, id)));
  return row ?? null;
}

export async function insertSchedule(db: Db, values: typeof reportSchedules.$inferInsert) {
  const [row] = await db.insert(reportSchedules).values(values).returning();
  return row as ScheduleRow;
}

export async function updateSchedule(db: Db, id: string, values: Partial<typeof reportSchedules.$inferInsert>) {
  const [row] = await db
    .update(reportSchedules)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(reportSchedules.id, id))
    .returning();
  return row ?? null;
}

export async function deleteSchedule(db: Db, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(reportSchedules)
    .where(and(eq(reportSchedules.workspaceId, workspaceId), eq(reportSchedules.id, id)))
    .returning({ id: reportSchedules.id });
  return rows.length > 0;
}

export async function dueSchedules(db: Db, now: Date, limit = 100) {
  return db
    .select()
    .from(reportSchedules)
    .where(and(eq(reportSchedules.enabled, true), isNotNull(reportSchedules.nextRunAt), lte(reportSchedules.nextRunAt, now)))
    .orderBy(reportSchedules.nextRunAt)
    .limit(limit);
}

/** Moves a schedule past the slot it was due at; false when another process already did. */
export async function advanceSchedule(db: Db, id: string, slot: Date, next: Date): Promise<boolean> {
  const rows = await db
    .update(reportSchedules)
    .set({ nextRunAt: next, lastRunAt: slot })
    .where(and(eq(reportSchedules.id, id), eq(reportSchedules.nextRunAt, slot)))
    .returning({ id: reportSchedules.id });
  return rows.length > 0;
}

/** One delivery per (schedule, slot): null when that run already has one. */
export async function insertDelivery(db: Db, values: typeof reportDeliveries.$inferInsert) {
  const [row] = await db.insert(reportDeliveries).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findDelivery(db: Db, id: string) {
  const [row] = await db.select().from(reportDeliveries).where(eq(reportDeliveries.id, id));
  return row ?? null;
}

export async function updateDelivery(db: Db, id: string, values: Partial<typeof reportDeliveries.$inferInsert>) {
  await db.update(reportDeliveries).set(values).where(eq(reportDeliveries.id, id));
}

export async function listDeliveries(db: Db, workspaceId: string, reportId: string | undefined, limit: number, after: Keyset | null) {
  return db
    .select({ delivery: reportDeliveries, reportName: savedReports.name })
    .from(reportDeliveries)
    .innerJoin(savedReports, eq(savedReports.id, reportDeliveries.reportId))
    .where(
      and(
        eq(reportDeliveries.workspaceId, workspaceId),
        reportId ? eq(reportDeliveries.reportId, reportId) : undefined,
        before(reportDeliveries, after),
      ),
    )
    .orderBy(desc(reportDeliveries.createdAt), desc(reportDeliveries.id))
    .limit(limit);
}

/** The latest delivery of each schedule. */
export async function latestDeliveries(db: Db, scheduleIds: string[]) {
  if (scheduleIds.length === 0) return [];
  return db
    .selectDistinctOn([reportDeliveries.scheduleId])
    .from(reportDeliveries)
    .where(inArray(reportDeliveries.scheduleId, scheduleIds))
    .orderBy(reportDeliveries.scheduleId, desc(reportDeliveries.createdAt), desc(reportDeliveries.id));
}

export async function mailStates(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, { status: "queued" | "sent" | "local" | "failed"; error: string | null }>();
  const rows = await db
    .select({ id: mailMessages.id, status: mailMessages.status, error: mailMessages.error })
    .from(mailMessages)
    .where(inArray(mailMessages.id, ids));
  return new Map(rows.map((r) => [r.id, { status: r.status, error: r.error }]));
}
