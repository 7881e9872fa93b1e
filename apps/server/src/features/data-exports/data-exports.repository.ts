/** Drizzle calls of data exports and scheduled exports, and the owner's context a job runs with. */
import { RoleId } from "@prospector/contracts";
import { and, count, desc, eq, inArray, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { users } from "../identity/index.ts";
import { workspaceMembers, workspaces } from "../organizations/index.ts";
import { dataExports, scheduledExports } from "./data-exports.table.ts";

export type ExportRow = typeof dataExports.$inferSelect;
export type ScheduledRow = typeof scheduledExports.$inferSelect;

export function createDataExportsRepository(db: Db) {
  return {
    async list(userId: string, workspaceId: string, limit = 50): Promise<ExportRow[]> {
      return db
        .select()
        .from(dataExports)
        .where(and(eq(dataExports.userId, userId), eq(dataExports.workspaceId, workspaceId)))
        .orderBy(desc(dataExports.createdAt))
        .limit(limit);
    },

    async find(userId: string, workspaceId: string, id: string): Promise<ExportRow | null> {
      const [row] = await db
        .select()
        .from(dataExports)
        .where(and(eq(dataExports.id, id), eq(dataExports.userId, userId), eq(dataExports.workspaceId, workspaceId)))
        .limit(1);
      return row ?? null;
    },

    async byId(id: string): Promise<ExportRow | null> {
      const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id)).limit(1);
      return row ?? null;
    },

    async running(userId: string, workspaceId: string): Promise<ExportRow[]> {
      return db
        .select()
        .from(dataExports)
        .where(
          and(
            eq(dataExports.userId, userId),
            eq(dataExports.workspaceId, workspaceId),
            inArray(dataExports.status, ["queued", "processing"]),
          ),
        );
    },

    async insert(values: typeof dataExports.$inferInsert): Promise<ExportRow> {
      const [row] = await db.insert(dataExports).values(values).returning();
      return row as ExportRow;
    },

    async update(id: string, patch: Partial<Omit<ExportRow, "id">>): Promise<void> {
      await db.update(dataExports).set(patch).where(eq(dataExports.id, id));
    },

    /** Moves queued → processing once; a second delivery of the same job gets false. */
    async claim(id: string): Promise<boolean> {
      const rows = await db
        .update(dataExports)
        .set({ status: "processing" })
        .where(and(eq(dataExports.id, id), inArray(dataExports.status, ["queued", "processing"])))
        .returning({ id: dataExports.id });
      return rows.length > 0;
    },

    async remove(id: string): Promise<void> {
      await db.delete(dataExports).where(eq(dataExports.id, id));
    },

    async completedBefore(cutoff: Date): Promise<ExportRow[]> {
      return db
        .select()
        .from(dataExports)
        .where(and(eq(dataExports.status, "completed"), lt(dataExports.completedAt, cutoff), sql`${dataExports.mainFile} is not null`))
        .limit(200);
    },

    /** Bytes of the finished exports of these workspaces whose files are still kept (plan storage). */
    async keptBytes(workspaceIds: string[]): Promise<number> {
      if (workspaceIds.length === 0) return 0;
      const [row] = await db
        .select({ n: sql<string>`coalesce(sum(${dataExports.fileSize}), 0)` })
        .from(dataExports)
        .where(
          and(
            inArray(dataExports.workspaceId, workspaceIds),
            eq(dataExports.status, "completed"),
            sql`${dataExports.files} <> '[]'::jsonb`,
          ),
        );
      return Number(row?.n ?? 0);
    },

    // ---- scheduled exports ----

    async listScheduled(userId: string, workspaceId: string): Promise<ScheduledRow[]> {
      return db
        .select()
        .from(scheduledExports)
        .where(and(eq(scheduledExports.userId, userId), eq(scheduledExports.workspaceId, workspaceId)))
        .orderBy(scheduledExports.createdAt);
    },

    async countScheduled(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(scheduledExports).where(eq(scheduledExports.userId, userId));
      return Number(row?.n ?? 0);
    },

    async findScheduled(userId: string, workspaceId: string, id: string): Promise<ScheduledRow | null> {
      const [row] = await db
        .select()
        .from(scheduledExports)
        .where(and(eq(scheduledExports.id, id), eq(scheduledExports.userId, userId), eq(scheduledExports.workspaceId, workspaceId)))
        .limit(1);
      return row ?? null;
    },

    async insertScheduled(values: typeof scheduledExports.$inferInsert): Promise<ScheduledRow> {
      const [row] = await db.insert(scheduledExports).values(values).returning();
      return row as ScheduledRow;
    },

    async updateScheduled(id: string, patch: Partial<Omit<ScheduledRow, "id">>): Promise<ScheduledRow | null> {
      const [row] = await db.update(scheduledExports).set(patch).where(eq(scheduledExports.id, id)).returning();
      return row ?? null;
    },

    async removeScheduled(id: string): Promise<void> {
      await db.delete(scheduledExports).where(eq(scheduledExports.id, id));
    },

    /** Claims due schedules by moving next_run_at forward only if nobody else did first. */
    async claimDueScheduled(now: Date, next: (row: ScheduledRow) => Date | null): Promise<ScheduledRow[]> {
      const due = await db
        .select()
        .from(scheduledExports)
        .where(and(eq(scheduledExports.enabled, true), lte(scheduledExports.nextRunAt, now)))
        .limit(50);
      const claimed: ScheduledRow[] = [];
      for (const row of due) {
        const [won] = await db
          .update(scheduledExports)
          .set({ nextRunAt: next(row), lastRunAt: now })
          .where(and(eq(scheduledExports.id, row.id), eq(scheduledExports.nextRunAt, row.nextRunAt as Date)))
          .returning({ id: scheduledExports.id });
        if (won) claimed.push(row);
      }
      return claimed;
    },

    /** The owner's access context as it is now (a job runs later than the request that made it). */
    async ownerContext(userId: string, workspaceId: string): Promise<AuthContext | null> {
      const [row] = await db
        .select({
          email: users.email,
          name: users.name,
          isActive: users.isActive,
          isInstanceAdmin: users.isInstanceAdmin,
          role: workspaceMembers.role,
          organizationId: workspaces.organizationId,
        })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
        .where(
          and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.status, "active")),
        )
        .limit(1);
      if (!row?.isActive) return null;
      const role = RoleId.safeParse(row.role);
      return {
        userId,
        email: row.email,
        name: row.name,
        organizationId: row.organizationId,
        workspaceId,
        role: role.success ? role.data : "viewer",
        isInstanceAdmin: row.isInstanceAdmin,
        sessionId: null,
        via: "session",
        scopes: null,
      };
    },
  };
}

export type DataExportsRepository = ReturnType<typeof createDataExportsRepository>;
