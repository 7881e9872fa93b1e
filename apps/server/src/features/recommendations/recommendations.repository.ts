/**
 * Reads over the campaign outbox (campaign_messages), its reply events and the leads, aggregated
 * in SQL (a large workspace ships counts, not rows), and the feature's own tables. A reply is a
 * human reply event on the message (bots excluded), as in send-insights. Every query filters by workspace.
 */
import type { RecommendationStatus } from "@prospector/contracts";
import { and, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { type Db, transaction } from "../../db/client.ts";
import { campaignEvents, campaignLeads, campaignMessages, campaigns } from "../campaigns/index.ts";
import { leads } from "../leads/index.ts";
import { sendInsightsMailDomains } from "../send-insights/index.ts";
import { recommendationApplications, recommendationOutcomes, recommendationRuns, recommendations } from "./recommendations.table.ts";

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

export interface Window {
  workspaceId: string;
  from: Date;
  to: Date;
}

const sent = (ws: string, from: Date, to: Date) =>
  sql`m.workspace_id = ${ws} and m.status = 'sent' and m.sent_at >= ${from.toISOString()} and m.sent_at < ${to.toISOString()}`;
const replied = sql`exists (select 1 from ${campaignEvents} e where e.message_id = m.id and e.type = 'reply' and not e.is_bot)`;

export interface ContentRow {
  campaign_id: string;
  step: number;
  variant: number;
  sends: number;
  replies: number;
}

/** Delivered sends and replies per campaign, step and variant (most sent first, as in playbookCounts). */
export async function contentCounts(db: Db, w: Window): Promise<ContentRow[]> {
  const res = await db.execute(sql`
    select m.campaign_id, m.step, m.variant, count(*)::int as sends, (count(*) filter (where ${replied}))::int as replies
    from ${campaignMessages} m where ${sent(w.workspaceId, w.from, w.to)}
    group by 1, 2, 3
    order by sends desc, m.campaign_id::text, m.step, m.variant`);
  return rowsOf<ContentRow>(res);
}

export const DIMENSIONS = ["industry", "seniority", "department", "country", "source", "provider"] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** A lead's value of a dimension, trimmed and lower-cased for grouping ("" when not set). */
const dimExpr: Record<Dimension, ReturnType<typeof sql>> = {
  industry: sql`lower(trim(coalesce(l.industry, '')))`,
  seniority: sql`lower(trim(coalesce(l.seniority, '')))`,
  department: sql`lower(trim(coalesce(l.department, '')))`,
  country: sql`lower(trim(coalesce(l.country, '')))`,
  source: sql`lower(trim(coalesce(l.source, '')))`,
  provider: sql`coalesce(d.provider, '')`,
};

export interface SegmentRow {
  dimension: Dimension;
  value: string;
  sends: number;
  replies: number;
}

/**
 * The playbooks' counts in one pass over the window's delivered messages (each message's reply
 * looked up once): sends and replies per campaign, step and variant, and per lead segment (every
 * dimension at once; sends whose lead was deleted are left out of segments). The segments join
 * the leads once per lead, not once per message. The totals are the sums of the content rows.
 */
export async function playbookCounts(db: Db, w: Window): Promise<{ content: ContentRow[]; segments: SegmentRow[] }> {
  const values = sql.join(
    DIMENSIONS.map((d) => sql`(${d}, ${dimExpr[d]})`),
    sql`, `,
  );
  // Without JIT: compiling this plan costs more than it saves at every size measured.
  const res = await transaction(db, async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return tx.execute(sql`
    with f as materialized (
      select m.campaign_id, m.step, m.variant, m.lead_id, (${replied})::int as r
      from ${campaignMessages} m where ${sent(w.workspaceId, w.from, w.to)}
    ), per_lead as (
      select f.lead_id, count(*)::int as sends, sum(f.r)::int as replies from f group by f.lead_id
    )
    select 'c' as kind, f.campaign_id, f.step, f.variant, null as dimension, null as value,
      count(*)::int as sends, sum(f.r)::int as replies
    from f group by f.campaign_id, f.step, f.variant
    union all
    select 's', null, null, null, v.dimension, v.value, sum(p.sends)::int, sum(p.replies)::int
    from per_lead p
      join ${leads} l on l.id = p.lead_id
      left join ${sendInsightsMailDomains} d on d.workspace_id = ${w.workspaceId} and d.domain = split_part(l.email, '@', 2)
      cross join lateral (values ${values}) v(dimension, value)
    group by v.dimension, v.value`);
  });
  const rows = rowsOf<ContentRow & { kind: string; dimension: Dimension; value: string }>(res);
  return {
    content: rows
      .filter((r) => r.kind === "c")
      .map((r) => ({ campaign_id: r.campaign_id, step: r.step, variant: r.variant, sends: r.sends, replies: r.replies }))
      // Most sent first: a template shared by several campaigns is shown with its most sent wording.
      .sort((a, b) => b.sends - a.sends || a.campaign_id.localeCompare(b.campaign_id) || a.step - b.step || a.variant - b.variant),
    segments: rows
      .filter((r) => r.kind === "s")
      .map((r) => ({ dimension: r.dimension, value: r.value, sends: r.sends, replies: r.replies })),
  };
}

export interface CampaignSegmentRow {
  campaign_id: string;
  value: string;
  sends: number;
  replies: number;
}

/** Per campaign still able to send (draft/scheduled/active/paused) and value of one dimension. */
export async function campaignSegmentCounts(db: Db, w: Window, dimension: Dimension): Promise<CampaignSegmentRow[]> {
  const res = await db.execute(sql`
    select m.campaign_id, ${dimExpr[dimension]} as value, count(*)::int as sends, (count(*) filter (where ${replied}))::int as replies
    from ${campaignMessages} m
      join ${campaigns} c on c.id = m.campaign_id and c.status in ('draft', 'scheduled', 'active', 'paused')
      join ${leads} l on l.id = m.lead_id
      left join ${sendInsightsMailDomains} d on d.workspace_id = ${w.workspaceId} and d.domain = split_part(l.email, '@', 2)
    where ${sent(w.workspaceId, w.from, w.to)}
    group by 1, 2`);
  return rowsOf<CampaignSegmentRow>(res);
}

/** Leads of the campaign in the segment that may still be mailed (queued or in progress). */
export async function segmentMembers(db: Db, ws: string, campaignId: string, dimension: Dimension, value: string): Promise<string[]> {
  const res = await db.execute(sql`
    select cl.lead_id from ${campaignLeads} cl
      join ${leads} l on l.id = cl.lead_id
      left join ${sendInsightsMailDomains} d on d.workspace_id = ${ws} and d.domain = split_part(l.email, '@', 2)
    where cl.workspace_id = ${ws} and cl.campaign_id = ${campaignId} and cl.state in ('queued', 'in_progress')
      and ${dimExpr[dimension]} = ${value}`);
  return rowsOf<{ lead_id: string }>(res).map((r) => r.lead_id);
}

/** Delivered sends and replies of one campaign (or one step of it) in a window. */
export async function campaignRate(
  db: Db,
  ws: string,
  campaignId: string,
  step: number | null,
  from: Date,
  to: Date,
): Promise<{ sends: number; replies: number }> {
  const res = await db.execute(sql`
    select count(*)::int as sends, (count(*) filter (where ${replied}))::int as replies
    from ${campaignMessages} m
    where ${sent(ws, from, to)} and m.campaign_id = ${campaignId}${step === null ? sql`` : sql` and m.step = ${step}`}`);
  return rowsOf<{ sends: number; replies: number }>(res)[0] ?? { sends: 0, replies: 0 };
}

export type CampaignLite = Pick<typeof campaigns.$inferSelect, "id" | "name" | "status" | "steps" | "schedule">;

export async function campaignsByIds(db: Db, ws: string, ids: string[]): Promise<CampaignLite[]> {
  if (!ids.length) return [];
  return db
    .select({ id: campaigns.id, name: campaigns.name, status: campaigns.status, steps: campaigns.steps, schedule: campaigns.schedule })
    .from(campaigns)
    .where(and(eq(campaigns.workspaceId, ws), inArray(campaigns.id, ids)));
}

/** Campaigns that may still change their schedule (the send-window rule's targets). */
export async function editableCampaigns(db: Db, ws: string): Promise<CampaignLite[]> {
  return db
    .select({ id: campaigns.id, name: campaigns.name, status: campaigns.status, steps: campaigns.steps, schedule: campaigns.schedule })
    .from(campaigns)
    .where(and(eq(campaigns.workspaceId, ws), inArray(campaigns.status, ["draft", "scheduled", "paused"])))
    .orderBy(desc(campaigns.createdAt))
    .limit(200);
}

/** Workspaces with a delivered send since `since` (the daily generation's candidates). */
export async function activeWorkspaces(db: Db, since: Date): Promise<string[]> {
  const res = await db.execute(sql`
    select distinct m.workspace_id from ${campaignMessages} m where m.status = 'sent' and m.sent_at >= ${since.toISOString()}`);
  return rowsOf<{ workspace_id: string }>(res).map((r) => r.workspace_id);
}

/** Workspaces with an applied recommendation not judged yet (judged even when they stopped sending). */
export async function workspacesWithPending(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ workspaceId: recommendationApplications.workspaceId })
    .from(recommendationApplications)
    .where(isNull(recommendationApplications.evaluatedAt));
  return rows.map((r) => r.workspaceId);
}

// ---------------------------------------------------------------- own tables

export type RecommendationRow = typeof recommendations.$inferSelect;
export type NewRecommendation = typeof recommendations.$inferInsert;
export type ApplicationRow = typeof recommendationApplications.$inferSelect;
export type OutcomeRow = typeof recommendationOutcomes.$inferSelect;
export type RunRow = typeof recommendationRuns.$inferSelect;

/**
 * Writes a generated recommendation: a new one opens; an existing open or snoozed one gets fresh
 * evidence; an expired one reopens; a dismissed or applied one keeps its status (it is not advised
 * again). Answers whether the row was new.
 */
export async function upsertRecommendation(db: Db, row: NewRecommendation): Promise<"created" | "refreshed" | "kept"> {
  const res = await db.execute(sql`
    insert into ${recommendations} (id, workspace_id, kind, key, status, title, rationale, target, figures, test, source, expected,
      action, permission, action_text, generated_at, expires_at)
    values (${row.id}, ${row.workspaceId}, ${row.kind}, ${row.key}, 'open', ${row.title}, ${row.rationale}, ${JSON.stringify(row.target)}::jsonb,
      ${JSON.stringify(row.figures)}::jsonb, ${JSON.stringify(row.test ?? null)}::jsonb, ${row.source}, ${JSON.stringify(row.expected)}::jsonb,
      ${JSON.stringify(row.action)}::jsonb, ${row.permission}, ${row.actionText}, ${row.generatedAt!.toISOString()}, ${row.expiresAt!.toISOString()})
    on conflict (workspace_id, kind, key) do update set
      title = excluded.title, rationale = excluded.rationale, target = excluded.target, figures = excluded.figures,
      test = excluded.test, source = excluded.source, expected = excluded.expected, action = excluded.action,
      permission = excluded.permission, action_text = excluded.action_text, generated_at = excluded.generated_at,
      expires_at = excluded.expires_at, updated_at = now(),
      status = case when ${recommendations.status} = 'expired' then 'open' else ${recommendations.status} end
      where ${recommendations.status} in ('open', 'snoozed', 'expired')
    returning (xmax = 0) as inserted`);
  const r = rowsOf<{ inserted: boolean }>(res)[0];
  return r ? (r.inserted ? "created" : "refreshed") : "kept";
}

/** Open (or snoozed) recommendations of the workspace not confirmed by this run, and past-expiry ones, expire. */
export async function expireStale(db: Db, ws: string, generatedBefore: Date, now: Date): Promise<number> {
  const rows = await db
    .update(recommendations)
    .set({ status: "expired" })
    .where(
      and(
        eq(recommendations.workspaceId, ws),
        inArray(recommendations.status, ["open", "snoozed"]),
        or(lt(recommendations.generatedAt, generatedBefore), lt(recommendations.expiresAt, now)),
      ),
    )
    .returning({ id: recommendations.id });
  return rows.length;
}

/** Snoozes whose time has come reopen. */
export async function wakeSnoozed(db: Db, ws: string, now: Date): Promise<void> {
  await db
    .update(recommendations)
    .set({ status: "open", snoozedUntil: null })
    .where(and(eq(recommendations.workspaceId, ws), eq(recommendations.status, "snoozed"), lt(recommendations.snoozedUntil, now)));
}

export interface Cursor {
  at: Date;
  id: string;
}

export async function listRecommendations(
  db: Db,
  ws: string,
  q: { status: RecommendationStatus; kind?: string; limit: number; after?: Cursor },
): Promise<RecommendationRow[]> {
  return db
    .select()
    .from(recommendations)
    .where(
      and(
        eq(recommendations.workspaceId, ws),
        eq(recommendations.status, q.status),
        q.kind ? eq(recommendations.kind, q.kind as RecommendationRow["kind"]) : undefined,
        q.after
          ? or(
              lt(recommendations.generatedAt, q.after.at),
              and(eq(recommendations.generatedAt, q.after.at), lt(recommendations.id, q.after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(recommendations.generatedAt), desc(recommendations.id))
    .limit(q.limit + 1);
}

export async function getRecommendation(db: Db, ws: string, id: string): Promise<RecommendationRow | undefined> {
  const [row] = await db
    .select()
    .from(recommendations)
    .where(and(eq(recommendations.workspaceId, ws), eq(recommendations.id, id)));
  return row;
}

/** Moves an open (or snoozed) recommendation to another status; undefined when it was not open. */
export async function setStatus(
  db: Db,
  ws: string,
  id: string,
  status: RecommendationStatus,
  snoozedUntil: Date | null = null,
): Promise<RecommendationRow | undefined> {
  const [row] = await db
    .update(recommendations)
    .set({ status, snoozedUntil })
    .where(and(eq(recommendations.workspaceId, ws), eq(recommendations.id, id), inArray(recommendations.status, ["open", "snoozed"])))
    .returning();
  return row;
}

export async function insertApplication(db: Db, row: typeof recommendationApplications.$inferInsert): Promise<ApplicationRow> {
  const [out] = await db.insert(recommendationApplications).values(row).returning();
  return out as ApplicationRow;
}

export async function applicationsFor(db: Db, ws: string, recommendationIds: string[]) {
  if (!recommendationIds.length) return [];
  return db
    .select({ app: recommendationApplications, outcome: recommendationOutcomes })
    .from(recommendationApplications)
    .leftJoin(recommendationOutcomes, eq(recommendationOutcomes.applicationId, recommendationApplications.id))
    .where(and(eq(recommendationApplications.workspaceId, ws), inArray(recommendationApplications.recommendationId, recommendationIds)));
}

export async function listApplications(db: Db, ws: string, q: { limit: number; after?: Cursor }) {
  return db
    .select({ app: recommendationApplications, outcome: recommendationOutcomes })
    .from(recommendationApplications)
    .leftJoin(recommendationOutcomes, eq(recommendationOutcomes.applicationId, recommendationApplications.id))
    .where(
      and(
        eq(recommendationApplications.workspaceId, ws),
        q.after
          ? or(
              lt(recommendationApplications.appliedAt, q.after.at),
              and(eq(recommendationApplications.appliedAt, q.after.at), lt(recommendationApplications.id, q.after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(recommendationApplications.appliedAt), desc(recommendationApplications.id))
    .limit(q.limit + 1);
}

/** Applications of the workspace not judged yet. */
export async function pendingApplications(db: Db, ws: string): Promise<ApplicationRow[]> {
  return db
    .select()
    .from(recommendationApplications)
    .where(and(eq(recommendationApplications.workspaceId, ws), isNull(recommendationApplications.evaluatedAt)))
    .limit(500);
}

/** Stores the verdict once (a second evaluation of the same application changes nothing). */
export async function saveOutcome(db: Db, row: typeof recommendationOutcomes.$inferInsert): Promise<boolean> {
  const out = await db.insert(recommendationOutcomes).values(row).onConflictDoNothing().returning({ id: recommendationOutcomes.id });
  await db
    .update(recommendationApplications)
    .set({ evaluatedAt: row.evaluatedAt })
    .where(eq(recommendationApplications.id, row.applicationId));
  return out.length > 0;
}

export async function insertRun(db: Db, row: typeof recommendationRuns.$inferInsert): Promise<RunRow> {
  const [out] = await db.insert(recommendationRuns).values(row).returning();
  return out as RunRow;
}

export async function updateRun(db: Db, id: string, values: Partial<typeof recommendationRuns.$inferInsert>): Promise<RunRow | undefined> {
  const [out] = await db.update(recommendationRuns).set(values).where(eq(recommendationRuns.id, id)).returning();
  return out;
}

export async function getRun(db: Db, ws: string, id: string): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(recommendationRuns)
    .where(and(eq(recommendationRuns.workspaceId, ws), eq(recommendationRuns.id, id)));
  return row;
}

export async function latestRun(db: Db, ws: string): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(recommendationRuns)
    .where(eq(recommendationRuns.workspaceId, ws))
    .orderBy(desc(recommendationRuns.startedAt))
    .limit(1);
  return row;
}

/** A run of the workspace still queued or running (one at a time). */
export async function activeRun(db: Db, ws: string): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(recommendationRuns)
    .where(and(eq(recommendationRuns.workspaceId, ws), inArray(recommendationRuns.status, ["queued", "running"])))
    .limit(1);
  return row;
}
