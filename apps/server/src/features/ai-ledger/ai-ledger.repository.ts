/** Queries of the AI ledger (docs/ai/activity.md): writing actions, the activity list, the month's spend, settings and "seen". */
import { and, count, desc, eq, gte, ilike, isNull, lt, ne, or, type SQL, sql, sum } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../identity/index.ts";
import { aiActions, aiActivitySeen, aiSettings } from "./ai-ledger.table.ts";

export type NewAiAction = typeof aiActions.$inferInsert;
export type AiActionRecord = typeof aiActions.$inferSelect;

/** Writes one ledger row; returns its id. */
export async function insertAiAction(db: Db, row: NewAiAction): Promise<string> {
  const [out] = await db.insert(aiActions).values(row).returning({ id: aiActions.id });
  return out!.id;
}

/** What a workspace has spent on the language model since `from` (millionths of a dollar). */
export async function spentSince(db: Db, workspaceId: string, from: Date): Promise<number> {
  const [row] = await db
    .select({ micros: sum(aiActions.costMicros) })
    .from(aiActions)
    .where(and(eq(aiActions.workspaceId, workspaceId), gte(aiActions.createdAt, from)));
  return Number(row?.micros ?? 0);
}

export async function findSettings(db: Db, workspaceId: string) {
  const [row] = await db.select().from(aiSettings).where(eq(aiSettings.workspaceId, workspaceId));
  return row ?? null;
}

export async function saveSettings(db: Db, workspaceId: string, monthlyCapMicros: number | null, userId: string): Promise<void> {
  await db
    .insert(aiSettings)
    .values({ workspaceId, monthlyCapMicros, updatedBy: userId })
    .onConflictDoUpdate({ target: aiSettings.workspaceId, set: { monthlyCapMicros, updatedBy: userId, updatedAt: new Date() } });
}

export interface ActionFilters {
  kind?: string;
  engine?: "llm" | "builtin";
  outcome?: string;
  userId?: string;
  subjectType?: string;
  subjectId?: string;
  q?: string;
}

export interface Keyset {
  createdAt: Date;
  id: string;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function filterWhere(workspaceId: string, f: ActionFilters): SQL | undefined {
  const words = f.q?.split(/\s+/).filter(Boolean).slice(0, 5) ?? [];
  return and(
    eq(aiActions.workspaceId, workspaceId),
    f.kind ? eq(aiActions.kind, f.kind) : undefined,
    f.engine ? eq(aiActions.engine, f.engine) : undefined,
    f.outcome ? eq(aiActions.outcome, f.outcome as AiActionRecord["outcome"]) : undefined,
    f.userId ? eq(aiActions.userId, f.userId) : undefined,
    f.subjectType ? eq(aiActions.subjectType, f.subjectType) : undefined,
    f.subjectId ? eq(aiActions.subjectId, f.subjectId) : undefined,
    ...words.map((w) => {
      const p = `%${likeEscape(w)}%`;
      return or(ilike(aiActions.model, p), ilike(aiActions.kind, p), ilike(aiActions.error, p));
    }),
  );
}

const listColumns = {
  id: aiActions.id,
  createdAt: aiActions.createdAt,
  kind: aiActions.kind,
  engine: aiActions.engine,
  model: aiActions.model,
  userId: aiActions.userId,
  userName: users.name,
  subjectType: aiActions.subjectType,
  subjectId: aiActions.subjectId,
  agentRunId: aiActions.agentRunId,
  tokensIn: aiActions.tokensIn,
  tokensOut: aiActions.tokensOut,
  tokensEstimated: aiActions.tokensEstimated,
  costMicros: aiActions.costMicros,
  durationMs: aiActions.durationMs,
  attempts: aiActions.attempts,
  outcome: aiActions.outcome,
  error: aiActions.error,
};

/** Newest first, after the keyset; filters use the (workspace, kind | user | subject, created_at) indexes. */
export async function listActions(db: Db, workspaceId: string, f: ActionFilters, limit: number, after: Keyset | null) {
  const before = after
    ? or(lt(aiActions.createdAt, after.createdAt), and(eq(aiActions.createdAt, after.createdAt), lt(aiActions.id, after.id)))
    : undefined;
  return db
    .select(listColumns)
    .from(aiActions)
    .leftJoin(users, eq(users.id, aiActions.userId))
    .where(and(filterWhere(workspaceId, f), before))
    .orderBy(desc(aiActions.createdAt), desc(aiActions.id))
    .limit(limit);
}
export type AiActionListRow = Awaited<ReturnType<typeof listActions>>[number];

export async function findAction(db: Db, workspaceId: string, id: string) {
  const [row] = await db
    .select({ action: aiActions, userName: users.name })
    .from(aiActions)
    .leftJoin(users, eq(users.id, aiActions.userId))
    .where(and(eq(aiActions.workspaceId, workspaceId), eq(aiActions.id, id)));
  return row ?? null;
}

/** The month's actions split by kind, UTC day and person (one scan each over the month's rows). */
export async function usageSince(db: Db, workspaceId: string, from: Date) {
  const inMonth = and(eq(aiActions.workspaceId, workspaceId), gte(aiActions.createdAt, from));
  const micros = sql<string>`coalesce(sum(${aiActions.costMicros}), 0)`;
  const day = sql<string>`to_char(${aiActions.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [totals, byKind, byDay, byUser] = await Promise.all([
    db
      .select({ actions: count(), refused: sql<string>`count(*) filter (where ${aiActions.outcome} = 'refused')`, micros })
      .from(aiActions)
      .where(inMonth),
    db
      .select({
        kind: aiActions.kind,
        actions: count(),
        tokens: sql<string>`coalesce(sum(${aiActions.tokensIn} + ${aiActions.tokensOut}), 0)`,
        micros,
      })
      .from(aiActions)
      .where(inMonth)
      .groupBy(aiActions.kind)
      .orderBy(desc(micros), aiActions.kind),
    db.select({ day, actions: count(), micros }).from(aiActions).where(inMonth).groupBy(day).orderBy(day),
    db
      .select({ userId: aiActions.userId, name: users.name, actions: count(), micros })
      .from(aiActions)
      .leftJoin(users, eq(users.id, aiActions.userId))
      .where(inMonth)
      .groupBy(aiActions.userId, users.name)
      .orderBy(desc(micros), desc(count()))
      .limit(50),
  ]);
  return { totals: totals[0]!, byKind, byDay, byUser };
}

export async function findSeen(db: Db, workspaceId: string, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ seenAt: aiActivitySeen.seenAt })
    .from(aiActivitySeen)
    .where(and(eq(aiActivitySeen.workspaceId, workspaceId), eq(aiActivitySeen.userId, userId)));
  return row?.seenAt ?? null;
}

export async function markSeen(db: Db, workspaceId: string, userId: string, at: Date): Promise<void> {
  await db
    .insert(aiActivitySeen)
    .values({ workspaceId, userId, seenAt: at })
    .onConflictDoUpdate({ target: [aiActivitySeen.workspaceId, aiActivitySeen.userId], set: { seenAt: at } });
}

/** Actions others (people, jobs, agents) took since `since`, counted up to `max` so a long absence stays cheap. */
export async function countUnread(db: Db, workspaceId: string, userId: string, since: Date | null, max: number): Promise<number> {
  const recent = db
    .select({ one: sql`1` })
    .from(aiActions)
    .where(
      and(
        eq(aiActions.workspaceId, workspaceId),
        since ? sql`${aiActions.createdAt} > ${since.toISOString()}::timestamptz` : undefined,
        or(isNull(aiActions.userId), ne(aiActions.userId, userId)),
      ),
    )
    .limit(max)
    .as("recent");
  const [row] = await db.select({ n: count() }).from(recent);
  return row?.n ?? 0;
}
