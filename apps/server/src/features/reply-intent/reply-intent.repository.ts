/** Queries of reply intent (docs/ai/reply-intent.md): classified replies, corrections, live agreement and reclassify jobs. */
import type { ReplyIntentClass } from "@prospector/contracts";
import { and, asc, count, desc, eq, gt, inArray, isNotNull, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaigns } from "../campaigns/index.ts";
import { leads } from "../leads/index.ts";
import { replyIntentJobs, replyIntents } from "./reply-intent.table.ts";

/** The lead and campaign ids that exist in the workspace (a reply's may have been deleted since it was matched). */
export async function existingRefs(db: Db, workspaceId: string, leadId: string | null, campaignId: string | null) {
  const [lead] = leadId
    ? await db
        .select({ id: leads.id })
        .from(leads)
        .where(and(eq(leads.workspaceId, workspaceId), eq(leads.id, leadId)))
    : [];
  const [campaign] = campaignId
    ? await db
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.id, campaignId)))
    : [];
  return { leadId: lead?.id ?? null, campaignId: campaign?.id ?? null };
}

export type ReplyIntentRow = typeof replyIntents.$inferSelect;
export type NewReplyIntent = typeof replyIntents.$inferInsert;
export type ReplyIntentJobRow = typeof replyIntentJobs.$inferSelect;

/** Stores a reply's first classification; a reply seen again keeps it (null then). */
export async function insertIntent(db: Db, row: NewReplyIntent): Promise<ReplyIntentRow | null> {
  const rows = await db.insert(replyIntents).values(row).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function intentExists(db: Db, workspaceId: string, replyRef: string): Promise<boolean> {
  const rows = await db
    .select({ id: replyIntents.id })
    .from(replyIntents)
    .where(and(eq(replyIntents.workspaceId, workspaceId), eq(replyIntents.replyRef, replyRef)))
    .limit(1);
  return rows.length > 0;
}

export async function findIntent(db: Db, workspaceId: string, id: string): Promise<ReplyIntentRow | null> {
  const rows = await db
    .select()
    .from(replyIntents)
    .where(and(eq(replyIntents.workspaceId, workspaceId), eq(replyIntents.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/** Newest received first (keyset on received_at, id), by class in force and campaign. */
export async function listIntents(
  db: Db,
  q: {
    workspaceId: string;
    class?: ReplyIntentClass;
    campaignId?: string;
    limit: number;
    after: { receivedAt: Date; id: string } | null;
  },
): Promise<ReplyIntentRow[]> {
  const where = [eq(replyIntents.workspaceId, q.workspaceId)];
  if (q.class) where.push(eq(replyIntents.class, q.class));
  if (q.campaignId) where.push(eq(replyIntents.campaignId, q.campaignId));
  if (q.after) {
    where.push(
      or(
        lt(replyIntents.receivedAt, q.after.receivedAt),
        and(eq(replyIntents.receivedAt, q.after.receivedAt), lt(replyIntents.id, q.after.id)),
      )!,
    );
  }
  return db
    .select()
    .from(replyIntents)
    .where(and(...where))
    .orderBy(desc(replyIntents.receivedAt), desc(replyIntents.id))
    .limit(q.limit + 1);
}

export async function setCorrection(
  db: Db,
  workspaceId: string,
  id: string,
  c: { correctedClass: NonNullable<ReplyIntentRow["correctedClass"]>; userId: string },
): Promise<ReplyIntentRow | null> {
  const rows = await db
    .update(replyIntents)
    .set({ correctedClass: c.correctedClass, class: c.correctedClass, correctedBy: c.userId, correctedAt: new Date() })
    .where(and(eq(replyIntents.workspaceId, workspaceId), eq(replyIntents.id, id)))
    .returning();
  return rows[0] ?? null;
}

/** How many replies the workspace has, were corrected, and still carry another model version. */
export async function liveCounts(db: Db, workspaceId: string, version: string) {
  const [row] = await db
    .select({
      classified: count(),
      corrected: sql<number>`(count(*) filter (where ${replyIntents.correctedClass} is not null))::int`,
      stale: sql<number>`(count(*) filter (where ${replyIntents.modelVersion} <> ${version}))::int`,
    })
    .from(replyIntents)
    .where(eq(replyIntents.workspaceId, workspaceId));
  return { classified: Number(row?.classified ?? 0), corrected: Number(row?.corrected ?? 0), stale: Number(row?.stale ?? 0) };
}

/** Corrected replies by (correction, model's class). */
export async function correctionPairs(db: Db, workspaceId: string) {
  return db
    .select({ actual: replyIntents.correctedClass, predicted: replyIntents.predictedClass, n: count() })
    .from(replyIntents)
    .where(and(eq(replyIntents.workspaceId, workspaceId), isNotNull(replyIntents.correctedClass)))
    .groupBy(replyIntents.correctedClass, replyIntents.predictedClass);
}

export async function countStale(db: Db, workspaceId: string, version: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(replyIntents)
    .where(and(eq(replyIntents.workspaceId, workspaceId), ne(replyIntents.modelVersion, version)));
  return Number(row?.n ?? 0);
}

/** The next replies (by id) classified by another version than `version`. */
export async function staleChunk(db: Db, workspaceId: string, version: string, afterId: string | null, limit: number) {
  const where = [eq(replyIntents.workspaceId, workspaceId), ne(replyIntents.modelVersion, version)];
  if (afterId) where.push(gt(replyIntents.id, afterId));
  return db
    .select()
    .from(replyIntents)
    .where(and(...where))
    .orderBy(asc(replyIntents.id))
    .limit(limit);
}

export async function updateClassification(
  db: Db,
  id: string,
  c: Pick<ReplyIntentRow, "predictedClass" | "confidence" | "explanation" | "modelVersion" | "actionId" | "classifiedAt">,
): Promise<void> {
  await db
    .update(replyIntents)
    .set({ ...c, class: sql`coalesce(${replyIntents.correctedClass}, ${c.predictedClass})` })
    .where(eq(replyIntents.id, id));
}

export async function activeJob(db: Db, workspaceId: string): Promise<ReplyIntentJobRow | null> {
  const rows = await db
    .select()
    .from(replyIntentJobs)
    .where(and(eq(replyIntentJobs.workspaceId, workspaceId), inArray(replyIntentJobs.status, ["queued", "running"])))
    .limit(1);
  return rows[0] ?? null;
}

export async function lastJob(db: Db, workspaceId: string): Promise<ReplyIntentJobRow | null> {
  const rows = await db
    .select()
    .from(replyIntentJobs)
    .where(eq(replyIntentJobs.workspaceId, workspaceId))
    .orderBy(desc(replyIntentJobs.createdAt), desc(replyIntentJobs.id))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertJob(db: Db, row: typeof replyIntentJobs.$inferInsert): Promise<ReplyIntentJobRow> {
  const [out] = await db.insert(replyIntentJobs).values(row).returning();
  return out!;
}

export async function findJob(db: Db, id: string, workspaceId?: string): Promise<ReplyIntentJobRow | null> {
  const where = [eq(replyIntentJobs.id, id)];
  if (workspaceId) where.push(eq(replyIntentJobs.workspaceId, workspaceId));
  const rows = await db
    .select()
    .from(replyIntentJobs)
    .where(and(...where))
    .limit(1);
  return rows[0] ?? null;
}

export async function updateJob(db: Db, id: string, set: Partial<typeof replyIntentJobs.$inferInsert>): Promise<void> {
  await db.update(replyIntentJobs).set(set).where(eq(replyIntentJobs.id, id));
}

/** The stored classification of a lead's reply received at this instant (a campaign reply event's time), if any. */
export async function findByLeadAt(db: Db, workspaceId: string, leadId: string, at: Date): Promise<ReplyIntentRow | null> {
  const rows = await db
    .select()
    .from(replyIntents)
    .where(and(eq(replyIntents.workspaceId, workspaceId), eq(replyIntents.leadId, leadId), eq(replyIntents.receivedAt, at)))
    .limit(1);
  return rows[0] ?? null;
}

/** Puts back a reply's class and correction as they were before a correction (an agent's Revert). */
export async function restoreCorrection(
  db: Db,
  workspaceId: string,
  id: string,
  previous: Pick<ReplyIntentRow, "class" | "correctedClass" | "correctedBy" | "correctedAt">,
): Promise<void> {
  await db
    .update(replyIntents)
    .set(previous)
    .where(and(eq(replyIntents.workspaceId, workspaceId), eq(replyIntents.id, id)));
}
