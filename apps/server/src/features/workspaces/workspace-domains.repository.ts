/** Domain verification queries, and the workspace a new account's email domain may join. */
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../identity/index.ts";
import { workspaceMembers, workspaces } from "../organizations/index.ts";
import { workspaceDomains } from "./workspaces.table.ts";

export type DomainRow = typeof workspaceDomains.$inferSelect;

export function listDomains(db: Db, workspaceId: string): Promise<DomainRow[]> {
  // Bounded: a workspace registers at most DOMAIN_LIMIT domains.
  return db.select().from(workspaceDomains).where(eq(workspaceDomains.workspaceId, workspaceId)).orderBy(asc(workspaceDomains.domain));
}

export async function findDomain(db: Db, workspaceId: string, domain: string): Promise<DomainRow | null> {
  const [row] = await db
    .select()
    .from(workspaceDomains)
    .where(and(eq(workspaceDomains.workspaceId, workspaceId), eq(workspaceDomains.domain, domain)))
    .limit(1);
  return row ?? null;
}

export async function findDomainById(db: Db, workspaceId: string, id: string): Promise<DomainRow | null> {
  const [row] = await db
    .select()
    .from(workspaceDomains)
    .where(and(eq(workspaceDomains.workspaceId, workspaceId), eq(workspaceDomains.id, id)))
    .limit(1);
  return row ?? null;
}

export async function countDomains(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(workspaceDomains).where(eq(workspaceDomains.workspaceId, workspaceId));
  return row?.n ?? 0;
}

/** Inserts the domain unless the workspace has it already (a concurrent start); answers the row either way. */
export async function insertDomain(db: Db, values: typeof workspaceDomains.$inferInsert): Promise<{ row: DomainRow; created: boolean }> {
  const [row] = await db
    .insert(workspaceDomains)
    .values(values)
    .onConflictDoNothing({ target: [workspaceDomains.workspaceId, workspaceDomains.domain] })
    .returning();
  if (row) return { row, created: true };
  return { row: (await findDomain(db, values.workspaceId, values.domain)) as DomainRow, created: false };
}

export async function updateDomain(db: Db, id: string, values: Partial<typeof workspaceDomains.$inferInsert>): Promise<DomainRow> {
  const [row] = await db.update(workspaceDomains).set(values).where(eq(workspaceDomains.id, id)).returning();
  return row!;
}

export async function deleteDomain(db: Db, workspaceId: string, domain: string): Promise<boolean> {
  const rows = await db
    .delete(workspaceDomains)
    .where(and(eq(workspaceDomains.workspaceId, workspaceId), eq(workspaceDomains.domain, domain)))
    .returning({ id: workspaceDomains.id });
  return rows.length > 0;
}

export async function userForJoin(db: Db, userId: string) {
  const [row] = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/**
 * The workspace that people of this domain join: verified there, domain join allowed, not
 * archived. When several workspaces verified the same domain, the first to verify it wins.
 */
export async function joinableWorkspace(db: Db, domain: string) {
  const [row] = await db
    .select({ workspaceId: workspaces.id, name: workspaces.name, settings: workspaces.settings })
    .from(workspaceDomains)
    .innerJoin(workspaces, eq(workspaces.id, workspaceDomains.workspaceId))
    .where(
      and(
        eq(workspaceDomains.domain, domain),
        eq(workspaceDomains.status, "verified"),
        isNull(workspaces.archivedAt),
        sql`(${workspaces.settings}->>'allowDomainJoin')::boolean is true`,
      ),
    )
    .orderBy(asc(workspaceDomains.verifiedAt), asc(workspaceDomains.id))
    .limit(1);
  return row ?? null;
}

/** Joins with the role unless the workspace is full; true when the membership was added. */
export async function joinWorkspace(tx: Db, workspaceId: string, userId: string, role: string, maxMembers: number): Promise<boolean> {
  await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).for("update");
  const [members] = await tx.select({ n: count() }).from(workspaceMembers).where(eq(workspaceMembers.workspaceId, workspaceId));
  if ((members?.n ?? 0) >= maxMembers) return false;
  const rows = await tx
    .insert(workspaceMembers)
    .values({ workspaceId, userId, role })
    .onConflictDoNothing({ target: [workspaceMembers.workspaceId, workspaceMembers.userId] })
    .returning({ id: workspaceMembers.id });
  if (rows.length) await tx.update(users).set({ defaultWorkspaceId: workspaceId }).where(eq(users.id, userId));
  return rows.length > 0;
}
