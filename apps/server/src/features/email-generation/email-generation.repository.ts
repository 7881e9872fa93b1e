/** Queries of saved email templates (docs/ai/activity.md): keyset pages newest first, one workspace at a time. */
import { and, desc, eq, lt, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../identity/index.ts";
import { savedEmailTemplates } from "./email-generation.table.ts";

export interface Keyset {
  createdAt: Date;
  id: string;
}

const columns = {
  id: savedEmailTemplates.id,
  name: savedEmailTemplates.name,
  subject: savedEmailTemplates.subject,
  body: savedEmailTemplates.body,
  createdBy: savedEmailTemplates.createdBy,
  creatorName: users.name,
  createdAt: savedEmailTemplates.createdAt,
};

export async function listTemplates(db: Db, workspaceId: string, limit: number, after: Keyset | null) {
  const before = after
    ? or(
        lt(savedEmailTemplates.createdAt, after.createdAt),
        and(eq(savedEmailTemplates.createdAt, after.createdAt), lt(savedEmailTemplates.id, after.id)),
      )
    : undefined;
  return db
    .select(columns)
    .from(savedEmailTemplates)
    .leftJoin(users, eq(users.id, savedEmailTemplates.createdBy))
    .where(and(eq(savedEmailTemplates.workspaceId, workspaceId), before))
    .orderBy(desc(savedEmailTemplates.createdAt), desc(savedEmailTemplates.id))
    .limit(limit);
}
export type TemplateRow = Awaited<ReturnType<typeof listTemplates>>[number];

export async function findTemplate(db: Db, workspaceId: string, id: string): Promise<TemplateRow | null> {
  const [row] = await db
    .select(columns)
    .from(savedEmailTemplates)
    .leftJoin(users, eq(users.id, savedEmailTemplates.createdBy))
    .where(and(eq(savedEmailTemplates.workspaceId, workspaceId), eq(savedEmailTemplates.id, id)));
  return row ?? null;
}

export async function templateNameTaken(db: Db, workspaceId: string, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: savedEmailTemplates.id })
    .from(savedEmailTemplates)
    .where(and(eq(savedEmailTemplates.workspaceId, workspaceId), eq(savedEmailTemplates.name, name)));
  return Boolean(row);
}

export async function insertTemplate(
  db: Db,
  row: { workspaceId: string; name: string; subject: string; body: string; createdBy: string },
): Promise<string> {
  const [out] = await db.insert(savedEmailTemplates).values(row).returning({ id: savedEmailTemplates.id });
  return out!.id;
}

export async function deleteTemplate(db: Db, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(savedEmailTemplates)
    .where(and(eq(savedEmailTemplates.workspaceId, workspaceId), eq(savedEmailTemplates.id, id)))
    .returning({ id: savedEmailTemplates.id });
  return rows.length > 0;
}
