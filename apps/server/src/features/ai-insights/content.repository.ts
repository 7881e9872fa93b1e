/**
 * Memory intelligence's SQL (docs/ai/content.md): one UNION ALL over every source of a lead's
 * history, read newest first with a (time, kind, id) keyset; and the personalized images' rows.
 */
import { and, desc, eq, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { aiActions } from "../ai-ledger/index.ts";
import { campaignEvents, campaignMessages, campaigns } from "../campaigns/index.ts";
import { composeMessages } from "../compose/index.ts";
import { crmDealStageHistory, crmDeals, crmInteractions, crmStages, crmTasks } from "../crm/index.ts";
import { enrichmentJobs } from "../enrichment/index.ts";
import { LEAD_SEARCH_EXPR, leadMerges, leads } from "../leads/index.ts";
import { replyIntents } from "../reply-intent/index.ts";
import { personalizedImages } from "./content.table.ts";

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

export interface TimelineRow {
  at: string;
  at_key: string;
  kind: string;
  item_id: string;
  lead_id: string;
  title: string;
  body: string | null;
  reply_class: string | null;
  campaign_id: string | null;
  ai_action_id: string | null;
  link: string | null;
}

/** A lead's rows (leadId) or the whole workspace's (null, for the workspace search). */
interface Scope {
  workspaceId: string;
  leadId: string | null;
}

const isoMs = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const isoUs = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const leadIs = (col: SQL, s: Scope) => (s.leadId ? sql`${col} = ${s.leadId}` : sql`${col} is not null`);

const EVENT_KIND = sql.raw(`case e.type when 'open' then 'opened' when 'click' then 'clicked' when 'reply' then 'replied'
  when 'auto_reply' then 'auto_replied' when 'bounce' then 'bounced' when 'unsubscribe' then 'unsubscribed'
  when 'complaint' then 'complained' else e.type end`);
const EVENT_TITLE = sql.raw(`case e.type when 'open' then 'Opened the email' when 'click' then 'Clicked a link'
  when 'reply' then 'Replied' when 'auto_reply' then 'Automatic reply' when 'bounce' then 'The email bounced'
  when 'unsubscribe' then 'Unsubscribed' when 'complaint' then 'Marked the email as spam' when 'meeting' then 'Meeting booked'
  else e.type end`);

/** Every source as rows of (at, kind, item_id, lead_id, title, body, reply_class, campaign_id, ai_action_id, link). */
function sources(s: Scope): SQL {
  const ws = s.workspaceId;
  return sql`
    select l.created_at as at, case when l.source = 'import' then 'imported' else 'created' end as kind, l.id::text as item_id,
      l.id as lead_id,
      case when l.source = 'import' then 'Imported from a CSV file' else 'Lead created (source: ' || l.source || ')' end as title,
      null::text as body, null::text as reply_class, null::uuid as campaign_id, null::uuid as ai_action_id, null::text as link
    from ${leads} l where l.workspace_id = ${ws} and ${leadIs(sql`l.id`, s)}
    union all
    select coalesce(j.finished_at, j.updated_at), 'enriched', j.id::text || ':' || (r->>'lead_id'), (r->>'lead_id')::uuid,
      'Enriched: ' || coalesce((select string_agg(f, ', ') from jsonb_array_elements_text(r->'fields') f), 'fields updated'),
      null, null, null, null, null
    from ${enrichmentJobs} j cross join lateral jsonb_array_elements(j.results) r
    where j.workspace_id = ${ws} and r->>'status' = 'enriched' and ${
      s.leadId ? sql`j.lead_ids @> ${JSON.stringify([s.leadId])}::jsonb and r->>'lead_id' = ${s.leadId}` : sql`true`
    }
    union all
    select m.created_at, 'merged', m.id::text, m.kept_lead_id,
      'Merged ' || cardinality(m.merged_lead_ids) || ' duplicate(s) into this lead (matched on ' || m.match || ')',
      m.match_key, null, null, null, null
    from ${leadMerges} m where m.workspace_id = ${ws} and ${leadIs(sql`m.kept_lead_id`, s)}
    union all
    select cm.sent_at, 'campaign_sent', cm.id::text, cm.lead_id,
      'Campaign email sent: ' || coalesce(cm.subject, '(no subject)'), 'Campaign "' || c.name || '", step ' || (cm.step + 1),
      null, cm.campaign_id, null, '/campaigns/' || cm.campaign_id
    from ${campaignMessages} cm join ${campaigns} c on c.id = cm.campaign_id
    where cm.workspace_id = ${ws} and ${leadIs(sql`cm.lead_id`, s)} and cm.sent_at is not null
    union all
    select e.occurred_at, ${EVENT_KIND}, e.id::text, e.lead_id, ${EVENT_TITLE},
      coalesce(e.detail->>'snippet', e.url, e.detail->>'diagnostic', e.detail->>'subject'),
      case when e.type = 'reply' then (select ri.class from ${replyIntents} ri
        where ri.workspace_id = ${ws} and ri.lead_id = e.lead_id
          and (ri.received_at = e.occurred_at or ri.snippet = e.detail->>'snippet')
        order by ri.received_at desc limit 1) end,
      e.campaign_id, null, '/campaigns/' || e.campaign_id
    from ${campaignEvents} e
    where e.workspace_id = ${ws} and ${leadIs(sql`e.lead_id`, s)} and not e.is_bot
    union all
    select cx.sent_at, 'compose_sent', cx.id::text, cx.lead_id, 'One-off email sent: ' || cx.subject,
      concat_ws(', ', 'to ' || cx.to_address, case when cx.opens > 0 then cx.opens || ' open(s)' end,
        case when cx.clicks > 0 then cx.clicks || ' click(s)' end, case when cx.replied_at is not null then 'replied' end,
        case when cx.bounced_at is not null then 'bounced' end),
      null, null, null, null
    from ${composeMessages} cx where cx.workspace_id = ${ws} and ${leadIs(sql`cx.lead_id`, s)} and cx.sent_at is not null
    union all
    select i.occurred_at, case when i.type = 'note' then 'note' else 'interaction' end, i.id::text, i.lead_id,
      case i.type when 'note' then 'Note: ' when 'call' then 'Call: ' when 'meeting' then 'Meeting: ' else 'Email: ' end || i.subject,
      nullif(concat_ws(E'\n', i.description, i.notes), ''), null, i.campaign_id, null, '/crm'
    from ${crmInteractions} i where i.workspace_id = ${ws} and ${leadIs(sql`i.lead_id`, s)} and i.source = 'manual'
    union all
    select t.created_at, 'task', t.id::text, t.lead_id, 'Task: ' || t.title || ' (' || replace(t.status, '_', ' ') || ')',
      t.description, null, null, null, '/crm'
    from ${crmTasks} t where t.workspace_id = ${ws} and ${leadIs(sql`t.lead_id`, s)}
    union all
    select d.created_at, 'deal_created', d.id::text, d.lead_id, 'Deal created: ' || d.name,
      nullif(concat_ws(E'\n', d.value || ' ' || d.currency, d.description), ''), null, d.source_campaign_id, null, '/pipeline'
    from ${crmDeals} d where d.workspace_id = ${ws} and ${leadIs(sql`d.lead_id`, s)}
    union all
    select h.changed_at, 'deal_stage', h.id::text, d.lead_id,
      'Deal "' || d.name || '" moved to ' || coalesce(st.name, 'a deleted stage'),
      case when fs.name is not null then 'from ' || fs.name end, null, null, null, '/pipeline'
    from ${crmDealStageHistory} h join ${crmDeals} d on d.id = h.deal_id
      left join ${crmStages} st on st.id = h.to_stage_id left join ${crmStages} fs on fs.id = h.from_stage_id
    where h.workspace_id = ${ws} and ${leadIs(sql`d.lead_id`, s)} and h.from_stage_id is not null
    union all
    select a.created_at, 'ai_action', a.id::text, a.subject_id,
      'AI ' || replace(a.kind, '_', ' ') || ' (' || case when a.engine = 'llm' then 'model ' else 'built-in ' end || a.model || ')'
        || case when a.outcome <> 'ok' then ' — ' || a.outcome else '' end,
      a.explanation->>'summary', null, null, a.id, '/ai-transparency?action=' || a.id
    from ${aiActions} a where a.workspace_id = ${ws} and a.subject_type = 'lead' and ${leadIs(sql`a.subject_id`, s)}
    union all
    select min(a.created_at), 'agent_run', a.agent_run_id::text, a.subject_id,
      'Agent run: ' || count(*) || ' step(s)', string_agg(distinct replace(a.kind, '_', ' '), ', '), null, null,
      (array_agg(a.id order by a.created_at))[1], '/ai-agents?run=' || a.agent_run_id
    from ${aiActions} a
    where a.workspace_id = ${ws} and a.subject_type = 'lead' and ${leadIs(sql`a.subject_id`, s)} and a.agent_run_id is not null
    group by a.agent_run_id, a.subject_id`;
}

const TEXT = sql`(t.title || ' ' || coalesce(t.body, '') || ' ' || coalesce(t.reply_class, ''))`;
const matches = (q: string) => {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(to_tsvector('english', ${TEXT}) @@ websearch_to_tsquery('english', ${q}) or ${TEXT} ilike ${like})`;
};

export interface TimelineFilter {
  kinds?: string[];
  q?: string;
  after?: { at: string; kind: string; id: string };
  limit: number;
}

const filters = (f: Pick<TimelineFilter, "kinds" | "q">): SQL[] => {
  const w: SQL[] = [sql`t.at is not null`];
  if (f.kinds?.length)
    w.push(
      sql`t.kind in ${sql`(${sql.join(
        f.kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`}`,
    );
  if (f.q) w.push(matches(f.q));
  return w;
};

const COLUMNS = sql`${isoMs(sql`t.at`)} as at, ${isoUs(sql`t.at`)} as at_key, t.kind, t.item_id, t.lead_id, t.title, t.body,
  t.reply_class, t.campaign_id, t.ai_action_id, t.link`;

/** One page of a lead's timeline, newest first. */
export async function timelinePage(db: Db, workspaceId: string, leadId: string, f: TimelineFilter): Promise<TimelineRow[]> {
  const w = filters(f);
  if (f.after) w.push(sql`(t.at, t.kind, t.item_id) < (${f.after.at}::timestamptz, ${f.after.kind}, ${f.after.id})`);
  const res = await db.execute(sql`
    select ${COLUMNS} from (${sources({ workspaceId, leadId })}) t
    where ${sql.join(w, sql` and `)}
    order by t.at desc, t.kind desc, t.item_id desc limit ${f.limit}`);
  return rowsOf<TimelineRow>(res);
}

export interface KindCount {
  kind: string;
  n: number;
  first_at: string | null;
  last_at: string | null;
}

/** How many items of each kind the lead's timeline holds, with the first and last time of each. */
export async function timelineCounts(db: Db, workspaceId: string, leadId: string): Promise<KindCount[]> {
  const res = await db.execute(sql`
    select t.kind, count(*)::int as n, ${isoMs(sql`min(t.at)`)} as first_at, ${isoMs(sql`max(t.at)`)} as last_at
    from (${sources({ workspaceId, leadId })}) t where t.at is not null group by t.kind`);
  return rowsOf<KindCount>(res);
}

export interface SearchRow extends TimelineRow {
  matches: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  company_name: string | null;
}

/** Leads whose timeline mentions q, each with its latest matching item, newest match first. */
export async function searchWorkspace(
  db: Db,
  workspaceId: string,
  q: string,
  limit: number,
  after?: { at: string; leadId: string },
): Promise<SearchRow[]> {
  const res = await db.execute(sql`
    with hits as (
      select t.*, count(*) over (partition by t.lead_id)::int as matches,
        row_number() over (partition by t.lead_id order by t.at desc, t.kind desc, t.item_id desc) as rn
      from (${sources({ workspaceId, leadId: null })}) t
      where ${sql.join(filters({ q }), sql` and `)} and t.lead_id is not null
    )
    select ${COLUMNS}, t.matches, l.first_name, l.last_name, l.email, l.company_name
    from hits t join ${leads} l on l.id = t.lead_id and l.workspace_id = ${workspaceId}
    where t.rn = 1 ${after ? sql`and (t.at, t.lead_id) < (${after.at}::timestamptz, ${after.leadId}::uuid)` : sql``}
    order by t.at desc, t.lead_id desc limit ${limit}`);
  return rowsOf<SearchRow>(res);
}

export type LeadRow = {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  company_name: string | null;
};

export async function leadRow(db: Db, workspaceId: string, leadId: string) {
  const [row] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.workspaceId, workspaceId), eq(leads.id, leadId)))
    .limit(1);
  return row ?? null;
}

/** Leads by name, email or company (the trigram-indexed search text), newest first by id. */
export async function searchLeads(db: Db, workspaceId: string, q: string | undefined, limit: number, afterId?: string) {
  const w: SQL[] = [eq(leads.workspaceId, workspaceId)];
  if (q) w.push(sql`${LEAD_SEARCH_EXPR} ilike ${`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (afterId) w.push(lt(leads.id, afterId));
  return db
    .select({ id: leads.id, firstName: leads.firstName, lastName: leads.lastName, email: leads.email, companyName: leads.companyName })
    .from(leads)
    .where(and(...w))
    .orderBy(desc(leads.id))
    .limit(limit);
}

/** The stage of the lead's most recently updated open deal, else of its latest deal. */
export async function currentStage(db: Db, workspaceId: string, leadId: string) {
  const [row] = await db
    .select({ dealId: crmDeals.id, dealName: crmDeals.name, stage: crmStages.name })
    .from(crmDeals)
    .innerJoin(crmStages, eq(crmStages.id, crmDeals.stageId))
    .where(and(eq(crmDeals.workspaceId, workspaceId), eq(crmDeals.leadId, leadId)))
    .orderBy(sql`${crmDeals.closedAt} is null desc`, desc(crmDeals.updatedAt), desc(crmDeals.id))
    .limit(1);
  return row ?? null;
}

// ---- Personalized images ----

export type ImageRow = typeof personalizedImages.$inferSelect;
export type NewImageRow = typeof personalizedImages.$inferInsert;

export async function insertImage(db: Db, row: NewImageRow): Promise<ImageRow> {
  const [r] = await db.insert(personalizedImages).values(row).returning();
  return r!;
}

export async function findImage(db: Db, workspaceId: string, id: string): Promise<ImageRow | null> {
  const [r] = await db
    .select()
    .from(personalizedImages)
    .where(and(eq(personalizedImages.workspaceId, workspaceId), eq(personalizedImages.id, id)))
    .limit(1);
  return r ?? null;
}

export async function findImageByToken(db: Db, token: string): Promise<ImageRow | null> {
  const [r] = await db.select().from(personalizedImages).where(eq(personalizedImages.publicToken, token)).limit(1);
  return r ?? null;
}

export async function listImages(
  db: Db,
  workspaceId: string,
  opts: { leadId?: string; limit: number; after?: { at: Date; id: string } },
): Promise<ImageRow[]> {
  const w: (SQL | undefined)[] = [eq(personalizedImages.workspaceId, workspaceId)];
  if (opts.leadId) w.push(eq(personalizedImages.leadId, opts.leadId));
  if (opts.after)
    w.push(
      or(
        lt(personalizedImages.createdAt, opts.after.at),
        and(eq(personalizedImages.createdAt, opts.after.at), lt(personalizedImages.id, opts.after.id)),
      ),
    );
  return db
    .select()
    .from(personalizedImages)
    .where(and(...w))
    .orderBy(desc(personalizedImages.createdAt), desc(personalizedImages.id))
    .limit(opts.limit);
}

export async function updateImage(
  db: Db,
  workspaceId: string,
  id: string,
  set: Partial<Pick<ImageRow, "altText" | "publicToken">>,
): Promise<ImageRow | null> {
  const [r] = await db
    .update(personalizedImages)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(personalizedImages.workspaceId, workspaceId), eq(personalizedImages.id, id)))
    .returning();
  return r ?? null;
}

export async function deleteImage(db: Db, workspaceId: string, id: string): Promise<ImageRow | null> {
  const [r] = await db
    .delete(personalizedImages)
    .where(and(eq(personalizedImages.workspaceId, workspaceId), eq(personalizedImages.id, id)))
    .returning();
  return r ?? null;
}

/** Which of these file names a kept image still points at. */
export async function keptFileNames(db: Db, names: string[]): Promise<Set<string>> {
  if (!names.length) return new Set();
  const rows = await db
    .select({ fileName: personalizedImages.fileName })
    .from(personalizedImages)
    .where(inArray(personalizedImages.fileName, names));
  return new Set(rows.map((r) => r.fileName));
}
