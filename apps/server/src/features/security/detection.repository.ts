/** Threat detection's queries (docs/security-operations.md). */
import { and, count, countDistinct, desc, eq, gt, gte, inArray, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accessAudit } from "../access/index.ts";
import { workspaceMembers } from "../organizations/index.ts";
import type { PrivilegeEvent, SignIn } from "./detection.rules.ts";
import { securityAlerts, securityDetectionRuns, securityEvents, securityRuleSettings } from "./detection.table.ts";

export type SecurityAlertRow = typeof securityAlerts.$inferSelect;
export type SecurityEventRow = typeof securityEvents.$inferSelect;
export type DetectionRunRow = typeof securityDetectionRuns.$inferSelect;
export type RuleSettingRow = typeof securityRuleSettings.$inferSelect;

/** Who is looking: a workspace (its alerts) and, for the instance admin, the instance-wide ones too. */
export interface AlertScope {
  workspaceId: string;
  instance: boolean;
}

const alertScope = (s: AlertScope): SQL =>
  s.instance
    ? (or(eq(securityAlerts.workspaceId, s.workspaceId), isNull(securityAlerts.workspaceId)) as SQL)
    : eq(securityAlerts.workspaceId, s.workspaceId);

/** The workspace's alert (an instance-wide one when `workspaceId` is null), or null. */
export async function findAlertById(db: Db, workspaceId: string | null, alertId: string): Promise<SecurityAlertRow | null> {
  const scope = workspaceId === null ? isNull(securityAlerts.workspaceId) : eq(securityAlerts.workspaceId, workspaceId);
  const [row] = await db
    .select()
    .from(securityAlerts)
    .where(and(eq(securityAlerts.id, alertId), scope))
    .limit(1);
  return row ?? null;
}

/** Records the incident opened from an alert (the alert is then acknowledged). */
export async function setAlertIncident(db: Db, alertId: string, incidentId: string, userId: string): Promise<void> {
  const isNew = sql`${securityAlerts.status} = 'new'`;
  await db
    .update(securityAlerts)
    .set({
      incidentId,
      status: sql`case when ${isNew} then 'acknowledged' else ${securityAlerts.status} end`,
      handledBy: sql`case when ${isNew} then ${userId}::uuid else ${securityAlerts.handledBy} end`,
      handledAt: sql`case when ${isNew} then now() else ${securityAlerts.handledAt} end`,
    })
    .where(eq(securityAlerts.id, alertId));
}

// ---- events

export async function insertSignIn(db: Db, e: Omit<SecurityEventRow, "id">): Promise<void> {
  await db.insert(securityEvents).values(e);
}

const toSignIn = (r: SecurityEventRow): SignIn => ({
  id: r.id,
  outcome: r.outcome as SignIn["outcome"],
  email: r.email,
  userId: r.userId,
  ip: r.ip,
  userAgent: r.userAgent,
  at: r.at,
});

/** Sign-ins with `from < at <= to`, oldest first. */
export async function signInsBetween(db: Db, from: Date, to: Date): Promise<SignIn[]> {
  const rows = await db
    .select()
    .from(securityEvents)
    .where(and(gt(securityEvents.at, from), lte(securityEvents.at, to)))
    .orderBy(securityEvents.at, securityEvents.id);
  return rows.map(toSignIn);
}

/** Successful sign-ins of these users with `from < at <= to` (the (user, at) index). */
export async function successesOf(db: Db, userIds: readonly string[], from: Date, to: Date): Promise<SignIn[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select()
    .from(securityEvents)
    .where(
      and(
        inArray(securityEvents.userId, [...userIds]),
        gt(securityEvents.at, from),
        lte(securityEvents.at, to),
        eq(securityEvents.outcome, "success"),
      ),
    )
    .orderBy(securityEvents.at);
  return rows.map(toSignIn);
}

export async function pruneEvents(db: Db, before: Date): Promise<number> {
  const rows = await db.delete(securityEvents).where(lt(securityEvents.at, before)).returning({ id: securityEvents.id });
  return rows.length;
}

const membersOf = (db: Db, workspaceId: string) =>
  db.select({ id: workspaceMembers.userId }).from(workspaceMembers).where(eq(workspaceMembers.workspaceId, workspaceId));

/** The sign-in log, newest first: every event for the instance admin, else the workspace's members'. */
export async function listEvents(
  db: Db,
  scope: AlertScope,
  q: { outcome?: string; email?: string; ip?: string; limit: number; after?: { at: Date; id: string } },
): Promise<SecurityEventRow[]> {
  return db
    .select()
    .from(securityEvents)
    .where(
      and(
        scope.instance ? undefined : inArray(securityEvents.userId, membersOf(db, scope.workspaceId)),
        q.outcome ? eq(securityEvents.outcome, q.outcome) : undefined,
        q.email ? eq(securityEvents.email, q.email) : undefined,
        q.ip ? eq(securityEvents.ip, q.ip) : undefined,
        q.after
          ? or(lt(securityEvents.at, q.after.at), and(eq(securityEvents.at, q.after.at), lt(securityEvents.id, q.after.id)))
          : undefined,
      ),
    )
    .orderBy(desc(securityEvents.at), desc(securityEvents.id))
    .limit(q.limit + 1);
}

// ---- privilege changes (the access feature's audit)

const PRIVILEGE_EVENTS = ["role_assigned", "access_request_approved"];

export async function privilegeEventsBetween(db: Db, from: Date, to: Date): Promise<PrivilegeEvent[]> {
  const rows = await db
    .select()
    .from(accessAudit)
    .where(
      and(
        inArray(accessAudit.event, PRIVILEGE_EVENTS),
        eq(accessAudit.source, "server"),
        gt(accessAudit.createdAt, from),
        lte(accessAudit.createdAt, to),
      ),
    )
    .orderBy(accessAudit.createdAt);
  return rows
    .filter((r) => r.workspaceId !== null)
    .map((r) => ({
      id: r.id,
      workspaceId: r.workspaceId as string,
      // An approved request is audited under the approver: the person who gained it is the requester.
      userId: r.event === "access_request_approved" ? ((r.detail?.requester as string | undefined) ?? null) : r.userId,
      event: r.event,
      resource: r.resource,
      action: r.action,
      detail: r.detail,
      at: r.createdAt,
    }));
}

// ---- memberships

export async function membershipsOf(db: Db, userIds: readonly string[]): Promise<{ userId: string; workspaceId: string }[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: workspaceMembers.userId, workspaceId: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(and(inArray(workspaceMembers.userId, [...userIds]), eq(workspaceMembers.status, "active")));
}

export async function adminsOf(db: Db, workspaceId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, "admin"), eq(workspaceMembers.status, "active")));
  return rows.map((r) => r.userId);
}

// ---- rule settings

export async function allRuleSettings(db: Db): Promise<RuleSettingRow[]> {
  return db.select().from(securityRuleSettings);
}

export async function ruleSettingsOf(db: Db, workspaceId: string): Promise<RuleSettingRow[]> {
  return db.select().from(securityRuleSettings).where(eq(securityRuleSettings.workspaceId, workspaceId));
}

export async function upsertRuleSetting(db: Db, row: Omit<RuleSettingRow, "updatedAt">): Promise<void> {
  await db
    .insert(securityRuleSettings)
    .values(row)
    .onConflictDoUpdate({
      target: [securityRuleSettings.workspaceId, securityRuleSettings.rule],
      set: { enabled: row.enabled, thresholds: row.thresholds, updatedBy: row.updatedBy, updatedAt: new Date() },
    });
}

// ---- alerts

export async function findOpenAlert(db: Db, workspaceId: string | null, rule: string, subject: string): Promise<SecurityAlertRow | null> {
  const [row] = await db
    .select()
    .from(securityAlerts)
    .where(
      and(
        workspaceId === null ? isNull(securityAlerts.workspaceId) : eq(securityAlerts.workspaceId, workspaceId),
        eq(securityAlerts.rule, rule),
        eq(securityAlerts.subject, subject),
        inArray(securityAlerts.status, ["new", "acknowledged"]),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertAlert(db: Db, row: typeof securityAlerts.$inferInsert): Promise<SecurityAlertRow> {
  const [created] = await db.insert(securityAlerts).values(row).returning();
  return created as SecurityAlertRow;
}

export async function updateAlertFinding(
  db: Db,
  id: string,
  set: { severity: string; title: string; evidence: Record<string, unknown>; lastSeenAt: Date },
): Promise<void> {
  await db
    .update(securityAlerts)
    .set({ ...set, occurrences: sql`${securityAlerts.occurrences} + 1` })
    .where(eq(securityAlerts.id, id));
}

export async function listAlerts(
  db: Db,
  scope: AlertScope,
  q: { status?: string; rule?: string; severity?: string; since?: Date; limit: number; after?: { at: Date; id: string } },
): Promise<SecurityAlertRow[]> {
  return db
    .select()
    .from(securityAlerts)
    .where(
      and(
        alertScope(scope),
        q.status ? eq(securityAlerts.status, q.status) : undefined,
        q.rule ? eq(securityAlerts.rule, q.rule) : undefined,
        q.severity ? eq(securityAlerts.severity, q.severity) : undefined,
        q.since ? gte(securityAlerts.lastSeenAt, q.since) : undefined,
        q.after
          ? or(lt(securityAlerts.createdAt, q.after.at), and(eq(securityAlerts.createdAt, q.after.at), lt(securityAlerts.id, q.after.id)))
          : undefined,
      ),
    )
    .orderBy(desc(securityAlerts.createdAt), desc(securityAlerts.id))
    .limit(q.limit + 1);
}

/** Moves an open alert to `status`; null when it was already closed. */
export async function setAlertStatus(
  db: Db,
  id: string,
  status: string,
  userId: string,
  note: string | undefined,
): Promise<SecurityAlertRow | null> {
  const [row] = await db
    .update(securityAlerts)
    .set({
      status,
      handledBy: userId,
      handledAt: new Date(),
      evidence: note
        ? sql`jsonb_set(${securityAlerts.evidence}, '{notes}', coalesce(${securityAlerts.evidence}->'notes', '[]'::jsonb) || ${JSON.stringify([{ by: userId, at: new Date().toISOString(), status, note }])}::jsonb)`
        : undefined,
    })
    .where(and(eq(securityAlerts.id, id), inArray(securityAlerts.status, ["new", "acknowledged"])))
    .returning();
  return row ?? null;
}

// ---- runs

export async function activeRun(db: Db): Promise<DetectionRunRow | null> {
  const [row] = await db
    .select()
    .from(securityDetectionRuns)
    .where(inArray(securityDetectionRuns.status, ["queued", "running"]))
    .orderBy(desc(securityDetectionRuns.createdAt))
    .limit(1);
  return row ?? null;
}

export async function insertRun(db: Db, trigger: "scheduled" | "manual", requestedBy: string | null): Promise<DetectionRunRow> {
  const [row] = await db.insert(securityDetectionRuns).values({ trigger, requestedBy }).returning();
  return row as DetectionRunRow;
}

export async function findRun(db: Db, id: string): Promise<DetectionRunRow | null> {
  const [row] = await db.select().from(securityDetectionRuns).where(eq(securityDetectionRuns.id, id)).limit(1);
  return row ?? null;
}

export async function latestRun(db: Db): Promise<DetectionRunRow | null> {
  const [row] = await db
    .select()
    .from(securityDetectionRuns)
    .orderBy(desc(securityDetectionRuns.createdAt), desc(securityDetectionRuns.id))
    .limit(1);
  return row ?? null;
}

/** Claims a queued run (one process wins); null when another took it. */
export async function claimRun(db: Db, id: string, windowFrom: Date, windowTo: Date, stepsTotal: number): Promise<DetectionRunRow | null> {
  const [row] = await db
    .update(securityDetectionRuns)
    .set({ status: "running", windowFrom, windowTo, stepsTotal, startedAt: new Date() })
    .where(and(eq(securityDetectionRuns.id, id), eq(securityDetectionRuns.status, "queued")))
    .returning();
  return row ?? null;
}

export async function updateRun(db: Db, id: string, set: Partial<typeof securityDetectionRuns.$inferInsert>): Promise<void> {
  await db.update(securityDetectionRuns).set(set).where(eq(securityDetectionRuns.id, id));
}

/** Where the next run starts: the end of the newest finished window. */
export async function watermark(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ to: sql<Date | null>`max(${securityDetectionRuns.windowTo})`.mapWith((v) => (v ? new Date(v) : null)) })
    .from(securityDetectionRuns)
    .where(eq(securityDetectionRuns.status, "done"));
  return row?.to ?? null;
}

/** A run left "running" by a crashed process fails after this long, so the queue moves on. */
export async function failStaleRuns(db: Db, olderThan: Date): Promise<void> {
  await db
    .update(securityDetectionRuns)
    .set({ status: "failed", error: "The run stopped (process ended)", finishedAt: new Date() })
    .where(and(inArray(securityDetectionRuns.status, ["queued", "running"]), lt(securityDetectionRuns.createdAt, olderThan)));
}

// ---- analytics

export async function alertsByDay(db: Db, scope: AlertScope, since: Date): Promise<{ day: string; rule: string; count: number }[]> {
  const day = sql<string>`to_char(${securityAlerts.firstSeenAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ day, rule: securityAlerts.rule, count: count() })
    .from(securityAlerts)
    .where(and(alertScope(scope), gte(securityAlerts.firstSeenAt, since)))
    .groupBy(day, securityAlerts.rule)
    .orderBy(day);
}

const eventScope = (db: Db, scope: AlertScope) =>
  scope.instance ? undefined : inArray(securityEvents.userId, membersOf(db, scope.workspaceId));
const failedOutcome = sql`${securityEvents.outcome} <> 'success'`;

export async function signInsByDay(db: Db, scope: AlertScope, since: Date): Promise<{ day: string; failed: number; succeeded: number }[]> {
  const day = sql<string>`to_char(${securityEvents.at} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      failed: sql<number>`count(*) filter (where ${failedOutcome})`.mapWith(Number),
      succeeded: sql<number>`count(*) filter (where not (${failedOutcome}))`.mapWith(Number),
    })
    .from(securityEvents)
    .where(and(eventScope(db, scope), gte(securityEvents.at, since)))
    .groupBy(day)
    .orderBy(day);
}

export async function topSources(
  db: Db,
  scope: AlertScope,
  since: Date,
  limit: number,
): Promise<{ ip: string; failed: number; accounts: number }[]> {
  const rows = await db
    .select({ ip: securityEvents.ip, failed: count(), accounts: countDistinct(securityEvents.email) })
    .from(securityEvents)
    .where(and(eventScope(db, scope), gte(securityEvents.at, since), failedOutcome, sql`${securityEvents.ip} is not null`))
    .groupBy(securityEvents.ip)
    .orderBy(desc(count()))
    .limit(limit);
  return rows.map((r) => ({ ip: r.ip as string, failed: r.failed, accounts: r.accounts }));
}

export async function targetedAccounts(
  db: Db,
  scope: AlertScope,
  since: Date,
  limit: number,
): Promise<{ email: string; failed: number; sources: number }[]> {
  return db
    .select({ email: securityEvents.email, failed: count(), sources: countDistinct(securityEvents.ip) })
    .from(securityEvents)
    .where(and(eventScope(db, scope), gte(securityEvents.at, since), failedOutcome))
    .groupBy(securityEvents.email)
    .orderBy(desc(count()))
    .limit(limit);
}
