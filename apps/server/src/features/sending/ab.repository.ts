/** The A/B results' counts per step and variant, and the campaigns that test variants. */
import type { AbTestListQuery } from "@prospector/contracts";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaignEvents, campaignMessages, campaigns } from "../campaigns/index.ts";

type Tx = Pick<Db, "execute">;
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** Emails sent per step and variant. */
export async function sentPerVariant(db: Tx, campaignId: string) {
  const res = await db.execute(sql`
      select step, variant, count(sent_at) as sent from ${campaignMessages}
      where campaign_id = ${campaignId} group by 1, 2`);
  return rowsOf<{ step: unknown; variant: unknown; sent: unknown }>(res);
}

/** Leads who opened (people only), clicked (people only) and replied, per step and variant. */
export async function peoplePerVariant(db: Tx, campaignId: string) {
  const res = await db.execute(sql`
      select step, variant,
        count(distinct lead_id) filter (where type = 'open' and not is_bot) as opened,
        count(distinct lead_id) filter (where type = 'click' and not is_bot) as clicked,
        count(distinct lead_id) filter (where type = 'reply') as replied
      from ${campaignEvents} where campaign_id = ${campaignId} and step is not null group by 1, 2`);
  return rowsOf<{ step: unknown; variant: unknown; opened: unknown; clicked: unknown; replied: unknown }>(res);
}

/** One page of the workspace's campaigns with at least one variant, newest first, and how many there are. */
export async function campaignsWithVariants(db: Tx, workspaceId: string, q: AbTestListQuery): Promise<{ ids: string[]; total: number }> {
  const where = sql`workspace_id = ${workspaceId}
    and exists (select 1 from jsonb_array_elements(steps) s where jsonb_array_length(coalesce(s->'variants', '[]'::jsonb)) > 0)`;
  const [rows, total] = await Promise.all([
    db.execute(sql`select id from ${campaigns} where ${where} order by created_at desc, id desc
      limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`),
    db.execute(sql`select count(*) as n from ${campaigns} where ${where}`),
  ]);
  return { ids: rowsOf<{ id: string }>(rows).map((r) => r.id), total: Number(rowsOf<{ n: unknown }>(total)[0]?.n ?? 0) };
}
