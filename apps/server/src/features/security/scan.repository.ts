/** The configuration scan's reads (members' two-factor, invitations, inboxes) and its recorded runs (docs/security-incidents.md). */
import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../identity/index.ts";
import { inboxes } from "../inboxes/index.ts";
import { workspaceMembers } from "../organizations/index.ts";
import { workspaceInvites } from "../workspaces/index.ts";
import { securityScans } from "./incidents.table.ts";

/** The workspace's active members with their role and whether two-factor is on. */
export async function activeMembers(db: Db, workspaceId: string) {
  return db
    .select({ id: users.id, name: users.name, role: workspaceMembers.role, twoFactor: users.twoFactorEnabled })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.status, "active"), eq(users.isActive, true)));
}

/** Pending invitations sent before `before` (addresses only, at most 50). */
export async function oldPendingInvites(db: Db, workspaceId: string, before: Date) {
  return db
    .select({ email: workspaceInvites.email, createdAt: workspaceInvites.createdAt })
    .from(workspaceInvites)
    .where(
      and(eq(workspaceInvites.workspaceId, workspaceId), eq(workspaceInvites.status, "pending"), lt(workspaceInvites.createdAt, before)),
    )
    .orderBy(workspaceInvites.createdAt)
    .limit(50);
}

/** SMTP inboxes whose SMTP or IMAP connection may run without TLS: not TLS from the start and plaintext allowed (no STARTTLS required). */
export async function inboxesWithoutTls(db: Db, workspaceId: string) {
  return db
    .select({ email: inboxes.email })
    .from(inboxes)
    .where(
      and(
        eq(inboxes.workspaceId, workspaceId),
        eq(inboxes.kind, "smtp"),
        eq(inboxes.allowPlaintext, true),
        or(
          sql`coalesce((${inboxes.smtp}->>'secure')::boolean, false) = false`,
          sql`${inboxes.imap} is not null and coalesce((${inboxes.imap}->>'secure')::boolean, false) = false`,
        ),
      ),
    )
    .limit(50);
}

export async function insertScan(db: Db, row: typeof securityScans.$inferInsert) {
  const [out] = await db.insert(securityScans).values(row).returning();
  return out!;
}

export interface Keyset {
  createdAt: Date;
  id: string;
}

export async function listScans(db: Db, workspaceId: string, limit: number, after: Keyset | null) {
  const before = after
    ? or(lt(securityScans.createdAt, after.createdAt), and(eq(securityScans.createdAt, after.createdAt), lt(securityScans.id, after.id)))
    : undefined;
  return db
    .select({
      id: securityScans.id,
      score: securityScans.score,
      passed: securityScans.passed,
      warned: securityScans.warned,
      failed: securityScans.failed,
      ranBy: securityScans.ranBy,
      ranByName: users.name,
      createdAt: securityScans.createdAt,
    })
    .from(securityScans)
    .leftJoin(users, eq(users.id, securityScans.ranBy))
    .where(and(eq(securityScans.workspaceId, workspaceId), before))
    .orderBy(desc(securityScans.createdAt), desc(securityScans.id))
    .limit(limit);
}

/** Accounts on the instance (the open sign-up check). */
export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return Number(row?.n ?? 0);
}
