/** Queries of feedback on AI actions (docs/ai/feedback.md): ratings, the rating queue and the per-model judgement. */
import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { aiActions, aiFeedback } from "./ai-ledger.table.ts";

export async function actionExists(db: Db, workspaceId: string, actionId: string): Promise<boolean> {
  const rows = await db
    .select({ id: aiActions.id })
    .from(aiActions)
    .where(and(eq(aiActions.workspaceId, workspaceId), eq(aiActions.id, actionId)))
    .limit(1);
  return rows.length > 0;
}

/** One rating per person and action: a second one replaces the first (and its time). */
export async function upsertFeedback(
  db: Db,
  row: { workspaceId: string; actionId: string; userId: string; rating: number; comment: string | null },
) {
  const [out] = await db
    .insert(aiFeedback)
    .values(row)
    .onConflictDoUpdate({
      target: [aiFeedback.actionId, aiFeedback.userId],
      set: { rating: row.rating, comment: row.comment, createdAt: sql`now()` },
    })
    .returning();
  return out!;
}

export async function deleteFeedback(db: Db, workspaceId: string, actionId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(aiFeedback)
    .where(and(eq(aiFeedback.workspaceId, workspaceId), eq(aiFeedback.actionId, actionId), eq(aiFeedback.userId, userId)))
    .returning({ id: aiFeedback.id });
  return rows.length > 0;
}

export interface QueueRow {
  id: string;
  kind: string;
  engine: "llm" | "builtin";
  model: string;
  subjectType: string | null;
  subjectId: string | null;
  input: Record<string, unknown>;
  output: Record<string, unknown> | null;
  prompt: { role: string; content: string }[] | null;
  explanationSummary: string | null;
  outcome: string;
  createdAt: Date;
  myRating: number | null;
  myComment: string | null;
  up: number;
  down: number;
}

/** Recent actions newest first (keyset on created_at, id), with the caller's rating and everybody's thumbs. */
export async function queuePage(
  db: Db,
  q: { workspaceId: string; userId: string; kind?: string; unrated: boolean; limit: number; after: { createdAt: Date; id: string } | null },
): Promise<QueueRow[]> {
  const mine = db
    .select({ actionId: aiFeedback.actionId, rating: aiFeedback.rating, comment: aiFeedback.comment })
    .from(aiFeedback)
    .where(eq(aiFeedback.userId, q.userId))
    .as("mine");
  const conditions = [eq(aiActions.workspaceId, q.workspaceId)];
  if (q.kind) conditions.push(eq(aiActions.kind, q.kind));
  if (q.unrated) conditions.push(sql`${mine.actionId} is null`);
  if (q.after) {
    conditions.push(
      or(lt(aiActions.createdAt, q.after.createdAt), and(eq(aiActions.createdAt, q.after.createdAt), lt(aiActions.id, q.after.id)))!,
    );
  }
  return db
    .select({
      id: aiActions.id,
      kind: aiActions.kind,
      engine: aiActions.engine,
      model: aiActions.model,
      subjectType: aiActions.subjectType,
      subjectId: aiActions.subjectId,
      input: aiActions.input,
      output: aiActions.output,
      prompt: aiActions.prompt,
      explanationSummary: sql<string | null>`${aiActions.explanation}->>'summary'`,
      outcome: aiActions.outcome,
      createdAt: aiActions.createdAt,
      myRating: mine.rating,
      myComment: mine.comment,
      up: sql<number>`(select count(*)::int from ${aiFeedback} f where f.action_id = ${aiActions.id} and f.rating = 1)`,
      down: sql<number>`(select count(*)::int from ${aiFeedback} f where f.action_id = ${aiActions.id} and f.rating = -1)`,
    })
    .from(aiActions)
    .leftJoin(mine, eq(mine.actionId, aiActions.id))
    .where(and(...conditions))
    .orderBy(desc(aiActions.createdAt), desc(aiActions.id))
    .limit(q.limit + 1);
}

export interface JudgementRow {
  kind: string;
  model: string;
  engine: "llm" | "builtin";
  actions: number;
  rated: number;
  up: number;
  down: number;
}

/** Per kind and model: the outputs produced since `since` and the thumbs given on them. */
export async function judgements(db: Db, workspaceId: string, since: Date): Promise<JudgementRow[]> {
  const res = await db.execute(sql`
    select a.kind, a.model, a.engine,
           count(distinct a.id)::int as actions,
           count(distinct f.action_id)::int as rated,
           (count(f.id) filter (where f.rating = 1))::int as up,
           (count(f.id) filter (where f.rating = -1))::int as down
      from ${aiActions} a
      left join ${aiFeedback} f on f.action_id = a.id
     where a.workspace_id = ${workspaceId} and a.created_at >= ${since.toISOString()}::timestamptz
     group by a.kind, a.model, a.engine
     order by count(distinct a.id) desc, a.kind, a.model`);
  return rowsOf<JudgementRow>(res);
}

/** Thumbs by the ISO week (Monday, UTC) the rated output was produced. */
export async function weeklyThumbs(db: Db, workspaceId: string, since: Date): Promise<{ week: string; up: number; down: number }[]> {
  const res = await db.execute(sql`
    select to_char(date_trunc('week', a.created_at at time zone 'UTC'), 'YYYY-MM-DD') as week,
           (count(*) filter (where f.rating = 1))::int as up,
           (count(*) filter (where f.rating = -1))::int as down
      from ${aiActions} a
      join ${aiFeedback} f on f.action_id = a.id
     where a.workspace_id = ${workspaceId} and a.created_at >= ${since.toISOString()}::timestamptz
     group by 1
     order by 1`);
  return rowsOf<{ week: string; up: number; down: number }>(res);
}

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;
