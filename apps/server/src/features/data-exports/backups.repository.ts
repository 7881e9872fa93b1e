/** Drizzle calls of workspace backups: the per-workspace backup settings and the backup runs. */
import { and, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { workspaces } from "../organizations/index.ts";
import { backupConfigs, backups } from "./data-exports.table.ts";

export type BackupConfigRow = typeof backupConfigs.$inferSelect;
export type BackupRow = typeof backups.$inferSelect;
export type BackupConfigPatch = Partial<
  Pick<
    BackupConfigRow,
    | "enabled"
    | "frequency"
    | "destination"
    | "retentionDays"
    | "retentionCount"
    | "includeAttachments"
    | "encryptBackups"
    | "notifyOnCompletion"
    | "nextBackupAt"
    | "lastBackupAt"
    | "updatedBy"
  >
>;

/** What a workspace that never opened the backup settings has. */
export const DEFAULT_BACKUP_CONFIG = {
  enabled: false,
  frequency: "weekly" as const,
  destination: "default",
  retentionDays: 30,
  retentionCount: 10,
  includeAttachments: true,
  encryptBackups: true,
  notifyOnCompletion: true,
  lastBackupAt: null,
  nextBackupAt: null,
  updatedBy: null,
};

export function createBackupsRepository(db: Db) {
  return {
    async config(workspaceId: string): Promise<Omit<BackupConfigRow, "id" | "createdAt" | "updatedAt">> {
      const [row] = await db.select().from(backupConfigs).where(eq(backupConfigs.workspaceId, workspaceId)).limit(1);
      return row ?? { workspaceId, ...DEFAULT_BACKUP_CONFIG };
    },

    async saveConfig(workspaceId: string, patch: BackupConfigPatch): Promise<void> {
      await db
        .insert(backupConfigs)
        .values({ workspaceId, ...patch })
        .onConflictDoUpdate({ target: backupConfigs.workspaceId, set: { ...patch, updatedAt: new Date() } });
    },

    /**
     * Claims a due scheduled backup: moves next_backup_at forward only if nobody else did, so with
     * several processes ticking exactly one of them runs it.
     */
    async claimDue(now: Date, next: (row: BackupConfigRow) => Date): Promise<BackupConfigRow[]> {
      const due = await db
        .select()
        .from(backupConfigs)
        .where(and(eq(backupConfigs.enabled, true), lte(backupConfigs.nextBackupAt, now)))
        .limit(50);
      const claimed: BackupConfigRow[] = [];
      for (const row of due) {
        const [won] = await db
          .update(backupConfigs)
          .set({ nextBackupAt: next(row) })
          .where(and(eq(backupConfigs.id, row.id), eq(backupConfigs.nextBackupAt, row.nextBackupAt as Date)))
          .returning({ id: backupConfigs.id });
        if (won) claimed.push(row);
      }
      return claimed;
    },

    async create(values: typeof backups.$inferInsert): Promise<BackupRow> {
      const [row] = await db.insert(backups).values(values).returning();
      return row as BackupRow;
    },

    async finish(id: string, patch: Partial<Pick<BackupRow, "status" | "filePath" | "size" | "error" | "completedAt">>): Promise<void> {
      await db.update(backups).set(patch).where(eq(backups.id, id));
    },

    async list(workspaceId: string, limit = 100): Promise<BackupRow[]> {
      return db.select().from(backups).where(eq(backups.workspaceId, workspaceId)).orderBy(desc(backups.createdAt)).limit(limit);
    },

    async find(workspaceId: string, id: string): Promise<BackupRow | null> {
      const [row] = await db
        .select()
        .from(backups)
        .where(and(eq(backups.workspaceId, workspaceId), eq(backups.id, id)))
        .limit(1);
      return row ?? null;
    },

    async running(workspaceId: string): Promise<BackupRow | null> {
      const [row] = await db
        .select()
        .from(backups)
        .where(and(eq(backups.workspaceId, workspaceId), eq(backups.status, "running")))
        .limit(1);
      return row ?? null;
    },

    async completedSize(workspaceIds: string[]): Promise<number> {
      if (workspaceIds.length === 0) return 0;
      const [row] = await db
        .select({ n: sql<string>`coalesce(sum(${backups.size}), 0)` })
        .from(backups)
        .where(and(inArray(backups.workspaceId, workspaceIds), eq(backups.status, "completed")));
      return Number(row?.n ?? 0);
    },

    /** The organization a workspace belongs to ("" when the workspace is gone). */
    async organizationOf(workspaceId: string): Promise<string> {
      const [ws] = await db.select({ organizationId: workspaces.organizationId }).from(workspaces).where(eq(workspaces.id, workspaceId));
      return ws?.organizationId ?? "";
    },

    async remove(ids: string[]): Promise<void> {
      if (ids.length) await db.delete(backups).where(inArray(backups.id, ids));
    },
  };
}

export type BackupsRepository = ReturnType<typeof createBackupsRepository>;
