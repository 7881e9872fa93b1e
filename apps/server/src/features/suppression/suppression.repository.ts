/** Drizzle calls for the suppression list: look-ups at send time, paging, adds and removals. */

import { createHash } from "node:crypto";
import type { SuppressionListQuery, SuppressionReason } from "@prospector/contracts";
import { and, count, desc, eq, ilike, inArray, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { suppressions } from "./suppression.table.ts";

export type Tx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;
export type SuppressionRow = typeof suppressions.$inferSelect;

/** Of these addresses (lower-cased), the ones on the workspace's list, with the reason. */
export async function suppressedAmong(db: Tx, workspaceId: string, emails: string[]): Promise<Map<string, SuppressionReason>> {
  if (emails.length === 0) return new Map();
  // An erased person's entry holds only a salted hash of the address (docs/compliance.md): look up both forms.
  const byHash = new Map(emails.map((e) => [suppressionHash(workspaceId, e), e]));
  const rows = await db
    .select({ email: suppressions.email, reason: suppressions.reason })
    .from(suppressions)
    .where(and(eq(suppressions.workspaceId, workspaceId), inArray(suppressions.email, [...emails, ...byHash.keys()])));
  return new Map(rows.map((r) => [byHash.get(r.email) ?? r.email, r.reason]));
}

/**
 * What an erasure keeps of an address: `sha256:` + hex of sha256(workspace id + ":" + the trimmed,
 * lower-cased address). Salted per workspace so one table of hashed addresses does not match every
 * install or workspace; still an exact match for the sender's check.
 */
export function suppressionHash(workspaceId: string, email: string): string {
  return `sha256:${createHash("sha256").update(`${workspaceId}:${email.trim().toLowerCase()}`).digest("hex")}`;
}

/** Adds addresses; an address already listed keeps its first reason. Returns how many were new. */
export async function addSuppressions(
  db: Tx,
  entries: { workspaceId: string; email: string; reason: SuppressionReason; detail?: string | null; campaignId?: string | null }[],
): Promise<number> {
  if (entries.length === 0) return 0;
  const rows = await db
    .insert(suppressions)
    .values(entries.map((e) => ({ ...e, email: e.email.toLowerCase(), detail: e.detail ?? null, campaignId: e.campaignId ?? null })))
    .onConflictDoNothing()
    .returning({ id: suppressions.id });
  return rows.length;
}

export async function listSuppressions(db: Tx, workspaceId: string, q: SuppressionListQuery) {
  const where = and(
    eq(suppressions.workspaceId, workspaceId),
    q.reason ? eq(suppressions.reason, q.reason) : undefined,
    q.search ? ilike(suppressions.email, `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  ) as SQL;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(suppressions)
      .where(where)
      .orderBy(desc(suppressions.createdAt), desc(suppressions.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ n: count() }).from(suppressions).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function deleteSuppression(db: Tx, workspaceId: string, email: string): Promise<boolean> {
  const rows = await db
    .delete(suppressions)
    .where(and(eq(suppressions.workspaceId, workspaceId), eq(suppressions.email, email.toLowerCase())))
    .returning({ id: suppressions.id });
  return rows.length > 0;
}
