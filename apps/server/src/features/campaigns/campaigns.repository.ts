/** Drizzle calls for campaigns: rows, the filtered list, lead counts, plan usage and the activity log. */
import type { CampaignListQuery } from "@prospector/contracts";
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { workspaces } from "../organizations/index.ts";
import type { CampaignRow, CampaignValues } from "./campaigns.mapper.ts";
import { campaignActivity, campaignLeads, campaignMessages, campaigns } from "./campaigns.table.ts";

/** The database or an open transaction. */
export type Tx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;

export async function insertCampaign(tx: Tx, values: typeof campaigns.$inferInsert): Promise<CampaignRow> {
  const [row] = await tx.insert(campaigns).values(values).returning();
  return row as CampaignRow;
}

/**
 * `lock`: "no key update" for a change of the campaign (a state transition, an edit, membership):
 * it waits for the sender's FOR SHARE and holds the sender off, yet leaves foreign-key checks
 * (rows of other tables inserted for this campaign) free, so they cannot deadlock with it.
 * "update" only before deleting the row. Lock order: docs/campaigns.md.
 */
export async function getCampaign(
  tx: Tx,
  workspaceId: string,
  id: string,
  opts: { lock?: "no key update" | "update" } = {},
): Promise<CampaignRow | undefined> {
  const q = tx
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.id, id)));
  const [row] = opts.lock ? await q.for(opts.lock) : await q;
  return row;
}

export async function updateCampaign(tx: Tx, workspaceId: string, id: string, values: CampaignValues): Promise<CampaignRow> {
  const [row] = await tx
    .update(campaigns)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.id, id)))
    .returning();
  return row as CampaignRow;
}

export async function deleteCampaign(tx: Tx, workspaceId: string, id: string): Promise<void> {
  await tx.delete(campaigns).where(and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.id, id)));
}

/** Leads per campaign, for the given campaigns. */
export async function leadCounts(tx: Tx, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: campaignLeads.campaignId, n: count() })
    .from(campaignLeads)
    .where(inArray(campaignLeads.campaignId, ids))
    .groupBy(campaignLeads.campaignId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** A bare date is a whole UTC day: from its start, to the end of date_to. */
const dayStart = (s: string) => new Date(s.length === 10 ? `${s}T00:00:00Z` : s);
const dayEndExclusive = (s: string) =>
  s.length === 10 ? new Date(Date.parse(`${s}T00:00:00Z`) + 86_400_000) : new Date(Date.parse(s) + 1);

export function listConditions(workspaceId: string, q: CampaignListQuery): SQL {
  const conds: SQL[] = [eq(campaigns.workspaceId, workspaceId)];
  if (q.status?.length) conds.push(inArray(campaigns.status, q.status));
  if (q.search) conds.push(sql`lower(${campaigns.name}) like ${`%${escapeLike(q.search.toLowerCase())}%`}`);
  if (q.date_from) conds.push(gte(campaigns.createdAt, dayStart(q.date_from)));
  if (q.date_to) conds.push(lt(campaigns.createdAt, dayEndExclusive(q.date_to)));
  return and(...conds) as SQL;
}

const SORT = {
  created_at: campaigns.createdAt,
  updated_at: campaigns.updatedAt,
  launched_at: campaigns.launchedAt,
  status: campaigns.status,
  name: sql`lower(${campaigns.name})`,
} as const;

export async function listCampaigns(
  db: Tx,
  workspaceId: string,
  q: CampaignListQuery,
): Promise<{ rows: { campaign: CampaignRow; leads: number }[]; total: number }> {
  const where = listConditions(workspaceId, q);
  const dir = q.sort_order === "asc" ? asc : desc;
  // Never-launched campaigns sort last either way; the id (time-ordered) breaks ties so pages are stable.
  const order =
    q.sort_by === "launched_at"
      ? [sql`${campaigns.launchedAt} ${q.sort_order === "asc" ? sql`asc` : sql`desc`} nulls last`, dir(campaigns.id)]
      : [dir(SORT[q.sort_by]), dir(campaigns.id)];
  const [rows, [total]] = await Promise.all([
    // Lead counts ride along as a per-row subquery on the membership primary key: one round trip.
    db
      .select({
        campaign: campaigns,
        leads: sql<number>`(select count(*) from ${campaignLeads} cl where cl.campaign_id = ${campaigns.id})`.mapWith(Number),
      })
      .from(campaigns)
      .where(where)
      .orderBy(...order)
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ n: count() }).from(campaigns).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Campaigns created since `since` in all of the organization's workspaces (the monthly plan limit). */
export async function campaignsCreatedSince(tx: Tx, organizationId: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(campaigns)
    .innerJoin(workspaces, eq(workspaces.id, campaigns.workspaceId))
    .where(and(eq(workspaces.organizationId, organizationId), gte(campaigns.createdAt, since)));
  return Number(row?.n ?? 0);
}

/** Campaign mail sent since `since` across the organization's workspaces (part of the monthly plan limit). */
export async function campaignEmailsSentSince(tx: Tx, organizationId: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(campaignMessages)
    .innerJoin(workspaces, eq(workspaces.id, campaignMessages.workspaceId))
    .where(and(eq(workspaces.organizationId, organizationId), gte(campaignMessages.sentAt, since)));
  return Number(row?.n ?? 0);
}

/** A scheduled campaign whose start has come becomes active (null when it is no longer scheduled). */
export async function activateScheduled(tx: Tx, id: string): Promise<CampaignRow | undefined> {
  const [row] = await tx
    .update(campaigns)
    .set({ status: "active", updatedAt: new Date() })
    .where(and(eq(campaigns.id, id), eq(campaigns.status, "scheduled")))
    .returning();
  return row;
}

/** Active or scheduled campaigns that send from this inbox. */
export async function campaignsUsingInbox(tx: Tx, workspaceId: string, inboxId: string): Promise<{ id: string; name: string }[]> {
  return tx
    .select({ id: campaigns.id, name: campaigns.name })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.workspaceId, workspaceId),
        inArray(campaigns.status, ["active", "scheduled"]),
        sql`${inboxId}::uuid = any(${campaigns.inboxIds})`,
      ),
    )
    .limit(20);
}

/** A deleted inbox no longer sends for any campaign of the workspace. */
export async function dropInbox(tx: Tx, workspaceId: string, inboxId: string): Promise<void> {
  await tx
    .update(campaigns)
    .set({ inboxIds: sql`array_remove(${campaigns.inboxIds}, ${inboxId}::uuid)` })
    .where(and(eq(campaigns.workspaceId, workspaceId), sql`${inboxId}::uuid = any(${campaigns.inboxIds})`));
}

export async function addActivity(
  tx: Tx,
  entry: { workspaceId: string; campaignId: string; kind: string; message: string; userId?: string | null; data?: Record<string, unknown> },
): Promise<void> {
  await tx.insert(campaignActivity).values({ ...entry, userId: entry.userId ?? null, data: entry.data ?? null });
}

export async function listActivity(db: Tx, campaignId: string, limit: number) {
  return db
    .select()
    .from(campaignActivity)
    .where(eq(campaignActivity.campaignId, campaignId))
    .orderBy(desc(campaignActivity.createdAt), desc(campaignActivity.id))
    .limit(limit);
}
