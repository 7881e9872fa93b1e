/** Drizzle queries of AI agents: settings, runs, steps and proposals; the subjects an agent reads. */
import { and, desc, eq, ilike, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { aiActions } from "../ai-ledger/index.ts";
import { campaignEvents } from "../campaigns/index.ts";
import { crmDeals } from "../crm/index.ts";
import { leads } from "../leads/index.ts";
import { aiAgentProposals, aiAgentRuns, aiAgentSettings, aiAgentSteps } from "./ai-agents.table.ts";

export type SettingRow = typeof aiAgentSettings.$inferSelect;
export type RunRow = typeof aiAgentRuns.$inferSelect;
export type StepRow = typeof aiAgentSteps.$inferSelect;
export type ProposalRow = typeof aiAgentProposals.$inferSelect;

export const settings = (db: Db, workspaceId: string) =>
  db.select().from(aiAgentSettings).where(eq(aiAgentSettings.workspaceId, workspaceId));

export async function upsertSetting(db: Db, row: typeof aiAgentSettings.$inferInsert): Promise<void> {
  const { workspaceId: _w, kind: _k, ...set } = row;
  await db
    .insert(aiAgentSettings)
    .values(row)
    .onConflictDoUpdate({ target: [aiAgentSettings.workspaceId, aiAgentSettings.kind], set });
}

export async function insertRun(db: Db, row: typeof aiAgentRuns.$inferInsert): Promise<RunRow> {
  const [r] = await db.insert(aiAgentRuns).values(row).returning();
  return r!;
}

export async function runById(db: Db, id: string, workspaceId?: string): Promise<RunRow | null> {
  const [r] = await db
    .select()
    .from(aiAgentRuns)
    .where(workspaceId ? and(eq(aiAgentRuns.id, id), eq(aiAgentRuns.workspaceId, workspaceId)) : eq(aiAgentRuns.id, id));
  return r ?? null;
}

export async function updateRun(db: Db, id: string, set: Partial<typeof aiAgentRuns.$inferInsert>): Promise<void> {
  await db.update(aiAgentRuns).set(set).where(eq(aiAgentRuns.id, id));
}

/** Adds to the run's usage and returns the totals. */
export async function addUsage(db: Db, id: string, d: { tokens?: number; pages?: number; ms?: number }) {
  const [r] = await db
    .update(aiAgentRuns)
    .set({
      usedTokens: sql`${aiAgentRuns.usedTokens} + ${d.tokens ?? 0}`,
      usedPages: sql`${aiAgentRuns.usedPages} + ${d.pages ?? 0}`,
      usedMs: sql`${aiAgentRuns.usedMs} + ${d.ms ?? 0}`,
    })
    .where(eq(aiAgentRuns.id, id))
    .returning();
  return r!;
}

export async function listRuns(
  db: Db,
  workspaceId: string,
  q: { kind?: string; status?: string; pending?: boolean; after: [string, string] | null; limit: number },
) {
  const pendingSql = sql`exists (select 1 from ${aiAgentProposals} p where p.run_id = ${aiAgentRuns.id} and p.status = 'pending')`;
  return db
    .select()
    .from(aiAgentRuns)
    .where(
      and(
        eq(aiAgentRuns.workspaceId, workspaceId),
        q.kind ? eq(aiAgentRuns.kind, q.kind) : undefined,
        q.status ? eq(aiAgentRuns.status, q.status) : undefined,
        q.pending ? pendingSql : undefined,
        q.after
          ? or(
              lt(aiAgentRuns.createdAt, new Date(q.after[0])),
              and(eq(aiAgentRuns.createdAt, new Date(q.after[0])), lt(aiAgentRuns.id, q.after[1])),
            )
          : undefined,
      ),
    )
    .orderBy(desc(aiAgentRuns.createdAt), desc(aiAgentRuns.id))
    .limit(q.limit + 1);
}

export async function pendingCounts(db: Db, runIds: string[]): Promise<Map<string, number>> {
  if (runIds.length === 0) return new Map();
  const rows = await db
    .select({ runId: aiAgentProposals.runId, n: sql<number>`count(*)::int` })
    .from(aiAgentProposals)
    .where(and(sql`${aiAgentProposals.runId} in ${runIds}`, eq(aiAgentProposals.status, "pending")))
    .groupBy(aiAgentProposals.runId);
  return new Map(rows.map((r) => [r.runId, r.n]));
}

export async function nextSeq(db: Db, runId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`coalesce(max(${aiAgentSteps.seq}), 0)::int` })
    .from(aiAgentSteps)
    .where(eq(aiAgentSteps.runId, runId));
  return (r?.n ?? 0) + 1;
}

export async function insertStep(db: Db, row: typeof aiAgentSteps.$inferInsert): Promise<void> {
  await db.insert(aiAgentSteps).values(row);
}

export const steps = (db: Db, runId: string) =>
  db.select().from(aiAgentSteps).where(eq(aiAgentSteps.runId, runId)).orderBy(aiAgentSteps.seq);

export async function insertProposal(db: Db, row: typeof aiAgentProposals.$inferInsert): Promise<ProposalRow> {
  const [r] = await db.insert(aiAgentProposals).values(row).returning();
  return r!;
}

export const proposals = (db: Db, runId: string) =>
  db.select().from(aiAgentProposals).where(eq(aiAgentProposals.runId, runId)).orderBy(aiAgentProposals.createdAt, aiAgentProposals.id);

export async function proposalById(db: Db, workspaceId: string, runId: string, id: string): Promise<ProposalRow | null> {
  const [r] = await db
    .select()
    .from(aiAgentProposals)
    .where(and(eq(aiAgentProposals.id, id), eq(aiAgentProposals.runId, runId), eq(aiAgentProposals.workspaceId, workspaceId)));
  return r ?? null;
}

/** Moves a proposal from one status to the next; false when someone else moved it first. */
export async function decideProposal(
  db: Db,
  id: string,
  from: string,
  set: Partial<typeof aiAgentProposals.$inferInsert> & { status: string },
): Promise<boolean> {
  const r = await db
    .update(aiAgentProposals)
    .set(set)
    .where(and(eq(aiAgentProposals.id, id), eq(aiAgentProposals.status, from)))
    .returning({ id: aiAgentProposals.id });
  return r.length === 1;
}

/** A person's reply (a reply event, not a bot's) in the workspace. */
export async function replyEvent(db: Db, workspaceId: string, id: string) {
  const [r] = await db
    .select()
    .from(campaignEvents)
    .where(
      and(
        eq(campaignEvents.id, id),
        eq(campaignEvents.workspaceId, workspaceId),
        eq(campaignEvents.type, "reply"),
        eq(campaignEvents.isBot, false),
      ),
    );
  return r ?? null;
}

/** The workspace's latest human replies (classify_replies reads them newest first). */
export const recentReplies = (db: Db, workspaceId: string, limit: number) =>
  db
    .select()
    .from(campaignEvents)
    .where(and(eq(campaignEvents.workspaceId, workspaceId), eq(campaignEvents.type, "reply"), eq(campaignEvents.isBot, false)))
    .orderBy(desc(campaignEvents.occurredAt))
    .limit(limit);

/** Workspaces whose classify_replies schedule is due. */
export const dueSchedules = (db: Db, now: Date) =>
  db
    .select()
    .from(aiAgentSettings)
    .where(
      and(
        eq(aiAgentSettings.kind, "classify_replies"),
        eq(aiAgentSettings.enabled, true),
        sql`${aiAgentSettings.scheduleHours} is not null`,
        or(
          isNull(aiAgentSettings.lastScheduledAt),
          sql`${aiAgentSettings.lastScheduledAt} + make_interval(hours => ${aiAgentSettings.scheduleHours}) <= ${now}`,
        ),
      ),
    );

/** The ledger rows written by a run. */
export async function actionIds(db: Db, runId: string): Promise<string[]> {
  const rows = await db.select({ id: aiActions.id }).from(aiActions).where(eq(aiActions.agentRunId, runId)).orderBy(aiActions.createdAt);
  return rows.map((r) => r.id);
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Up to 20 leads, deals or replies for the Run picker, newest first. */
export async function subjectOptions(db: Db, workspaceId: string, kind: string, search: string | undefined) {
  if (kind === "research_lead") {
    const rows = await db
      .select({ id: leads.id, first: leads.firstName, last: leads.lastName, email: leads.email, company: leads.companyName })
      .from(leads)
      .where(
        and(
          eq(leads.workspaceId, workspaceId),
          search
            ? or(
                ilike(leads.email, like(search)),
                ilike(leads.companyName, like(search)),
                ilike(sql`${leads.firstName} || ' ' || coalesce(${leads.lastName}, '')`, like(search)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(leads.createdAt))
      .limit(20);
    return rows.map((r) => ({
      id: r.id,
      label: [r.first, r.last].filter(Boolean).join(" ") || r.email || "Lead",
      detail: [r.email, r.company].filter(Boolean).join(" · ") || null,
    }));
  }
  if (kind === "next_step_deal") {
    const rows = await db
      .select({ id: crmDeals.id, name: crmDeals.name })
      .from(crmDeals)
      .where(and(eq(crmDeals.workspaceId, workspaceId), search ? ilike(crmDeals.name, like(search)) : undefined))
      .orderBy(desc(crmDeals.createdAt))
      .limit(20);
    return rows.map((r) => ({ id: r.id, label: r.name, detail: null }));
  }
  const rows = await db
    .select({ id: campaignEvents.id, detail: campaignEvents.detail, at: campaignEvents.occurredAt })
    .from(campaignEvents)
    .where(
      and(
        eq(campaignEvents.workspaceId, workspaceId),
        eq(campaignEvents.type, "reply"),
        eq(campaignEvents.isBot, false),
        search
          ? sql`(${campaignEvents.detail}->>'from' ilike ${like(search)} or ${campaignEvents.detail}->>'subject' ilike ${like(search)})`
          : undefined,
      ),
    )
    .orderBy(desc(campaignEvents.occurredAt))
    .limit(20);
  return rows.map((r) => {
    const d = (r.detail ?? {}) as { from?: string; subject?: string; snippet?: string };
    return { id: r.id, label: `${d.from ?? "Reply"}${d.subject ? `: ${d.subject}` : ""}`, detail: d.snippet?.slice(0, 120) ?? null };
  });
}

/** One campaign reply event of the workspace (a reply_class proposal's subject). */
export async function findReplyEvent(db: Db, workspaceId: string, id: string) {
  const rows = await db
    .select()
    .from(campaignEvents)
    .where(and(eq(campaignEvents.workspaceId, workspaceId), eq(campaignEvents.id, id), eq(campaignEvents.type, "reply")))
    .limit(1);
  return rows[0] ?? null;
}
