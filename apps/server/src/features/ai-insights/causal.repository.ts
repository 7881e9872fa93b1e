/** Reads of causal analytics (docs/ai/experiments.md): the campaigns to pick from and the four cells of a difference-in-differences. */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaignActivity, campaignEvents, campaignMessages, campaigns } from "../campaigns/index.ts";

type Read = Pick<Db, "select" | "execute">;
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** The workspace's newest campaigns (at most `limit`) with their steps. */
export function recentCampaigns(db: Read, workspaceId: string, limit: number) {
  return db
    .select({ id: campaigns.id, name: campaigns.name, steps: campaigns.steps })
    .from(campaigns)
    .where(eq(campaigns.workspaceId, workspaceId))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(limit);
}

/** Days with activity on these campaigns (edits, launches, A/B changes), newest first, `perCampaign` each. */
export async function activityDays(db: Read, campaignIds: string[], perCampaign: number) {
  if (campaignIds.length === 0) return [];
  const rows = await db
    .select({ campaignId: campaignActivity.campaignId, message: campaignActivity.message, at: campaignActivity.createdAt })
    .from(campaignActivity)
    .where(and(inArray(campaignActivity.campaignId, campaignIds), sql`${campaignActivity.kind} <> 'leads_added'`))
    .orderBy(desc(campaignActivity.createdAt))
    .limit(campaignIds.length * perCampaign);
  return rows;
}

export interface Cells {
  treated: { before: { sent: number; replied: number }; after: { sent: number; replied: number } };
  comparison: { before: { sent: number; replied: number }; after: { sent: number; replied: number }; campaigns: number };
}

/**
 * Sends of the workspace between `from` and `to`, split by campaign (this one or the others) and by
 * side of `at`, with how many of them were replied to (a reply event from the lead at that step of
 * that campaign, as the A/B counts do).
 */
export async function didCells(db: Read, workspaceId: string, campaignId: string, from: Date, at: Date, to: Date): Promise<Cells> {
  const res = await db.execute(sql`
    select (m.campaign_id = ${campaignId}) as treated, (m.sent_at >= ${at.toISOString()}::timestamptz) as after,
      count(*)::int as sent,
      count(*) filter (where exists (select 1 from ${campaignEvents} e where e.campaign_id = m.campaign_id
        and e.lead_id = m.lead_id and e.step = m.step and e.type = 'reply'))::int as replied
    from ${campaignMessages} m
    where m.workspace_id = ${workspaceId} and m.sent_at >= ${from.toISOString()}::timestamptz and m.sent_at < ${to.toISOString()}::timestamptz
    group by 1, 2`);
  const zero = () => ({ sent: 0, replied: 0 });
  const cells: Cells = { treated: { before: zero(), after: zero() }, comparison: { before: zero(), after: zero(), campaigns: 0 } };
  const comparisonCampaigns = await db.execute(sql`
    select count(distinct campaign_id)::int as n from ${campaignMessages}
    where workspace_id = ${workspaceId} and campaign_id <> ${campaignId}
      and sent_at >= ${from.toISOString()}::timestamptz and sent_at < ${to.toISOString()}::timestamptz`);
  for (const r of rowsOf<{ treated: boolean; after: boolean; sent: unknown; replied: unknown }>(res)) {
    const side = r.treated ? cells.treated : cells.comparison;
    side[r.after ? "after" : "before"] = { sent: Number(r.sent), replied: Number(r.replied) };
  }
  cells.comparison.campaigns = Number(rowsOf<{ n: unknown }>(comparisonCampaigns)[0]?.n ?? 0);
  return cells;
}
