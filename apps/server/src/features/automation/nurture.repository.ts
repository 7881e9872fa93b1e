/** Drizzle calls for nurture sequences (a campaign with entry and exit rules) and their enrolments. */
import { and, asc, count, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { campaigns } from "../campaigns/index.ts";
import { leads } from "../leads/index.ts";
import type { Tx } from "./automation.repository.ts";
import { nurtureEnrollments, nurtureSequences } from "./automation.table.ts";

export type SequenceRow = typeof nurtureSequences.$inferSelect;
export type NewSequence = typeof nurtureSequences.$inferInsert;
export type EnrollmentRow = typeof nurtureEnrollments.$inferSelect;

const withCampaign = {
  sequence: nurtureSequences,
  campaignName: campaigns.name,
  campaignStatus: campaigns.status,
};

export async function listSequences(db: Tx, workspaceId: string, page: number, perPage: number) {
  const where = eq(nurtureSequences.workspaceId, workspaceId);
  const [rows, [total]] = await Promise.all([
    db
      .select(withCampaign)
      .from(nurtureSequences)
      .innerJoin(campaigns, eq(campaigns.id, nurtureSequences.campaignId))
      .where(where)
      .orderBy(desc(nurtureSequences.createdAt), desc(nurtureSequences.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(nurtureSequences).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function getSequence(db: Tx, workspaceId: string, id: string) {
  const [row] = await db
    .select(withCampaign)
    .from(nurtureSequences)
    .innerJoin(campaigns, eq(campaigns.id, nurtureSequences.campaignId))
    .where(and(eq(nurtureSequences.workspaceId, workspaceId), eq(nurtureSequences.id, id)));
  return row;
}

export async function enabledSequences(db: Tx, workspaceId: string, triggerType?: string): Promise<SequenceRow[]> {
  return db
    .select()
    .from(nurtureSequences)
    .where(
      and(
        eq(nurtureSequences.workspaceId, workspaceId),
        eq(nurtureSequences.enabled, true),
        triggerType ? eq(nurtureSequences.triggerType, triggerType) : undefined,
      ),
    )
    .orderBy(asc(nurtureSequences.createdAt));
}

export async function interestedSequenceWorkspaces(db: Tx, triggerTypes: string[]): Promise<Map<string, Date>> {
  const rows = await db
    .select({ workspaceId: nurtureSequences.workspaceId, since: sql<Date>`min(${nurtureSequences.createdAt})`.mapWith((v) => new Date(v)) })
    .from(nurtureSequences)
    .where(and(eq(nurtureSequences.enabled, true), inArray(nurtureSequences.triggerType, triggerTypes)))
    .groupBy(nurtureSequences.workspaceId);
  return new Map(rows.map((r) => [r.workspaceId, r.since]));
}

/** Workspaces with a lead in an enabled sequence (exits react to their events). */
export async function workspacesWithActiveEnrollments(db: Tx): Promise<Map<string, Date>> {
  const rows = await db
    .select({
      workspaceId: nurtureEnrollments.workspaceId,
      since: sql<Date>`min(${nurtureEnrollments.enteredAt})`.mapWith((v) => new Date(v)),
    })
    .from(nurtureEnrollments)
    .where(eq(nurtureEnrollments.status, "active"))
    .groupBy(nurtureEnrollments.workspaceId);
  return new Map(rows.map((r) => [r.workspaceId, r.since]));
}

export async function insertSequence(db: Tx, values: NewSequence): Promise<SequenceRow> {
  const [row] = await db.insert(nurtureSequences).values(values).returning();
  return row!;
}

export async function updateSequence(
  db: Tx,
  workspaceId: string,
  id: string,
  values: Partial<NewSequence>,
): Promise<SequenceRow | undefined> {
  const [row] = await db
    .update(nurtureSequences)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(nurtureSequences.workspaceId, workspaceId), eq(nurtureSequences.id, id)))
    .returning();
  return row;
}

export async function deleteSequence(db: Tx, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(nurtureSequences)
    .where(and(eq(nurtureSequences.workspaceId, workspaceId), eq(nurtureSequences.id, id)))
    .returning({ id: nurtureSequences.id });
  return rows.length > 0;
}

export async function sequenceForCampaign(db: Tx, campaignId: string): Promise<SequenceRow | undefined> {
  const [row] = await db.select().from(nurtureSequences).where(eq(nurtureSequences.campaignId, campaignId));
  return row;
}

/** Entered / active / exited per sequence, and exits by reason. */
export async function sequenceCounts(db: Tx, ids: string[]) {
  if (!ids.length) return { states: [], reasons: [] };
  const [states, reasons] = await Promise.all([
    db
      .select({ id: nurtureEnrollments.sequenceId, status: nurtureEnrollments.status, n: count() })
      .from(nurtureEnrollments)
      .where(inArray(nurtureEnrollments.sequenceId, ids))
      .groupBy(nurtureEnrollments.sequenceId, nurtureEnrollments.status),
    db
      .select({ id: nurtureEnrollments.sequenceId, reason: nurtureEnrollments.exitReason, n: count() })
      .from(nurtureEnrollments)
      .where(and(inArray(nurtureEnrollments.sequenceId, ids), eq(nurtureEnrollments.status, "exited")))
      .groupBy(nurtureEnrollments.sequenceId, nurtureEnrollments.exitReason),
  ]);
  return { states, reasons };
}

/** Enrols a lead once per sequence; undefined when it was enrolled before. */
export async function insertEnrollment(db: Tx, values: typeof nurtureEnrollments.$inferInsert): Promise<EnrollmentRow | undefined> {
  const [row] = await db.insert(nurtureEnrollments).values(values).onConflictDoNothing().returning();
  return row;
}

export async function deleteEnrollment(db: Tx, id: string): Promise<void> {
  await db.delete(nurtureEnrollments).where(eq(nurtureEnrollments.id, id));
}

/** Marks an active enrolment exited; false when it was no longer active (another process got there first). */
export async function exitEnrollment(db: Tx, id: string, reason: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(nurtureEnrollments)
    .set({ status: "exited", exitReason: reason, exitedAt: at })
    .where(and(eq(nurtureEnrollments.id, id), eq(nurtureEnrollments.status, "active")))
    .returning({ id: nurtureEnrollments.id });
  return rows.length > 0;
}

/** A lead's active enrolments with their sequences. */
export async function activeEnrollmentsOfLead(db: Tx, workspaceId: string, leadId: string) {
  return db
    .select({ enrollment: nurtureEnrollments, sequence: nurtureSequences })
    .from(nurtureEnrollments)
    .innerJoin(nurtureSequences, eq(nurtureSequences.id, nurtureEnrollments.sequenceId))
    .where(
      and(eq(nurtureEnrollments.workspaceId, workspaceId), eq(nurtureEnrollments.leadId, leadId), eq(nurtureEnrollments.status, "active")),
    );
}

/** Active enrolments whose sequence ends after N days and whose N days are over, or whose lead reached an exit status. */
export async function dueTimedExits(db: Tx, now: Date, limit: number) {
  return db
    .select({ enrollment: nurtureEnrollments, sequence: nurtureSequences, leadStatus: leads.status })
    .from(nurtureEnrollments)
    .innerJoin(nurtureSequences, eq(nurtureSequences.id, nurtureEnrollments.sequenceId))
    .innerJoin(leads, eq(leads.id, nurtureEnrollments.leadId))
    .where(
      and(
        eq(nurtureEnrollments.status, "active"),
        sql`exists (select 1 from jsonb_array_elements(${nurtureSequences.exits}) e where
          (e->>'type' = 'after_days' and ${nurtureEnrollments.enteredAt} + make_interval(days => (e->>'days')::int) <= ${now.toISOString()}::timestamptz)
          or (e->>'type' = 'lead_status' and e->>'status' = ${leads.status}))`,
        lt(nurtureEnrollments.enteredAt, now),
      ),
    )
    .limit(limit);
}

export async function listEnrollments(
  db: Tx,
  workspaceId: string,
  q: { sequence_id?: string; lead_id?: string; status?: "active" | "exited"; page: number; per_page: number },
) {
  const where = and(
    eq(nurtureEnrollments.workspaceId, workspaceId),
    q.sequence_id ? eq(nurtureEnrollments.sequenceId, q.sequence_id) : undefined,
    q.lead_id ? eq(nurtureEnrollments.leadId, q.lead_id) : undefined,
    q.status ? eq(nurtureEnrollments.status, q.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        enrollment: nurtureEnrollments,
        sequenceName: nurtureSequences.name,
        firstName: leads.firstName,
        lastName: leads.lastName,
        email: leads.email,
      })
      .from(nurtureEnrollments)
      .innerJoin(nurtureSequences, eq(nurtureSequences.id, nurtureEnrollments.sequenceId))
      .innerJoin(leads, eq(leads.id, nurtureEnrollments.leadId))
      .where(where)
      .orderBy(desc(nurtureEnrollments.enteredAt), desc(nurtureEnrollments.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ n: count() }).from(nurtureEnrollments).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function setEntryReason(db: Tx, id: string, reason: string): Promise<void> {
  await db.update(nurtureEnrollments).set({ entryReason: reason }).where(eq(nurtureEnrollments.id, id));
}
