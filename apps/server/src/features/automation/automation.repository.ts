/** Drizzle calls of the automation feature: rules, the trigger inbox, the run log, scan cursors. */
import type { AutomationRuleListQuery, AutomationRunListQuery } from "@prospector/contracts";
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaignEvents, campaignLeads, campaignMessages, campaigns } from "../campaigns/index.ts";
import { leads } from "../leads/index.ts";
import { workspaceMembers } from "../organizations/index.ts";
import { automationRules, automationRuns, automationScanCursors, automationTriggers, nurtureSequences } from "./automation.table.ts";

export type Tx = Db;
export type RuleRow = typeof automationRules.$inferSelect;
export type NewRule = typeof automationRules.$inferInsert;
export type TriggerRow = typeof automationTriggers.$inferSelect;
export type NewTrigger = typeof automationTriggers.$inferInsert;
export type RunRow = typeof automationRuns.$inferSelect;

// ---------------------------------------------------------------- rules

export async function listRules(db: Tx, workspaceId: string, q: AutomationRuleListQuery): Promise<{ rows: RuleRow[]; total: number }> {
  const where = and(
    eq(automationRules.workspaceId, workspaceId),
    q.enabled ? eq(automationRules.enabled, q.enabled === "true") : undefined,
    q.trigger ? eq(automationRules.triggerType, q.trigger) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(automationRules)
      .where(where)
      .orderBy(desc(automationRules.createdAt), desc(automationRules.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ n: count() }).from(automationRules).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function getRule(db: Tx, workspaceId: string, id: string): Promise<RuleRow | undefined> {
  const [row] = await db
    .select()
    .from(automationRules)
    .where(and(eq(automationRules.workspaceId, workspaceId), eq(automationRules.id, id)));
  return row;
}

export async function enabledRules(db: Tx, workspaceId: string, triggerType?: string): Promise<RuleRow[]> {
  return db
    .select()
    .from(automationRules)
    .where(
      and(
        eq(automationRules.workspaceId, workspaceId),
        eq(automationRules.enabled, true),
        triggerType ? eq(automationRules.triggerType, triggerType) : undefined,
      ),
    )
    .orderBy(asc(automationRules.createdAt));
}

export async function insertRule(db: Tx, values: NewRule): Promise<RuleRow> {
  const [row] = await db.insert(automationRules).values(values).returning();
  return row!;
}

export async function updateRule(db: Tx, workspaceId: string, id: string, values: Partial<NewRule>): Promise<RuleRow | undefined> {
  const [row] = await db
    .update(automationRules)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(automationRules.workspaceId, workspaceId), eq(automationRules.id, id)))
    .returning();
  return row;
}

export async function deleteRule(db: Tx, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(automationRules)
    .where(and(eq(automationRules.workspaceId, workspaceId), eq(automationRules.id, id)))
    .returning({ id: automationRules.id });
  return rows.length > 0;
}

export async function recordRuleRun(db: Tx, id: string, failed: boolean, at: Date): Promise<void> {
  await db
    .update(automationRules)
    .set({
      lastRunAt: at,
      runs: sql`${automationRules.runs} + 1`,
      failures: failed ? sql`${automationRules.failures} + 1` : automationRules.failures,
    })
    .where(eq(automationRules.id, id));
}

/** Workspaces with an enabled rule on one of these triggers, and the oldest such rule's creation (earlier events are history). */
export async function interestedWorkspaces(db: Tx, triggerTypes: string[]): Promise<Map<string, Date>> {
  const rows = await db
    .select({ workspaceId: automationRules.workspaceId, since: sql<Date>`min(${automationRules.createdAt})`.mapWith((v) => new Date(v)) })
    .from(automationRules)
    .where(and(eq(automationRules.enabled, true), inArray(automationRules.triggerType, triggerTypes)))
    .groupBy(automationRules.workspaceId);
  return new Map(rows.map((r) => [r.workspaceId, r.since]));
}

// ---------------------------------------------------------------- the trigger inbox

/** Writes triggers once each (workspace, type, ref); answers the ones that are new. */
export async function insertTriggers(db: Tx, rows: NewTrigger[]): Promise<number> {
  if (!rows.length) return 0;
  const inserted = await db.insert(automationTriggers).values(rows).onConflictDoNothing().returning({ id: automationTriggers.id });
  return inserted.length;
}

/** Claims pending triggers, oldest first; a trigger another process claimed is skipped (SKIP LOCKED). */
export async function claimTriggers(db: Tx, limit: number, workspaceId?: string): Promise<TriggerRow[]> {
  const ws = workspaceId ? sql`and workspace_id = ${workspaceId}` : sql``;
  const result = await db.execute<{ id: string }>(sql`
    update automation_triggers set processed_at = now()
    where id in (
      select id from automation_triggers where processed_at is null ${ws}
      order by created_at, id limit ${limit} for update skip locked
    )
    returning id`);
  const ids = (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  if (!ids.length) return [];
  return db
    .select()
    .from(automationTriggers)
    .where(inArray(automationTriggers.id, ids))
    .orderBy(asc(automationTriggers.createdAt), asc(automationTriggers.id));
}

export async function pendingTriggers(db: Tx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(automationTriggers).where(isNull(automationTriggers.processedAt));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------- the run log

/** Claims a run (owner, lead, key): undefined when it already ran — a rule fires once per event. */
export async function claimRun(db: Tx, values: typeof automationRuns.$inferInsert): Promise<string | undefined> {
  const [row] = await db.insert(automationRuns).values(values).onConflictDoNothing().returning({ id: automationRuns.id });
  return row?.id;
}

export async function finishRun(db: Tx, id: string, values: Partial<typeof automationRuns.$inferInsert>): Promise<void> {
  await db.update(automationRuns).set(values).where(eq(automationRuns.id, id));
}

export async function runExists(db: Tx, owner: string, leadId: string, runKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: automationRuns.id })
    .from(automationRuns)
    .where(and(eq(automationRuns.owner, owner), eq(automationRuns.leadId, leadId), eq(automationRuns.runKey, runKey)));
  return Boolean(row);
}

export async function listRuns(db: Tx, workspaceId: string, q: AutomationRunListQuery) {
  const where = and(
    eq(automationRuns.workspaceId, workspaceId),
    q.rule_id ? eq(automationRuns.ruleId, q.rule_id) : undefined,
    q.sequence_id ? eq(automationRuns.sequenceId, q.sequence_id) : undefined,
    q.lead_id ? eq(automationRuns.leadId, q.lead_id) : undefined,
    q.status ? eq(automationRuns.status, q.status) : undefined,
    q.trigger ? eq(automationRuns.triggerType, q.trigger) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        run: automationRuns,
        ruleName: automationRules.name,
        sequenceName: nurtureSequences.name,
        firstName: leads.firstName,
        lastName: leads.lastName,
        email: leads.email,
      })
      .from(automationRuns)
      .leftJoin(automationRules, eq(automationRules.id, automationRuns.ruleId))
      .leftJoin(nurtureSequences, eq(nurtureSequences.id, automationRuns.sequenceId))
      .leftJoin(leads, eq(leads.id, automationRuns.leadId))
      .where(where)
      .orderBy(desc(automationRuns.createdAt), desc(automationRuns.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ n: count() }).from(automationRuns).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ---------------------------------------------------------------- what rules read

/** Human opens of one campaign's mail by a lead since a time (bots never count). */
export async function humanOpens(db: Tx, campaignId: string, leadId: string, since: Date, until: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(campaignEvents)
    .where(
      and(
        eq(campaignEvents.campaignId, campaignId),
        eq(campaignEvents.type, "open"),
        eq(campaignEvents.isBot, false),
        eq(campaignEvents.leadId, leadId),
        gte(campaignEvents.occurredAt, since),
        lte(campaignEvents.occurredAt, until),
      ),
    );
  return row?.n ?? 0;
}

/** Did the lead reply to the campaign (a reply event, or the membership left the sequence as replied)? */
export async function hasReplied(db: Tx, campaignId: string, leadId: string): Promise<boolean> {
  const [event] = await db
    .select({ id: campaignEvents.id })
    .from(campaignEvents)
    .where(and(eq(campaignEvents.campaignId, campaignId), eq(campaignEvents.type, "reply"), eq(campaignEvents.leadId, leadId)))
    .limit(1);
  if (event) return true;
  const [member] = await db
    .select({ state: campaignLeads.state })
    .from(campaignLeads)
    .where(and(eq(campaignLeads.campaignId, campaignId), eq(campaignLeads.leadId, leadId)));
  return member?.state === "replied";
}

export async function leadRow(db: Tx, workspaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.workspaceId, workspaceId), eq(leads.id, id)));
  return row;
}

export async function campaignNames(db: Tx, workspaceId: string, ids: string[]): Promise<Map<string, { name: string; status: string }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: campaigns.id, name: campaigns.name, status: campaigns.status })
    .from(campaigns)
    .where(and(eq(campaigns.workspaceId, workspaceId), inArray(campaigns.id, ids)));
  return new Map(rows.map((r) => [r.id, { name: r.name, status: r.status }]));
}

export async function memberStep(db: Tx, campaignId: string, leadId: string): Promise<number | null> {
  const [row] = await db
    .select({ step: campaignLeads.currentStep })
    .from(campaignLeads)
    .where(and(eq(campaignLeads.campaignId, campaignId), eq(campaignLeads.leadId, leadId)));
  return row?.step ?? null;
}

export async function activeMemberIds(db: Tx, workspaceId: string, ids?: string[]): Promise<string[]> {
  const rows = await db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        eq(workspaceMembers.status, "active"),
        ids ? inArray(workspaceMembers.userId, ids.length ? ids : ["00000000-0000-0000-0000-000000000000"]) : undefined,
      ),
    );
  return rows.map((r) => r.userId);
}

/**
 * Stops a lead's sequence in a campaign (state stopped, queued retries dropped); the caller holds
 * the campaign row's lock (the documented lock order: campaign, membership, outbox).
 */
export async function stopMember(tx: Tx, campaignId: string, leadId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(campaignLeads)
    .set({ state: "stopped", nextSendAt: null, finishedAt: now, updatedAt: now, waitReason: null })
    .where(
      and(
        eq(campaignLeads.campaignId, campaignId),
        eq(campaignLeads.leadId, leadId),
        inArray(campaignLeads.state, ["queued", "in_progress"]),
      ),
    )
    .returning({ leadId: campaignLeads.leadId });
  await tx
    .delete(campaignMessages)
    .where(and(eq(campaignMessages.campaignId, campaignId), eq(campaignMessages.leadId, leadId), eq(campaignMessages.status, "queued")));
  return rows.length > 0;
}

// ---------------------------------------------------------------- the scan of campaign events and memberships

/** Takes the source's cursor for `seconds` unless another scan holds it; answers the cursor or null. */
export async function leaseCursor(db: Tx, source: string, seconds: number) {
  await db.insert(automationScanCursors).values({ source }).onConflictDoNothing();
  const [row] = await db
    .update(automationScanCursors)
    .set({ leasedUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(
      and(
        eq(automationScanCursors.source, source),
        sql`(${automationScanCursors.leasedUntil} is null or ${automationScanCursors.leasedUntil} < now())`,
      ),
    )
    .returning();
  return row;
}

export async function saveCursor(db: Tx, source: string, values: { eventId?: string | null; memberAt?: Date | null }): Promise<void> {
  await db
    .update(automationScanCursors)
    .set({ ...values, leasedUntil: null })
    .where(eq(automationScanCursors.source, source));
}

/** Campaign events after the cursor and before `before` (UUIDv7 bounds), in id order. */
export async function eventsAfter(db: Tx, after: string | null, before: string, limit: number) {
  return db
    .select({
      id: campaignEvents.id,
      workspaceId: campaignEvents.workspaceId,
      campaignId: campaignEvents.campaignId,
      leadId: campaignEvents.leadId,
      type: campaignEvents.type,
      isBot: campaignEvents.isBot,
      step: campaignEvents.step,
      occurredAt: campaignEvents.occurredAt,
    })
    .from(campaignEvents)
    .where(and(after ? gt(campaignEvents.id, after) : undefined, lt(campaignEvents.id, before)))
    .orderBy(asc(campaignEvents.id))
    .limit(limit);
}

/** Memberships of the workspaces' campaigns added, or finished (completed), in (from, to]. */
export async function membershipChanges(db: Tx, workspaceIds: string[], from: Date, to: Date) {
  if (!workspaceIds.length) return [];
  const ids = db.select({ id: campaigns.id }).from(campaigns).where(inArray(campaigns.workspaceId, workspaceIds));
  const inWindow = (c: typeof campaignLeads.addedAt | typeof campaignLeads.finishedAt) =>
    sql`(${c} > ${from.toISOString()}::timestamptz and ${c} <= ${to.toISOString()}::timestamptz)`;
  return db
    .select({
      workspaceId: campaignLeads.workspaceId,
      campaignId: campaignLeads.campaignId,
      leadId: campaignLeads.leadId,
      state: campaignLeads.state,
      addedAt: campaignLeads.addedAt,
      finishedAt: campaignLeads.finishedAt,
      step: campaignLeads.currentStep,
    })
    .from(campaignLeads)
    .where(
      and(
        inArray(campaignLeads.campaignId, ids),
        sql`(${inWindow(campaignLeads.addedAt)} or (${campaignLeads.state} = 'completed' and ${inWindow(campaignLeads.finishedAt)}))`,
      ),
    )
    .limit(5000);
}

/** Campaigns of the workspace where the lead is still being emailed (queued or in progress). */
export async function runningCampaignsOfLead(db: Tx, workspaceId: string, leadId: string): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: campaigns.id, name: campaigns.name })
    .from(campaignLeads)
    .innerJoin(campaigns, eq(campaigns.id, campaignLeads.campaignId))
    .where(
      and(
        eq(campaignLeads.leadId, leadId),
        eq(campaigns.workspaceId, workspaceId),
        inArray(campaignLeads.state, ["queued", "in_progress"]),
      ),
    );
}

/** Processed triggers older than `before` are history: the run log keeps what they did. */
export async function purgeTriggers(db: Tx, before: Date): Promise<number> {
  const rows = await db
    .delete(automationTriggers)
    .where(sql`${automationTriggers.processedAt} is not null and ${automationTriggers.createdAt} < ${before.toISOString()}::timestamptz`)
    .returning({ id: automationTriggers.id });
  return rows.length;
}
