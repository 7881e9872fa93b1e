/**
 * The records the failure-mode catalogue reads (edge-cases.service.ts), each query bounded by a
 * LIMIT and a recent time window. Tables come from the features that own them (their index.ts).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { aiActions } from "../ai-ledger/index.ts";
import { campaignMessages } from "../campaigns/index.ts";
import { deliverabilityChecks } from "../deliverability/index.ts";
import { enrichmentJobs } from "../enrichment/index.ts";
import { inboxes } from "../inboxes/index.ts";
import { scrapingJobs } from "../scraping/index.ts";
import { sendingHolds } from "../sending/index.ts";

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;
const LIMIT = 50;

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * SMTP inboxes whose latest delivery attempt in the last `hours` failed (the message's error, set
 * by the sender on a retry or a final failure) after their last successful send. The lateral read
 * walks one inbox's unsent messages through campaign_messages_inbox_sent_idx.
 */
export async function inboxesWithFailedSend(db: Db, hours: number): Promise<{ email: string; error: string; atMs: number }[]> {
  const res = await db.execute(sql`
    select i.email, f.error, (extract(epoch from f.at) * 1000)::float8 as "atMs"
    from ${inboxes} i
    cross join lateral (
      select m.error, m.updated_at as at from ${campaignMessages} m
      where m.inbox_id = i.id and m.sent_at is null and m.error is not null
        and m.status in ('queued', 'failed') and m.updated_at > now() - make_interval(hours => ${hours})
      order by m.updated_at desc limit 1
    ) f
    where i.kind = 'smtp' and (i.last_sent_at is null or f.at > i.last_sent_at)
    order by f.at desc
    limit ${LIMIT}`);
  return rowsOf<{ email: string; error: string; atMs: number }>(res).map((r) => ({ ...r, atMs: Number(r.atMs) }));
}

/** Inboxes whose last IMAP poll failed (replies.repository records imap_error; a good poll clears it). */
export async function inboxesWithImapError(db: Db): Promise<{ email: string; error: string }[]> {
  const res = await db.execute(sql`
    select email, imap_error as error from ${inboxes}
    where imap is not null and imap_error is not null
    order by imap_last_polled_at desc nulls last limit ${LIMIT}`);
  return rowsOf<{ email: string; error: string }>(res);
}

/** Scraping and enrichment jobs that ended on a provider's rate limit (provider-http's ProviderError text) in the last `hours`. */
export async function providerRateLimits(db: Db, hours: number): Promise<{ kind: string; error: string; atMs: number }[]> {
  const res = await db.execute(sql`
    (select 'scraping' as kind, error, (extract(epoch from coalesce(finished_at, updated_at)) * 1000)::float8 as "atMs"
      from ${scrapingJobs}
      where error is not null and updated_at > now() - make_interval(hours => ${hours})
        and (error ilike '%rate limit%' or error ilike '%HTTP 429%' or error ilike '%too many requests%')
      order by updated_at desc limit ${LIMIT})
    union all
    (select 'enrichment' as kind, error, (extract(epoch from coalesce(finished_at, updated_at)) * 1000)::float8 as "atMs"
      from ${enrichmentJobs}
      where error is not null and updated_at > now() - make_interval(hours => ${hours})
        and (error ilike '%rate limit%' or error ilike '%HTTP 429%' or error ilike '%too many requests%')
      order by updated_at desc limit ${LIMIT})`);
  return rowsOf<{ kind: string; error: string; atMs: number }>(res)
    .map((r) => ({ ...r, atMs: Number(r.atMs) }))
    .sort((a, b) => b.atMs - a.atMs);
}

/** The language-model calls of the last `hours` (newest 200): outcome and error, and refusals at the monthly cap. */
export async function recentLlmCalls(
  db: Db,
  hours: number,
): Promise<{ outcome: string; error: string | null; atMs: number; workspaceId: string }[]> {
  const res = await db.execute(sql`
    select outcome, error, workspace_id as "workspaceId", (extract(epoch from created_at) * 1000)::float8 as "atMs"
    from ${aiActions}
    where engine = 'llm' and created_at > now() - make_interval(hours => ${hours})
    order by created_at desc limit 200`);
  return rowsOf<{ outcome: string; error: string | null; atMs: number; workspaceId: string }>(res).map((r) => ({
    ...r,
    atMs: Number(r.atMs),
  }));
}

/** DNS checks of the last `hours` that got no answer (status unknown: timeout, SERVFAIL, refused …), by checked_at's index. */
export async function unansweredDnsChecks(db: Db, hours: number): Promise<{ domain: string; kind: string; summary: string }[]> {
  const res = await db.execute(sql`
    select domain, kind, summary from ${deliverabilityChecks}
    where checked_at > now() - make_interval(hours => ${hours}) and status = 'unknown'
    order by checked_at desc limit ${LIMIT}`);
  return rowsOf<{ domain: string; kind: string; summary: string }>(res);
}

/** Kill-switch holds in force (not released), newest first. */
export async function activeHolds(db: Db): Promise<{ scope: string; label: string; reason: string; atMs: number }[]> {
  const res = await db.execute(sql`
    select scope, target_label as label, reason, (extract(epoch from created_at) * 1000)::float8 as "atMs"
    from ${sendingHolds} where released_at is null
    order by created_at desc limit ${LIMIT}`);
  return rowsOf<{ scope: string; label: string; reason: string; atMs: number }>(res).map((r) => ({ ...r, atMs: Number(r.atMs) }));
}
