/** Incidents' queries (docs/security-incidents.md): incidents with their people, keyset lists, the timeline, members. */
import { and, asc, desc, eq, lt, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { users } from "../identity/index.ts";
import { workspaceMembers } from "../organizations/index.ts";
import { incidentEvents, incidents } from "./incidents.table.ts";

export type IncidentRow = typeof incidents.$inferSelect;
export type NewIncident = typeof incidents.$inferInsert;
export type NewIncidentEvent = Omit<typeof incidentEvents.$inferInsert, "createdAt">;

const assignee = alias(users, "assignee");
const creator = alias(users, "creator");

const incidentColumns = {
  incident: incidents,
  assigneeName: assignee.name,
  creatorName: creator.name,
};

export type IncidentWithPeople = { incident: IncidentRow; assigneeName: string | null; creatorName: string | null };

function withPeople(db: Db) {
  return db
    .select(incidentColumns)
    .from(incidents)
    .leftJoin(assignee, eq(assignee.id, incidents.assigneeId))
    .leftJoin(creator, eq(creator.id, incidents.createdBy));
}

export async function insertIncident(db: Db, row: NewIncident): Promise<IncidentRow> {
  const [out] = await db.insert(incidents).values(row).returning();
  return out!;
}

export async function insertEvents(db: Db, ...rows: NewIncidentEvent[]): Promise<void> {
  if (rows.length === 0) return;
  // Distinct millisecond times keep the timeline's order when several events land in one request.
  const base = Date.now();
  await db.insert(incidentEvents).values(rows.map((r, i) => ({ ...r, createdAt: new Date(base + i) })));
}

export async function findIncident(db: Db, workspaceId: string, id: string): Promise<IncidentWithPeople | null> {
  const [row] = await withPeople(db)
    .where(and(eq(incidents.workspaceId, workspaceId), eq(incidents.id, id)))
    .limit(1);
  return row ?? null;
}

/** The row locked for an update in `tx`. */
export async function lockIncident(tx: Db, workspaceId: string, id: string): Promise<IncidentRow | null> {
  const [row] = await tx
    .select()
    .from(incidents)
    .where(and(eq(incidents.workspaceId, workspaceId), eq(incidents.id, id)))
    .for("update");
  return row ?? null;
}

export async function updateIncident(
  db: Db,
  id: string,
  patch: Partial<Pick<IncidentRow, "status" | "severity" | "assigneeId" | "resolvedAt">>,
): Promise<void> {
  await db
    .update(incidents)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(incidents.id, id));
}

export interface IncidentFilters {
  status?: IncidentRow["status"];
  severity?: IncidentRow["severity"];
  kind?: IncidentRow["kind"];
  assigneeId?: string;
}

export interface Keyset {
  createdAt: Date;
  id: string;
}

/** Newest first after the keyset; each filter has its (workspace, filter, created_at, id) index. */
export async function listIncidents(db: Db, workspaceId: string, f: IncidentFilters, limit: number, after: Keyset | null) {
  const before = after
    ? or(lt(incidents.createdAt, after.createdAt), and(eq(incidents.createdAt, after.createdAt), lt(incidents.id, after.id)))
    : undefined;
  return withPeople(db)
    .where(
      and(
        eq(incidents.workspaceId, workspaceId),
        f.status ? eq(incidents.status, f.status) : undefined,
        f.severity ? eq(incidents.severity, f.severity) : undefined,
        f.kind ? eq(incidents.kind, f.kind) : undefined,
        f.assigneeId ? eq(incidents.assigneeId, f.assigneeId) : undefined,
        before,
      ),
    )
    .orderBy(desc(incidents.createdAt), desc(incidents.id))
    .limit(limit);
}

/** The timeline, oldest first (bounded: an incident's history is read whole on its page). */
export async function listEvents(db: Db, workspaceId: string, incidentId: string, max = 500) {
  return db
    .select({ event: incidentEvents, actorName: users.name })
    .from(incidentEvents)
    .leftJoin(users, eq(users.id, incidentEvents.actorId))
    .where(and(eq(incidentEvents.workspaceId, workspaceId), eq(incidentEvents.incidentId, incidentId)))
    .orderBy(asc(incidentEvents.createdAt), asc(incidentEvents.id))
    .limit(max);
}

/** A member of the workspace with what containment needs to know about the account, or null. */
export async function findMember(db: Db, workspaceId: string, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      isActive: users.isActive,
      isInstanceAdmin: users.isInstanceAdmin,
      role: workspaceMembers.role,
      status: workspaceMembers.status,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}
export type MemberRow = NonNullable<Awaited<ReturnType<typeof findMember>>>;

/** The workspace's members (locked accounts included, so they can be unlocked), at most 500. */
export async function listMembers(db: Db, workspaceId: string) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, role: workspaceMembers.role, isActive: users.isActive })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(asc(users.name))
    .limit(500);
}
