/**
 * Every query of the deliverability feature except the cached checks' read
 * (deliverability.checks.repository.ts): saved selectors, check rows, daily history, check runs,
 * and the bounce and complaint counts read from the outboxes. Every query names the workspace.
 */
import { and, asc, count, desc, eq, gte, inArray, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { mailMessages } from "../../platform/mailbox.table.ts";
import { campaignEvents, campaignMessages, campaigns } from "../campaigns/index.ts";
import { composeMessages } from "../compose/index.ts";
import { inboxes } from "../inboxes/index.ts";
import type { CheckAnswer } from "./deliverability.rules.ts";
import { deliverabilityChecks, deliverabilityDaily, deliverabilityDomains, deliverabilityRuns } from "./deliverability.table.ts";

export type RunRow = typeof deliverabilityRuns.$inferSelect;
export type SendingInbox = typeof inboxes.$inferSelect;
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** The inboxes that really send (SMTP), by address: the local mailbox has no domain to check. */
export function sendingInboxes(db: Db, workspaceId: string): Promise<SendingInbox[]> {
  return db
    .select()
    .from(inboxes)
    .where(and(eq(inboxes.workspaceId, workspaceId), eq(inboxes.kind, "smtp")))
    .orderBy(asc(inboxes.email), asc(inboxes.id));
}

export async function savedSelectors(db: Db, workspaceId: string): Promise<Map<string, string | null>> {
  const rows = await db.select().from(deliverabilityDomains).where(eq(deliverabilityDomains.workspaceId, workspaceId));
  return new Map(rows.map((r) => [r.domain, r.dkimSelector]));
}

export async function saveSelector(db: Db, workspaceId: string, domain: string, selector: string | null): Promise<void> {
  await db
    .insert(deliverabilityDomains)
    .values({ workspaceId, domain, dkimSelector: selector })
    .onConflictDoUpdate({ target: [deliverabilityDomains.workspaceId, deliverabilityDomains.domain], set: { dkimSelector: selector } });
}

/** One domain's answers replace its cached rows (kinds no longer asked, e.g. a dropped zone, go). */
export async function replaceChecks(db: Db, workspaceId: string, domain: string, answers: CheckAnswer[], checkedAt: Date): Promise<void> {
  const kinds = answers.map((a) => a.kind);
  await db
    .delete(deliverabilityChecks)
    .where(
      and(
        eq(deliverabilityChecks.workspaceId, workspaceId),
        eq(deliverabilityChecks.domain, domain),
        kinds.length ? notInArray(deliverabilityChecks.kind, kinds) : undefined,
      ),
    );
  if (!answers.length) return;
  await db
    .insert(deliverabilityChecks)
    .values(
      answers.map((a) => ({
        workspaceId,
        domain,
        kind: a.kind,
        status: a.status,
        summary: a.summary,
        found: a.found,
        fix: a.fix,
        checkedAt,
      })),
    )
    .onConflictDoUpdate({
      target: [deliverabilityChecks.workspaceId, deliverabilityChecks.domain, deliverabilityChecks.kind],
      set: {
        status: sql`excluded.status`,
        summary: sql`excluded.summary`,
        found: sql`excluded.found`,
        fix: sql`excluded.fix`,
        checkedAt: sql`excluded.checked_at`,
      },
    });
}

/** Cached checks of domains no inbox sends from any more. */
export async function dropChecksOutside(db: Db, workspaceId: string, domains: string[]): Promise<void> {
  await db
    .delete(deliverabilityChecks)
    .where(
      and(eq(deliverabilityChecks.workspaceId, workspaceId), domains.length ? notInArray(deliverabilityChecks.domain, domains) : undefined),
    );
}

export async function upsertDaily(
  db: Db,
  row: {
    workspaceId: string;
    domain: string;
    day: string;
    checks: Record<string, string>;
    sent: number;
    bounces: number;
    complaints: number;
  },
): Promise<void> {
  const values = { ...row, checks: row.checks as typeof deliverabilityDaily.$inferInsert.checks, checkedAt: new Date() };
  await db
    .insert(deliverabilityDaily)
    .values(values)
    .onConflictDoUpdate({
      target: [deliverabilityDaily.workspaceId, deliverabilityDaily.day, deliverabilityDaily.domain],
      set: { checks: values.checks, sent: row.sent, bounces: row.bounces, complaints: row.complaints, checkedAt: values.checkedAt },
    });
}

export function dailyHistory(db: Db, workspaceId: string, sinceDay: string) {
  return db
    .select({ domain: deliverabilityDaily.domain, day: deliverabilityDaily.day, checks: deliverabilityDaily.checks })
    .from(deliverabilityDaily)
    .where(and(eq(deliverabilityDaily.workspaceId, workspaceId), gte(deliverabilityDaily.day, sinceDay)));
}

export async function createRun(db: Db, workspaceId: string, domain: string | null): Promise<RunRow> {
  const [row] = await db.insert(deliverabilityRuns).values({ workspaceId, domain }).returning();
  return row!;
}

export async function getRun(db: Db, workspaceId: string, id: string): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(deliverabilityRuns)
    .where(and(eq(deliverabilityRuns.workspaceId, workspaceId), eq(deliverabilityRuns.id, id)));
  return row;
}

export async function latestRun(db: Db, workspaceId: string): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(deliverabilityRuns)
    .where(eq(deliverabilityRuns.workspaceId, workspaceId))
    .orderBy(desc(deliverabilityRuns.createdAt))
    .limit(1);
  return row;
}

export async function updateRun(
  db: Db,
  id: string,
  values: Partial<Pick<RunRow, "status" | "total" | "done" | "error" | "finishedAt">>,
): Promise<void> {
  await db.update(deliverabilityRuns).set(values).where(eq(deliverabilityRuns.id, id));
}

/** Per inbox since a time: sends (delivered to SMTP or hard-bounced) and hard bounces of both outboxes, and complaints. */
export async function inboxRates(
  db: Db,
  workspaceId: string,
  since: Date,
): Promise<Map<string, { sent: number; bounces: number; complaints: number }>> {
  const s = since.toISOString();
  const res = await db.execute(sql`
    select inbox_id, sum(sent)::int as sent, sum(bounces)::int as bounces, sum(complaints)::int as complaints from (
      select m.inbox_id, count(*) as sent, count(*) filter (where m.status = 'bounced') as bounces, 0 as complaints
        from ${campaignMessages} m
        where m.workspace_id = ${workspaceId} and m.sent_at >= ${s} and m.status in ('sent', 'bounced') and m.inbox_id is not null
        group by m.inbox_id
      union all
      select c.inbox_id, count(*), count(*) filter (where c.status = 'bounced'), 0
        from ${composeMessages} c
        where c.workspace_id = ${workspaceId} and c.sent_at >= ${s} and c.status in ('sent', 'bounced') and c.inbox_id is not null
        group by c.inbox_id
      union all
      select m.inbox_id, 0, 0, count(distinct e.message_id)
        from ${campaignEvents} e join ${campaignMessages} m on m.id = e.message_id
        where e.workspace_id = ${workspaceId} and e.type = 'complaint' and e.occurred_at >= ${s} and m.inbox_id is not null
        group by m.inbox_id
    ) x group by inbox_id`);
  return new Map(
    rowsOf<{ inbox_id: string; sent: number; bounces: number; complaints: number }>(res).map((r) => [
      r.inbox_id,
      { sent: Number(r.sent), bounces: Number(r.bounces), complaints: Number(r.complaints) },
    ]),
  );
}

/** Per UTC day and inbox since a time: the same counts, for the trends. */
export async function dailyInboxRates(
  db: Db,
  workspaceId: string,
  since: Date,
): Promise<{ day: string; inbox_id: string; sent: number; bounces: number; complaints: number }[]> {
  const s = since.toISOString();
  const res = await db.execute(sql`
    select to_char(day, 'YYYY-MM-DD') as day, inbox_id, sum(sent)::int as sent, sum(bounces)::int as bounces, sum(complaints)::int as complaints from (
      select date_trunc('day', m.sent_at at time zone 'UTC') as day, m.inbox_id, count(*) as sent, count(*) filter (where m.status = 'bounced') as bounces, 0 as complaints
        from ${campaignMessages} m
        where m.workspace_id = ${workspaceId} and m.sent_at >= ${s} and m.status in ('sent', 'bounced') and m.inbox_id is not null
        group by 1, 2
      union all
      select date_trunc('day', c.sent_at at time zone 'UTC'), c.inbox_id, count(*), count(*) filter (where c.status = 'bounced'), 0
        from ${composeMessages} c
        where c.workspace_id = ${workspaceId} and c.sent_at >= ${s} and c.status in ('sent', 'bounced') and c.inbox_id is not null
        group by 1, 2
      union all
      select date_trunc('day', e.occurred_at at time zone 'UTC'), m.inbox_id, 0, 0, count(distinct e.message_id)
        from ${campaignEvents} e join ${campaignMessages} m on m.id = e.message_id
        where e.workspace_id = ${workspaceId} and e.type = 'complaint' and e.occurred_at >= ${s} and m.inbox_id is not null
        group by 1, 2
    ) x group by 1, 2`);
  return rowsOf<{ day: string; inbox_id: string; sent: number; bounces: number; complaints: number }>(res).map((r) => ({
    ...r,
    sent: Number(r.sent),
    bounces: Number(r.bounces),
    complaints: Number(r.complaints),
  }));
}

/** Active and scheduled campaigns: which inboxes they send from and whether they track. */
export function sendingCampaigns(db: Db, workspaceId: string) {
  return db
    .select({ inboxIds: campaigns.inboxIds, trackOpens: campaigns.trackOpens, trackClicks: campaigns.trackClicks })
    .from(campaigns)
    .where(and(eq(campaigns.workspaceId, workspaceId), inArray(campaigns.status, ["active", "scheduled"])));
}

/** The workspace's messages kept in the local mailbox (campaign and one-off mail to the local inbox), newest first. */
export async function localMessages(db: Db, workspaceId: string, page: number, perPage: number) {
  const where = eq(mailMessages.workspaceId, workspaceId);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(mailMessages)
      .where(where)
      .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(mailMessages).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function localMessage(db: Db, workspaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.workspaceId, workspaceId), eq(mailMessages.id, id)));
  return row;
}
