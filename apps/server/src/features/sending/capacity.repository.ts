/** Capacity planning's reads: the workspace's running campaigns and, per campaign, the messages still due by step and due hour. */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaignLeads, campaignMessages, campaigns } from "../campaigns/index.ts";

type Tx = Pick<Db, "select" | "execute">;
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** Campaigns that still have work: active, scheduled or paused (drafts have queued nothing yet). */
export async function runningCampaigns(db: Tx, workspaceId: string, only?: string) {
  return db
    .select()
    .from(campaigns)
    .where(
      and(
        eq(campaigns.workspaceId, workspaceId),
        inArray(campaigns.status, ["active", "scheduled", "paused"]),
        only ? eq(campaigns.id, only) : undefined,
      ),
    )
    .orderBy(asc(campaigns.createdAt), asc(campaigns.id))
    .limit(500);
}

export interface CohortRow {
  campaign_id: string;
  /** 0-based step of the next message of these leads. */
  step: number;
  /** The hour it is due (null: now). */
  due: string | Date | null;
  n: number;
}

/**
 * Running leads grouped by the step their next message is and the hour it is due. A lead whose
 * message is in the outbox (retrying or on the wire) counts for that message's step at its
 * scheduled time; the lead's later steps follow in the simulation.
 */
export async function cohorts(db: Tx, workspaceId: string, campaignIds: string[], now: Date): Promise<CohortRow[]> {
  if (campaignIds.length === 0) return [];
  const ids = sql`${sql.param(campaignIds)}::uuid[]`;
  const res = await db.execute(sql`
    select cl.campaign_id,
      coalesce(m.step, cl.current_step) as step,
      date_trunc('hour', coalesce(m.scheduled_at, cl.next_send_at, ${now.toISOString()}::timestamptz)) as due,
      count(*) as n
    from ${campaignLeads} cl
    left join ${campaignMessages} m on m.campaign_id = cl.campaign_id and m.lead_id = cl.lead_id
      and m.step = cl.current_step - 1 and m.status in ('queued', 'sending')
    where cl.workspace_id = ${workspaceId} and cl.campaign_id = any(${ids}) and cl.state in ('queued', 'in_progress')
    group by 1, 2, 3`);
  return rowsOf<CohortRow & { n: unknown; step: unknown }>(res).map((r) => ({ ...r, step: Number(r.step), n: Number(r.n) }));
}
