/** The deliverability game's reads (campaigns that send from an inbox, sends to bounced addresses) and its task and day rows. */
import type { CampaignStep, GameTaskKey } from "@prospector/contracts";
import { and, desc, eq, gte, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaignEvents, campaignMessages, campaigns } from "../campaigns/index.ts";
import { inboxes } from "../inboxes/index.ts";
import { leads } from "../leads/index.ts";
import { reputationGameDays, reputationGameTasks } from "./reputation.table.ts";

type Tx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

export type TaskRow = typeof reputationGameTasks.$inferSelect;

/** Campaigns that may still send (draft, scheduled, active, paused) with their steps and inboxes. */
export async function liveCampaigns(
  db: Tx,
  workspaceId: string,
): Promise<{ id: string; name: string; steps: CampaignStep[]; inboxIds: string[] }[]> {
  return db
    .select({ id: campaigns.id, name: campaigns.name, steps: campaigns.steps, inboxIds: campaigns.inboxIds })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.workspaceId, workspaceId),
        sql`${campaigns.status} in ('draft', 'scheduled', 'active', 'paused')`,
        sql`cardinality(${campaigns.inboxIds}) > 0`,
      ),
    )
    .orderBy(desc(campaigns.updatedAt))
    .limit(1000);
}

/**
 * Per inbox: messages sent since `since` to an address that had already bounced in this workspace
 * (matched by address, so a re-imported lead counts), with one such campaign for the link.
 */
export async function sendsToBounced(db: Tx, workspaceId: string, since: Date): Promise<Map<string, { n: number; campaignId: string }>> {
  // The bounced addresses first (each with its first bounce), then one hash join: no per-message lookup.
  const res = await db.execute(sql`
    with bounced as (
      select lower(bl.email) as email, min(e.occurred_at) as at
      from ${campaignEvents} e join ${leads} bl on bl.id = e.lead_id
      where e.workspace_id = ${workspaceId} and e.type = 'bounce'
      group by 1
    )
    select m.inbox_id, count(*) as n, min(m.campaign_id::text) as campaign_id
    from ${campaignMessages} m
    join ${leads} l on l.id = m.lead_id
    join bounced b on b.email = lower(l.email)
    where m.workspace_id = ${workspaceId} and m.sent_at >= ${since.toISOString()} and m.sent_at > b.at and m.inbox_id is not null
    group by 1`);
  return new Map(
    rowsOf<{ inbox_id: string; n: unknown; campaign_id: string }>(res).map((r) => [
      r.inbox_id,
      { n: Number(r.n), campaignId: r.campaign_id },
    ]),
  );
}

export async function taskRows(db: Tx, workspaceId: string): Promise<TaskRow[]> {
  return db.select().from(reputationGameTasks).where(eq(reputationGameTasks.workspaceId, workspaceId));
}

/** Records each task's state; first_done_at is set the first time it is done and kept after. */
export async function saveTasks(
  db: Tx,
  workspaceId: string,
  rows: { inboxId: string; task: GameTaskKey; done: boolean }[],
  at: Date,
): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(reputationGameTasks)
    .values(
      rows.map((r) => ({ workspaceId, inboxId: r.inboxId, task: r.task, done: r.done, firstDoneAt: r.done ? at : null, checkedAt: at })),
    )
    .onConflictDoUpdate({
      target: [reputationGameTasks.inboxId, reputationGameTasks.task],
      set: {
        done: sql`excluded.done`,
        firstDoneAt: sql`coalesce(${reputationGameTasks.firstDoneAt}, excluded.first_done_at)`,
        checkedAt: sql`excluded.checked_at`,
      },
    });
}

export async function recentCompletions(db: Tx, workspaceId: string, limit: number) {
  return db
    .select({ email: inboxes.email, task: reputationGameTasks.task, firstDoneAt: reputationGameTasks.firstDoneAt })
    .from(reputationGameTasks)
    .innerJoin(inboxes, eq(inboxes.id, reputationGameTasks.inboxId))
    .where(and(eq(reputationGameTasks.workspaceId, workspaceId), isNotNull(reputationGameTasks.firstDoneAt)))
    .orderBy(desc(reputationGameTasks.firstDoneAt), desc(reputationGameTasks.id))
    .limit(limit);
}

export async function saveDay(db: Tx, workspaceId: string, day: string, score: number): Promise<void> {
  await db
    .insert(reputationGameDays)
    .values({ workspaceId, day, score })
    .onConflictDoUpdate({ target: [reputationGameDays.workspaceId, reputationGameDays.day], set: { score } });
}

/** The workspace's game scores from `from` on, newest first. */
export async function daysSince(db: Tx, workspaceId: string, from: string): Promise<{ day: string; score: number }[]> {
  return db
    .select({ day: reputationGameDays.day, score: reputationGameDays.score })
    .from(reputationGameDays)
    .where(and(eq(reputationGameDays.workspaceId, workspaceId), gte(reputationGameDays.day, from)))
    .orderBy(desc(reputationGameDays.day));
}
