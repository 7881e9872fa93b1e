/**
 * The feature's reads over the campaign outbox (campaign_messages), its tracked events and the
 * leads, aggregated in SQL so a large workspace ships counts, not rows; and its own two tables.
 * Every query filters by workspace. A lead's location is one key (country, city, time zone and
 * region fields joined by U+001F) that the service resolves to a zone and hands back as JSON.
 */
import type { MailProvider, MxLookupJobStatus, MxLookupStatus } from "@prospector/contracts";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaignEvents, campaignLeads, campaignMessages, campaigns } from "../campaigns/index.ts";
import { leads } from "../leads/index.ts";
import { sendInsightsLookupJobs, sendInsightsMailDomains } from "./send-insights.table.ts";

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

export interface Window {
  workspaceId: string;
  from: Date;
  to: Date;
  campaignId: string | null;
}

const tzField = sql`coalesce(l.custom_fields->>'timezone', l.custom_fields->>'time_zone', l.custom_fields->>'tz')`;
const regionField = sql`coalesce(l.custom_fields->>'state', l.custom_fields->>'province', l.custom_fields->>'region')`;
const locationKey = sql`concat_ws(chr(31), coalesce(l.country, ''), coalesce(l.city, ''), coalesce(${tzField}, ''), coalesce(${regionField}, ''))`;

const sentIn = (w: Window, statuses: string[]) =>
  sql`m.workspace_id = ${w.workspaceId} and m.status in ${sql.raw(`(${statuses.map((s) => `'${s}'`).join(", ")})`)}
    and m.sent_at >= ${w.from.toISOString()} and m.sent_at < ${w.to.toISOString()}${w.campaignId ? sql` and m.campaign_id = ${w.campaignId}` : sql``}`;

export interface LocationRow {
  key: string;
  country: string | null;
  city: string | null;
  tz: string | null;
  region: string | null;
  leads: number;
}

/** The distinct lead locations behind the window's delivered sends, with their lead counts. */
export async function sentLocations(db: Db, w: Window): Promise<{ rows: LocationRow[]; sendsWithoutLead: number }> {
  const res = await db.execute(sql`
    select ${locationKey} as key, l.country, l.city, ${tzField} as tz, ${regionField} as region,
      count(distinct m.lead_id)::int as leads, (count(*) filter (where m.lead_id is null))::int as orphans
    from ${campaignMessages} m left join ${leads} l on l.id = m.lead_id
    where ${sentIn(w, ["sent"])}
    group by 1, 2, 3, 4, 5`);
  const rows = rowsOf<LocationRow & { orphans: number }>(res);
  return { rows: rows.filter((r) => r.leads > 0), sendsWithoutLead: rows.reduce((n, r) => n + r.orphans, 0) };
}

/** The lead locations of one campaign's members (for "apply": which zone its leads are in). */
export async function campaignLocations(db: Db, workspaceId: string, campaignId: string): Promise<LocationRow[]> {
  const res = await db.execute(sql`
    select ${locationKey} as key, l.country, l.city, ${tzField} as tz, ${regionField} as region, count(*)::int as leads
    from ${campaignLeads} cl join ${leads} l on l.id = cl.lead_id
    where cl.workspace_id = ${workspaceId} and cl.campaign_id = ${campaignId}
    group by 1, 2, 3, 4, 5`);
  return rowsOf<LocationRow>(res);
}

/** Schedule zones of the campaigns behind the window's sends (the fallback zones). */
export async function campaignZones(db: Db, w: Window): Promise<string[]> {
  const res = await db.execute(sql`
    select distinct c.schedule->>'timezone' as zone
    from ${campaignMessages} m join ${campaigns} c on c.id = m.campaign_id
    where ${sentIn(w, ["sent"])}`);
  return rowsOf<{ zone: string | null }>(res).map((r) => r.zone ?? "UTC");
}

/** Which of these zone names PostgreSQL knows (its tz data may lag the runtime's Intl). */
export async function knownToDatabase(db: Db, zones: string[]): Promise<Set<string>> {
  if (!zones.length) return new Set();
  const res = await db.execute(sql`select name from pg_timezone_names where name in ${sql.raw(`(${zones.map(quote).join(", ")})`)}`);
  return new Set(rowsOf<{ name: string }>(res).map((r) => r.name));
}
const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Each delivered send in its recipient zone: the inferred zone of its lead's location, else the campaign's (else UTC). */
const zonedSends = (w: Window, zoneMap: Record<string, string>, campaignZone: Record<string, string>) => sql`
  zmap as (select key, value as zone from jsonb_each_text(${JSON.stringify(zoneMap)}::jsonb)),
  cz as (select key, value as zone from jsonb_each_text(${JSON.stringify(campaignZone)}::jsonb)),
  msg as (
    select m.id, m.sent_at, coalesce(zmap.zone, cz.zone, 'UTC') as zone
    from ${campaignMessages} m
      join ${campaigns} c on c.id = m.campaign_id
      left join ${leads} l on l.id = m.lead_id
      left join zmap on zmap.key = ${locationKey}
      left join cz on cz.key = coalesce(c.schedule->>'timezone', 'UTC')
    where ${sentIn(w, ["sent"])}
  )`;

export interface CellRow {
  dow: number;
  hour: number;
  sends: number;
  opened: number;
  replied: number;
}

/** Sends per recipient-local weekday × hour, and how many of them a person opened / replied to. */
export async function sendCells(
  db: Db,
  w: Window,
  zoneMap: Record<string, string>,
  campaignZone: Record<string, string>,
): Promise<CellRow[]> {
  const res = await db.execute(sql`
    with ${zonedSends(w, zoneMap, campaignZone)}
    select extract(dow from msg.sent_at at time zone msg.zone)::int as dow,
      extract(hour from msg.sent_at at time zone msg.zone)::int as hour,
      count(*)::int as sends,
      (count(*) filter (where exists (select 1 from ${campaignEvents} e
        where e.message_id = msg.id and e.type = 'open' and not e.is_bot)))::int as opened,
      (count(*) filter (where exists (select 1 from ${campaignEvents} e
        where e.message_id = msg.id and e.type = 'reply' and not e.is_bot)))::int as replied
    from msg group by 1, 2`);
  return rowsOf<CellRow>(res);
}

/** Human opens and replies on those sends by the recipient-local hour they happened; bot opens counted apart. */
export async function eventHours(
  db: Db,
  w: Window,
  zoneMap: Record<string, string>,
  campaignZone: Record<string, string>,
): Promise<{ hours: { hour: number; opens: number; replies: number }[]; botOpens: number }> {
  const res = await db.execute(sql`
    with ${zonedSends(w, zoneMap, campaignZone)}
    select case when e.is_bot then -1 else extract(hour from e.occurred_at at time zone msg.zone)::int end as hour,
      (count(*) filter (where e.type = 'open'))::int as opens,
      (count(*) filter (where e.type = 'reply'))::int as replies
    from ${campaignEvents} e join msg on msg.id = e.message_id
    where e.type in ('open', 'reply')
    group by 1`);
  const rows = rowsOf<{ hour: number; opens: number; replies: number }>(res);
  return { hours: rows.filter((r) => r.hour >= 0), botOpens: rows.find((r) => r.hour === -1)?.opens ?? 0 };
}

// ---------------------------------------------------------------- providers

const leadDomain = sql`lower(split_part(l.email, '@', 2))`;
const providerOf = (known: Record<string, MailProvider>) =>
  sql`coalesce((${JSON.stringify(known)}::jsonb)->>${leadDomain}, d.provider, 'unknown')`;

export interface ProviderRow {
  provider: MailProvider;
  sent: number;
  bounced: number;
  opened: number;
  clicked: number;
  replied: number;
}

/** Attempted sends (sent or bounced) per provider and what happened to them. */
export async function providerSends(db: Db, w: Window, known: Record<string, MailProvider>): Promise<ProviderRow[]> {
  const has = (type: string, human = true) =>
    sql`exists (select 1 from ${campaignEvents} e where e.message_id = m.id and e.type = ${type}${human ? sql` and not e.is_bot` : sql``})`;
  const res = await db.execute(sql`
    select ${providerOf(known)} as provider,
      count(*)::int as sent,
      (count(*) filter (where m.status = 'bounced' or ${has("bounce", false)}))::int as bounced,
      (count(*) filter (where ${has("open")}))::int as opened,
      (count(*) filter (where ${has("click")}))::int as clicked,
      (count(*) filter (where ${has("reply")}))::int as replied
    from ${campaignMessages} m
      left join ${leads} l on l.id = m.lead_id
      left join ${sendInsightsMailDomains} d on d.workspace_id = m.workspace_id and d.domain = ${leadDomain}
    where ${sentIn(w, ["sent", "bounced"])}
    group by 1`);
  return rowsOf<ProviderRow>(res);
}

/** The workspace's leads with an address, per provider: leads and distinct domains. */
export async function providerLeads(
  db: Db,
  workspaceId: string,
  known: Record<string, MailProvider>,
): Promise<{ provider: MailProvider; leads: number; domains: number }[]> {
  const res = await db.execute(sql`
    select ${providerOf(known)} as provider, count(*)::int as leads, count(distinct ${leadDomain})::int as domains
    from ${leads} l
      left join ${sendInsightsMailDomains} d on d.workspace_id = l.workspace_id and d.domain = ${leadDomain}
    where l.workspace_id = ${workspaceId} and l.email is not null
    group by 1`);
  return rowsOf(res);
}

/** Distinct lead domains: classified, not looked up, looked up without an answer; the newest lookup. */
export async function lookupSummary(db: Db, workspaceId: string, known: Record<string, MailProvider>) {
  const res = await db.execute(sql`
    with doms as (select distinct ${leadDomain} as domain from ${leads} l where l.workspace_id = ${workspaceId} and l.email is not null)
    select count(*)::int as domains,
      (count(*) filter (where (${JSON.stringify(known)}::jsonb) ? doms.domain or (d.id is not null and d.provider <> 'unknown')))::int as classified,
      (count(*) filter (where not (${JSON.stringify(known)}::jsonb) ? doms.domain and d.id is null))::int as pending,
      (count(*) filter (where not (${JSON.stringify(known)}::jsonb) ? doms.domain and d.provider = 'unknown'))::int as unresolved,
      max(d.checked_at) as last_checked_at
    from doms left join ${sendInsightsMailDomains} d on d.workspace_id = ${workspaceId} and d.domain = doms.domain`);
  const row = rowsOf<{ domains: number; classified: number; pending: number; unresolved: number; last_checked_at: string | Date | null }>(
    res,
  )[0]!;
  return { ...row, last_checked_at: row.last_checked_at ? new Date(row.last_checked_at) : null };
}

export interface DomainRow {
  domain: string;
  leads: number;
  provider: MailProvider;
  status: MxLookupStatus;
  mx_hosts: string[] | null;
  error: string | null;
  checked_at: string | Date | null;
  total: number;
}

/** The lead domains with their lookup, most leads first, filtered and paged. */
export async function domainPage(
  db: Db,
  workspaceId: string,
  known: Record<string, MailProvider>,
  q: { provider?: MailProvider; status?: MxLookupStatus; q?: string; limit: number; offset: number },
): Promise<DomainRow[]> {
  const knownJson = sql`(${JSON.stringify(known)}::jsonb)`;
  const res = await db.execute(sql`
    with doms as (
      select ${leadDomain} as domain, count(*)::int as leads
      from ${leads} l where l.workspace_id = ${workspaceId} and l.email is not null group by 1
    ),
    classified as (
      select doms.domain, doms.leads,
        coalesce(${knownJson}->>doms.domain, d.provider, 'unknown') as provider,
        case when ${knownJson} ? doms.domain then 'known_domain' else coalesce(d.status, 'pending') end as status,
        d.mx_hosts, d.error, d.checked_at
      from doms left join ${sendInsightsMailDomains} d on d.workspace_id = ${workspaceId} and d.domain = doms.domain
    )
    select *, count(*) over ()::int as total from classified
    where true${q.provider ? sql` and provider = ${q.provider}` : sql``}${q.status ? sql` and status = ${q.status}` : sql``}${
      q.q ? sql` and domain like ${`%${q.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``
    }
    order by leads desc, domain
    limit ${q.limit} offset ${q.offset}`);
  return rowsOf<DomainRow>(res);
}

/** Lead domains due for a lookup: never looked up, or (unless force) checked before `staleBefore`. */
export async function domainsToLookUp(db: Db, workspaceId: string, staleBefore: Date | null): Promise<string[]> {
  const res = await db.execute(sql`
    select distinct ${leadDomain} as domain
    from ${leads} l
      left join ${sendInsightsMailDomains} d on d.workspace_id = l.workspace_id and d.domain = ${leadDomain}
    where l.workspace_id = ${workspaceId} and l.email is not null and ${leadDomain} <> ''
      ${staleBefore ? sql`and (d.id is null or d.checked_at < ${staleBefore.toISOString()})` : sql``}
    order by 1`);
  return rowsOf<{ domain: string }>(res).map((r) => r.domain);
}

export async function saveDomains(
  db: Db,
  workspaceId: string,
  rows: { domain: string; provider: MailProvider; status: MxLookupStatus; mxHosts: string[]; error: string | null }[],
): Promise<void> {
  if (!rows.length) return;
  const now = new Date();
  await db
    .insert(sendInsightsMailDomains)
    .values(rows.map((r) => ({ ...r, workspaceId, checkedAt: now })))
    .onConflictDoUpdate({
      target: [sendInsightsMailDomains.workspaceId, sendInsightsMailDomains.domain],
      set: {
        provider: sql`excluded.provider`,
        status: sql`excluded.status`,
        mxHosts: sql`excluded.mx_hosts`,
        error: sql`excluded.error`,
        checkedAt: sql`excluded.checked_at`,
      },
    });
}

// ---------------------------------------------------------------- lookup jobs

export type JobRow = typeof sendInsightsLookupJobs.$inferSelect;

export async function activeJob(db: Db, workspaceId: string): Promise<JobRow | undefined> {
  const [row] = await db
    .select()
    .from(sendInsightsLookupJobs)
    .where(and(eq(sendInsightsLookupJobs.workspaceId, workspaceId), inArray(sendInsightsLookupJobs.status, ["queued", "running"])))
    .orderBy(desc(sendInsightsLookupJobs.createdAt))
    .limit(1);
  return row;
}

export async function createJob(db: Db, workspaceId: string, userId: string, force: boolean): Promise<JobRow> {
  const [row] = await db
    .insert(sendInsightsLookupJobs)
    .values({ workspaceId, createdBy: userId, force: force ? 1 : 0 })
    .returning();
  return row!;
}

export async function getJob(db: Db, workspaceId: string, id: string): Promise<JobRow | undefined> {
  const [row] = await db
    .select()
    .from(sendInsightsLookupJobs)
    .where(and(eq(sendInsightsLookupJobs.workspaceId, workspaceId), eq(sendInsightsLookupJobs.id, id)));
  return row;
}

export async function getJobById(db: Db, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(sendInsightsLookupJobs).where(eq(sendInsightsLookupJobs.id, id));
  return row;
}

export async function latestJob(db: Db, workspaceId: string): Promise<JobRow | undefined> {
  const [row] = await db
    .select()
    .from(sendInsightsLookupJobs)
    .where(eq(sendInsightsLookupJobs.workspaceId, workspaceId))
    .orderBy(desc(sendInsightsLookupJobs.createdAt))
    .limit(1);
  return row;
}

export async function updateJob(
  db: Db,
  id: string,
  values: Partial<Pick<JobRow, "status" | "total" | "processed" | "classified" | "unresolved" | "error" | "startedAt" | "finishedAt">>,
): Promise<JobRow | undefined> {
  const [row] = await db.update(sendInsightsLookupJobs).set(values).where(eq(sendInsightsLookupJobs.id, id)).returning();
  return row;
}

export type { MxLookupJobStatus };
