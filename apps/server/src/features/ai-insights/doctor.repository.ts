/** Reads of the AI doctor (docs/ai/experiments.md): a campaign's delivery counts, its leads' quality and mix, the workspace's reply rates by segment. */
import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaignEvents, campaignLeads, campaignMessages, campaigns } from "../campaigns/index.ts";
import { leads } from "../leads/index.ts";

type Read = Pick<Db, "select" | "execute">;
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** Newest first, keyset on (created_at, id). */
export function campaignPage(db: Read, workspaceId: string, after: { at: Date; id: string } | null, limit: number) {
  return db
    .select({ id: campaigns.id, name: campaigns.name, status: campaigns.status, createdAt: campaigns.createdAt })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.workspaceId, workspaceId),
        after ? or(lt(campaigns.createdAt, after.at), and(eq(campaigns.createdAt, after.at), lt(campaigns.id, after.id))) : undefined,
      ),
    )
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(limit);
}

export interface DeliveryCounts {
  sent: number;
  bounced: number;
  complained: number;
  unsubscribed: number;
  replied: number;
}

/** Messages sent and the distinct leads that bounced, complained, unsubscribed or replied. */
export async function deliveryCounts(db: Read, campaignId: string): Promise<DeliveryCounts> {
  const [sent, events] = [
    await db.execute(sql`select count(sent_at)::int as n from ${campaignMessages} where campaign_id = ${campaignId}`),
    await db.execute(sql`select
        count(distinct lead_id) filter (where type = 'bounce')::int as bounced,
        count(distinct lead_id) filter (where type = 'complaint')::int as complained,
        count(distinct lead_id) filter (where type = 'unsubscribe')::int as unsubscribed,
        count(distinct lead_id) filter (where type = 'reply')::int as replied
      from ${campaignEvents} where campaign_id = ${campaignId} and type in ('bounce', 'complaint', 'unsubscribe', 'reply')`),
  ];
  const e = rowsOf<Record<string, unknown>>(events)[0] ?? {};
  return {
    sent: Number(rowsOf<{ n: unknown }>(sent)[0]?.n ?? 0),
    bounced: Number(e.bounced ?? 0),
    complained: Number(e.complained ?? 0),
    unsubscribed: Number(e.unsubscribed ?? 0),
    replied: Number(e.replied ?? 0),
  };
}

export interface LeadQuality {
  leads: number;
  valid: number;
  risky: number;
  invalid: number;
  unknown: number;
  noFirstName: number;
  noCompany: number;
  /** Leads still to be sent a step (queued or in progress). */
  remaining: number;
}

export async function leadQuality(db: Read, campaignId: string): Promise<LeadQuality> {
  const res = await db.execute(sql`select count(*)::int as leads,
      count(*) filter (where ${leads.emailStatus} = 'valid')::int as valid,
      count(*) filter (where ${leads.emailStatus} = 'risky')::int as risky,
      count(*) filter (where ${leads.emailStatus} = 'invalid')::int as invalid,
      count(*) filter (where ${leads.emailStatus} = 'unknown')::int as unknown,
      count(*) filter (where coalesce(trim(${leads.firstName}), '') = '')::int as no_first_name,
      count(*) filter (where coalesce(trim(${leads.companyName}), '') = '')::int as no_company,
      count(*) filter (where ${campaignLeads.state} in ('queued', 'in_progress'))::int as remaining
    from ${campaignLeads} join ${leads} on ${leads.id} = ${campaignLeads.leadId}
    where ${campaignLeads.campaignId} = ${campaignId}`);
  const r = rowsOf<Record<string, unknown>>(res)[0] ?? {};
  const n = (k: string) => Number(r[k] ?? 0);
  return {
    leads: n("leads"),
    valid: n("valid"),
    risky: n("risky"),
    invalid: n("invalid"),
    unknown: n("unknown"),
    noFirstName: n("no_first_name"),
    noCompany: n("no_company"),
    remaining: n("remaining"),
  };
}

export type Dimension = "role" | "seniority" | "industry";
const COLUMNS = { role: leads.role, seniority: leads.seniority, industry: leads.industry } as const;

export interface SegmentRate {
  value: string;
  sent: number;
  replied: number;
}

/**
 * The workspace's first-touch reply rate per value of a lead field (lower-cased, trimmed): leads
 * sent a campaign's first step, and those of them who replied to that campaign. The 50 values with
 * the most sends.
 */
export async function segmentRates(db: Read, workspaceId: string, dimension: Dimension): Promise<SegmentRate[]> {
  const col = COLUMNS[dimension];
  const res = await db.execute(sql`
    with touched as (
      select distinct campaign_id, lead_id from ${campaignMessages}
      where workspace_id = ${workspaceId} and step = 0 and sent_at is not null and lead_id is not null
    ), replied as (
      select distinct campaign_id, lead_id from ${campaignEvents} where workspace_id = ${workspaceId} and type = 'reply'
    )
    select lower(trim(${col})) as value, count(*)::int as sent, count(replied.lead_id)::int as replied
    from touched join ${leads} on ${leads.id} = touched.lead_id
      left join replied on replied.campaign_id = touched.campaign_id and replied.lead_id = touched.lead_id
    where coalesce(trim(${col}), '') <> ''
    group by 1 order by 2 desc limit 50`);
  return rowsOf<{ value: string; sent: unknown; replied: unknown }>(res).map((r) => ({
    value: r.value,
    sent: Number(r.sent),
    replied: Number(r.replied),
  }));
}

/** The campaign's leads per value of a lead field (blank values left out). */
export async function campaignMix(db: Read, campaignId: string, dimension: Dimension): Promise<Map<string, number>> {
  const col = COLUMNS[dimension];
  const res = await db.execute(sql`select lower(trim(${col})) as value, count(*)::int as n
    from ${campaignLeads} join ${leads} on ${leads.id} = ${campaignLeads.leadId}
    where ${campaignLeads.campaignId} = ${campaignId} and coalesce(trim(${col}), '') <> '' group by 1`);
  return new Map(rowsOf<{ value: string; n: unknown }>(res).map((r) => [r.value, Number(r.n)]));
}
