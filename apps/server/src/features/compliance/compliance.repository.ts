/** Drizzle calls of compliance: requests, settings, retention runs, and the reads of the overview and the audit export. */
import { and, desc, eq, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../identity/index.ts";
import { leads } from "../leads/index.ts";
import { suppressions } from "../suppression/index.ts";
import { complianceRequests, complianceRetentionRuns, complianceSettings } from "./compliance.table.ts";

export type RequestRow = typeof complianceRequests.$inferSelect & { requestedByName?: string | null };
export type SettingsRow = typeof complianceSettings.$inferSelect;
export type RunRow = typeof complianceRetentionRuns.$inferSelect;

function rowsOf<T>(res: unknown): T[] {
  return (res as { rows: T[] }).rows;
}

// ---------------------------------------------------------------- requests

export async function insertRequest(db: Db, values: typeof complianceRequests.$inferInsert): Promise<RequestRow> {
  const [row] = await db.insert(complianceRequests).values(values).returning();
  return row as RequestRow;
}

export async function findRequest(db: Db, workspaceId: string, id: string): Promise<RequestRow | undefined> {
  const [row] = await db
    .select({ r: complianceRequests, name: users.name })
    .from(complianceRequests)
    .leftJoin(users, eq(users.id, complianceRequests.requestedBy))
    .where(and(eq(complianceRequests.workspaceId, workspaceId), eq(complianceRequests.id, id)));
  return row ? { ...row.r, requestedByName: row.name } : undefined;
}

export async function listRequests(
  db: Db,
  workspaceId: string,
  after: { at: Date; id: string } | null,
  limit: number,
): Promise<RequestRow[]> {
  const rows = await db
    .select({ r: complianceRequests, name: users.name })
    .from(complianceRequests)
    .leftJoin(users, eq(users.id, complianceRequests.requestedBy))
    .where(
      and(
        eq(complianceRequests.workspaceId, workspaceId),
        after
          ? or(
              lt(complianceRequests.createdAt, after.at),
              and(eq(complianceRequests.createdAt, after.at), lt(complianceRequests.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(complianceRequests.createdAt), desc(complianceRequests.id))
    .limit(limit);
  return rows.map((x) => ({ ...x.r, requestedByName: x.name }));
}

export async function updateRequest(db: Db, id: string, set: Partial<typeof complianceRequests.$inferInsert>): Promise<void> {
  await db.update(complianceRequests).set(set).where(eq(complianceRequests.id, id));
}

/** Completed exports of the workspace finished before `before` that still have a file. */
export async function exportsWithFilesBefore(db: Db, workspaceId: string, before: Date) {
  return db
    .select({ id: complianceRequests.id, filePath: complianceRequests.filePath })
    .from(complianceRequests)
    .where(
      and(
        eq(complianceRequests.workspaceId, workspaceId),
        eq(complianceRequests.kind, "export"),
        lt(complianceRequests.completedAt, before),
        sql`${complianceRequests.filePath} is not null`,
      ),
    );
}

// ---------------------------------------------------------------- the subject

export interface LeadSubject {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  linkedinUrl: string | null;
  createdAt: Date;
}

const leadCols = {
  id: leads.id,
  email: leads.email,
  firstName: leads.firstName,
  lastName: leads.lastName,
  phone: leads.phone,
  linkedinUrl: leads.linkedinUrl,
  createdAt: leads.createdAt,
};

export function leadsById(db: Db, workspaceId: string, id: string): Promise<LeadSubject[]> {
  return db
    .select(leadCols)
    .from(leads)
    .where(and(eq(leads.workspaceId, workspaceId), eq(leads.id, id)));
}

export function leadsByEmail(db: Db, workspaceId: string, email: string): Promise<LeadSubject[]> {
  return db
    .select(leadCols)
    .from(leads)
    .where(and(eq(leads.workspaceId, workspaceId), sql`lower(${leads.email}) = ${email.trim().toLowerCase()}`));
}

/** A member of the workspace (an active or past membership row). */
export async function memberOf(db: Db, workspaceId: string, userId: string) {
  const rows = rowsOf<{ id: string; name: string; email: string; image: string | null; created_at: string; two_factor_enabled: boolean }>(
    await db.execute(sql`
      select u.id, u.name, u.email, u.image, u.created_at, u.two_factor_enabled from users u
      join workspace_members m on m.user_id = u.id and m.workspace_id = ${workspaceId}
      where u.id = ${userId}`),
  );
  return rows[0];
}

/** What the product keeps about a member in this workspace (secrets left out: tokens, key hashes). */
export async function userRecords(db: Db, workspaceId: string, userId: string) {
  const q = async (s: SQL) => rowsOf<Record<string, unknown>>(await db.execute(s));
  return {
    settings: await q(
      sql`select preferences, accessibility, created_at, updated_at from user_settings where user_id = ${userId} and workspace_id = ${workspaceId}`,
    ),
    sessions: await q(
      sql`select id, created_at, expires_at, ip_address, user_agent from sessions where user_id = ${userId} order by created_at desc limit 500`,
    ),
    api_keys: await q(
      sql`select id, name, description, prefix, permissions, expires_at, is_active, last_used_at, total_requests, created_at from api_keys where user_id = ${userId} and workspace_id = ${workspaceId}`,
    ),
    activity: await q(
      sql`select kind, subject_type, subject_id, summary, created_at from workspace_activity where actor_id = ${userId} and workspace_id = ${workspaceId} order by created_at desc limit 5000`,
    ),
    access_audit: await q(
      sql`select event, resource, action, result, reason, created_at from access_audit where user_id = ${userId} and workspace_id = ${workspaceId} order by created_at desc limit 5000`,
    ),
  };
}

// ---------------------------------------------------------------- settings and runs

export async function findSettings(db: Db, workspaceId: string): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(complianceSettings).where(eq(complianceSettings.workspaceId, workspaceId));
  return row;
}

export async function upsertSettings(
  db: Db,
  workspaceId: string,
  set: Partial<Pick<SettingsRow, "postalAddress" | "footerText" | "retention">>,
): Promise<SettingsRow> {
  const [row] = await db
    .insert(complianceSettings)
    .values({ workspaceId, ...set })
    .onConflictDoUpdate({ target: complianceSettings.workspaceId, set: { ...set, updatedAt: new Date() } })
    .returning();
  return row as SettingsRow;
}

/** Workspaces whose retention rules are due a daily run: claimed with a conditional update, so two processes never both queue one. */
export async function claimDueRetention(db: Db, now: Date, everyMs: number): Promise<string[]> {
  const rows = await db
    .update(complianceSettings)
    .set({ retentionClaimedAt: now })
    .where(
      and(
        sql`${complianceSettings.retention} <> '{}'::jsonb`,
        or(isNull(complianceSettings.retentionClaimedAt), lt(complianceSettings.retentionClaimedAt, new Date(now.getTime() - everyMs))),
      ),
    )
    .returning({ workspaceId: complianceSettings.workspaceId });
  return rows.map((r) => r.workspaceId);
}

export async function insertRun(db: Db, workspaceId: string, trigger: "schedule" | "manual"): Promise<RunRow> {
  const [row] = await db.insert(complianceRetentionRuns).values({ workspaceId, trigger }).returning();
  return row as RunRow;
}

export async function updateRun(db: Db, id: string, set: Partial<typeof complianceRetentionRuns.$inferInsert>): Promise<void> {
  await db.update(complianceRetentionRuns).set(set).where(eq(complianceRetentionRuns.id, id));
}

export async function findRun(db: Db, workspaceId: string, id: string): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(complianceRetentionRuns)
    .where(and(eq(complianceRetentionRuns.workspaceId, workspaceId), eq(complianceRetentionRuns.id, id)));
  return row;
}

export function listRuns(db: Db, workspaceId: string, after: { at: Date; id: string } | null, limit: number): Promise<RunRow[]> {
  return db
    .select()
    .from(complianceRetentionRuns)
    .where(
      and(
        eq(complianceRetentionRuns.workspaceId, workspaceId),
        after
          ? or(
              lt(complianceRetentionRuns.startedAt, after.at),
              and(eq(complianceRetentionRuns.startedAt, after.at), lt(complianceRetentionRuns.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(complianceRetentionRuns.startedAt), desc(complianceRetentionRuns.id))
    .limit(limit);
}

// ---------------------------------------------------------------- retention deletes

function countOf(res: unknown): number {
  const r = res as { rowCount?: number; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

/**
 * One retention rule applied: the statement per rule, each bounded by the workspace and the cut-off.
 * Sent message bodies live in the local mailbox (mail_messages) and the one-off sends; campaign
 * messages keep only their subject, which is blanked.
 */
export async function applyRetention(db: Db, workspaceId: string, rule: RetentionRule, before: Date): Promise<number> {
  const at = before.toISOString();
  switch (rule) {
    case "message_bodies_days":
      return (
        countOf(
          await db.execute(
            sql`update mail_messages set text = '', html = '' where workspace_id = ${workspaceId} and created_at < ${at} and (text <> '' or html <> '')`,
          ),
        ) +
        countOf(
          await db.execute(
            sql`update campaign_messages set subject = null where workspace_id = ${workspaceId} and created_at < ${at} and subject is not null`,
          ),
        )
      );
    case "replies_days":
      // A reply's stored text is its classified snippet (reply_intents); the CRM's interaction notes are the CRM's record.
      return countOf(await db.execute(sql`delete from reply_intents where workspace_id = ${workspaceId} and received_at < ${at}`));
    case "ai_actions_days":
      return countOf(
        await db.execute(
          sql`update ai_actions set prompt = null, input = '{}'::jsonb, output = null where workspace_id = ${workspaceId} and created_at < ${at} and (prompt is not null or input <> '{}'::jsonb or output is not null)`,
        ),
      );
    case "unsubscribed_leads_days":
      // The suppression entry stays, so deleting the lead never lets the address be mailed again.
      return countOf(
        await db.execute(sql`delete from leads where workspace_id = ${workspaceId} and status = 'unsubscribed' and updated_at < ${at}`),
      );
    case "security_events_days":
      // Alerts tied to an incident stay with the incident (its timeline is the record); security's own job prunes at 90 days.
      return countOf(
        await db.execute(
          sql`delete from security_alerts where workspace_id = ${workspaceId} and last_seen_at < ${at} and incident_id is null`,
        ),
      );
    default:
      return 0;
  }
}

export type RetentionRule = "message_bodies_days" | "replies_days" | "ai_actions_days" | "unsubscribed_leads_days" | "security_events_days";

/** Removes the plain-address suppression entry (the erasure puts the hash in its place); answers how many. */
export async function dropPlainSuppression(db: Db, workspaceId: string, email: string): Promise<number> {
  const rows = await db
    .delete(suppressions)
    .where(and(eq(suppressions.workspaceId, workspaceId), sql`lower(${suppressions.email}) = ${email.toLowerCase()}`))
    .returning({ id: suppressions.id });
  return rows.length;
}

// ---------------------------------------------------------------- overview

export async function suppressionByReason(db: Db, workspaceId: string) {
  return rowsOf<{ reason: string; count: number }>(
    await db.execute(sql`
      select case when email like 'sha256:%' then 'erasure' else reason end as reason, count(*)::int as count
      from suppressions where workspace_id = ${workspaceId} group by 1 order by 2 desc`),
  );
}

export async function suppressionByDay(db: Db, workspaceId: string, since: Date) {
  return rowsOf<{ day: string; reason: string; count: number }>(
    await db.execute(sql`
      select to_char(date_trunc('day', created_at at time zone 'UTC'), 'YYYY-MM-DD') as day,
        case when email like 'sha256:%' then 'erasure' else reason end as reason, count(*)::int as count
      from suppressions where workspace_id = ${workspaceId} and created_at >= ${since.toISOString()}
      group by 1, 2 order by 1`),
  );
}

export async function recentUnsubscribes(db: Db, workspaceId: string, limit: number) {
  return rowsOf<{ email: string; campaign_id: string | null; created_at: string | Date }>(
    await db.execute(sql`
      select email, campaign_id, created_at from suppressions
      where workspace_id = ${workspaceId} and reason = 'unsubscribed' and email not like 'sha256:%'
      order by created_at desc, id desc limit ${limit}`),
  );
}

export async function activeCampaigns(db: Db, workspaceId: string) {
  return rowsOf<{ id: string; name: string; status: string; steps: unknown }>(
    await db.execute(sql`
      select id, name, status, steps from campaigns
      where workspace_id = ${workspaceId} and status in ('active', 'scheduled', 'paused')
      order by created_at desc limit 200`),
  );
}

export async function leadsBySource(db: Db, workspaceId: string) {
  return rowsOf<{ source: string; count: number }>(
    await db.execute(sql`select source, count(*)::int as count from leads where workspace_id = ${workspaceId} group by 1 order by 2 desc`),
  );
}

// ---------------------------------------------------------------- audit export

export interface AuditRow {
  at: Date | string;
  source: "access_audit" | "workspace_activity" | "security_alert" | "security_incident" | "compliance_request";
  actor: string | null;
  action: string;
  detail: string;
  id: string;
}

/**
 * One page of the workspace's audit records in [from, to), oldest first, after the (at, source, id)
 * cursor: the access audit, the activity feed, security alerts, incidents and data-subject requests.
 */
export async function auditPage(
  db: Db,
  workspaceId: string,
  from: Date,
  to: Date,
  after: { at: string; key: string } | null,
  limit: number,
) {
  const f = from.toISOString();
  const t = to.toISOString();
  const cursor = after ? sql`where (x.at, x.source || x.id) > (${after.at}::timestamptz, ${after.key})` : sql``;
  return rowsOf<AuditRow>(
    await db.execute(sql`
      select * from (
        select a.created_at as at, 'access_audit' as source, u.email as actor,
          a.event || ' ' || coalesce(a.resource, '') || ':' || coalesce(a.action, '') || ' ' || coalesce(a.result, '') as action,
          coalesce(a.reason, '') as detail, a.id::text as id
        from access_audit a left join users u on u.id = a.user_id
        where a.workspace_id = ${workspaceId} and a.created_at >= ${f} and a.created_at < ${t}
        union all
        select w.created_at, 'workspace_activity', u.email, w.kind, coalesce(w.summary, ''), w.id::text
        from workspace_activity w left join users u on u.id = w.actor_id
        where w.workspace_id = ${workspaceId} and w.created_at >= ${f} and w.created_at < ${t}
        union all
        select s.created_at, 'security_alert', null, s.rule || ' (' || s.severity || ', ' || s.status || ')', s.title, s.id::text
        from security_alerts s
        where s.workspace_id = ${workspaceId} and s.created_at >= ${f} and s.created_at < ${t}
        union all
        select i.created_at, 'security_incident', u.email, i.kind || ' (' || i.severity || ', ' || i.status || ')', i.title, i.id::text
        from incidents i left join users u on u.id = i.created_by
        where i.workspace_id = ${workspaceId} and i.created_at >= ${f} and i.created_at < ${t}
        union all
        select c.created_at, 'compliance_request', u.email, c.kind || ' of a ' || c.subject_type || ' (' || c.status || ')', c.subject_hash, c.id::text
        from compliance_requests c left join users u on u.id = c.requested_by
        where c.workspace_id = ${workspaceId} and c.created_at >= ${f} and c.created_at < ${t}
      ) x ${cursor}
      order by x.at, x.source || x.id
      limit ${limit}`),
  );
}
