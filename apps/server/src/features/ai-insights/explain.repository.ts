/**
 * Reads of AI transparency and explainability: the ledger's actions and feedback, lead scoring's
 * model and predictions, recommendations with their applications and outcomes, and the outcome
 * counts behind the patterns (sent messages, their leads, reply and meeting events).
 */
import type { RecommendationKind } from "@prospector/contracts";
import { and, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { aiActions, aiFeedback } from "../ai-ledger/index.ts";
import { campaignEvents, campaignMessages } from "../campaigns/index.ts";
import { users } from "../identity/index.ts";
import { leadPredictions, mlModels } from "../lead-scoring/index.ts";
import { leads } from "../leads/index.ts";
import { recommendationApplications, recommendationOutcomes, recommendations } from "../recommendations/index.ts";

type Q = Pick<Db, "select" | "execute">;
const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;
const num = (v: unknown): number => Number(v ?? 0);

export type ActionRow = typeof aiActions.$inferSelect;

// --- the ledger ---------------------------------------------------------------------------------

export async function actionsPage(
  db: Q,
  workspaceId: string,
  q: { q?: string; kind?: string; after: { at: Date; id: string } | null; limit: number },
): Promise<ActionRow[]> {
  const conds: (SQL | undefined)[] = [eq(aiActions.workspaceId, workspaceId)];
  if (q.kind) conds.push(eq(aiActions.kind, q.kind));
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(
      or(
        ilike(aiActions.kind, like),
        ilike(aiActions.model, like),
        ilike(aiActions.subjectType, like),
        sql`${aiActions.explanation}->>'summary' ilike ${like}`,
        sql`${aiActions.subjectId}::text = ${q.q}`,
        sql`${aiActions.id}::text = ${q.q}`,
      ),
    );
  }
  if (q.after) conds.push(sql`(${aiActions.createdAt}, ${aiActions.id}) < (${q.after.at}, ${q.after.id})`);
  return db
    .select()
    .from(aiActions)
    .where(and(...conds))
    .orderBy(desc(aiActions.createdAt), desc(aiActions.id))
    .limit(q.limit);
}

export async function action(db: Q, workspaceId: string, id: string): Promise<(ActionRow & { userName: string | null }) | null> {
  const [row] = await db
    .select({ a: aiActions, userName: users.name })
    .from(aiActions)
    .leftJoin(users, eq(users.id, aiActions.userId))
    .where(and(eq(aiActions.workspaceId, workspaceId), eq(aiActions.id, id)));
  return row ? { ...row.a, userName: row.userName } : null;
}

export async function feedbackCounts(db: Q, actionId: string): Promise<{ up: number; down: number }> {
  const [r] = await db
    .select({
      up: sql<number>`count(*) filter (where ${aiFeedback.rating} > 0)`,
      down: sql<number>`count(*) filter (where ${aiFeedback.rating} < 0)`,
    })
    .from(aiFeedback)
    .where(eq(aiFeedback.actionId, actionId));
  return { up: num(r?.up), down: num(r?.down) };
}

/** The latest reply classification recorded for one reply. */
export async function latestReplyClassification(db: Q, workspaceId: string, replyId: string): Promise<ActionRow | null> {
  const [row] = await db
    .select()
    .from(aiActions)
    .where(
      and(
        eq(aiActions.workspaceId, workspaceId),
        eq(aiActions.subjectType, "reply"),
        eq(aiActions.subjectId, replyId),
        eq(aiActions.kind, "reply_classification"),
        eq(aiActions.outcome, "ok"),
      ),
    )
    .orderBy(desc(aiActions.createdAt), desc(aiActions.id))
    .limit(1);
  return row ?? null;
}

/** The class a classification decided: its output's intent, label or class. */
const labelOf = sql`coalesce(${aiActions.output}->>'intent', ${aiActions.output}->>'label', ${aiActions.output}->>'class')`;

/** Per class, the words (contributions) that pushed classifications towards it, summed over the ledger. */
export async function replyClassWords(
  db: Q,
  workspaceId: string,
): Promise<{
  classes: { label: string; decisions: number }[];
  words: { label: string; word: string; weight: number; count: number }[];
}> {
  const base = and(
    eq(aiActions.workspaceId, workspaceId),
    eq(aiActions.kind, "reply_classification"),
    eq(aiActions.outcome, "ok"),
    sql`${labelOf} is not null`,
  );
  const classes = await db
    .select({ label: sql<string>`${labelOf}`, decisions: sql<number>`count(*)` })
    .from(aiActions)
    .where(base)
    .groupBy(labelOf);
  const words = rowsOf<{ label: string; word: string; weight: number; count: number }>(
    await db.execute(sql`
      select ${labelOf} as label, c->>'feature' as word, sum((c->>'weight')::float8) as weight, count(*) as count
      from ${aiActions} cross join lateral jsonb_array_elements(coalesce(${aiActions.explanation}->'contributions', '[]'::jsonb)) c
      where ${base} and (c->>'weight')::float8 > 0
      group by 1, 2`),
  );
  return {
    classes: classes.map((c) => ({ label: c.label, decisions: num(c.decisions) })),
    words: words.map((w) => ({ label: w.label, word: w.word, weight: num(w.weight), count: num(w.count) })),
  };
}

// --- lead scoring -------------------------------------------------------------------------------

export async function leadName(db: Q, workspaceId: string, leadId: string): Promise<{ name: string | null } | null> {
  const [row] = await db
    .select({ first: leads.firstName, last: leads.lastName, email: leads.email })
    .from(leads)
    .where(and(eq(leads.workspaceId, workspaceId), eq(leads.id, leadId)));
  if (!row) return null;
  return { name: [row.first, row.last].filter(Boolean).join(" ") || row.email };
}

export async function activeLeadModel(db: Q, workspaceId: string) {
  const [row] = await db
    .select()
    .from(mlModels)
    .where(and(eq(mlModels.workspaceId, workspaceId), eq(mlModels.kind, "lead_score"), eq(mlModels.status, "active")))
    .limit(1);
  return row ?? null;
}

/**
 * Per week of first contact, leads whose prediction was made before that contact (so before their
 * outcome): the probability and whether the outcome followed.
 */
export async function scoredBeforeContact(
  db: Q,
  workspaceId: string,
  target: "reply" | "meeting",
  from: Date,
): Promise<{ week: string; probability: number; positive: boolean }[]> {
  const rows = rowsOf<{ week: string; probability: number; positive: boolean }>(
    await db.execute(sql`
      with first_contact as (
        select lead_id, min(sent_at) as sent_at from ${campaignMessages}
        where workspace_id = ${workspaceId} and status = 'sent' and lead_id is not null and sent_at >= ${from}
        group by lead_id)
      select to_char(date_trunc('week', f.sent_at at time zone 'UTC'), 'YYYY-MM-DD') as week, p.probability,
        exists (select 1 from ${campaignEvents} e where e.workspace_id = ${workspaceId} and e.lead_id = f.lead_id
                and e.type = ${target} and not e.is_bot and e.occurred_at >= f.sent_at) as positive
      from first_contact f join ${leadPredictions} p on p.lead_id = f.lead_id and p.kind = 'lead_score'
      where p.workspace_id = ${workspaceId} and p.scored_at < f.sent_at`),
  );
  return rows.map((r) => ({ week: r.week, probability: num(r.probability), positive: r.positive === true }));
}

/** Thumbs on actions per week of the action: of reply classifications, or of language-model outputs. */
export async function feedbackByWeek(
  db: Q,
  workspaceId: string,
  which: "reply_classification" | "llm",
  from: Date,
): Promise<{ week: string; up: number; n: number }[]> {
  const filter = which === "llm" ? sql`a.engine = 'llm'` : sql`a.kind = 'reply_classification'`;
  const rows = rowsOf<{ week: string; up: number; n: number }>(
    await db.execute(sql`
      select to_char(date_trunc('week', a.created_at at time zone 'UTC'), 'YYYY-MM-DD') as week,
        count(*) filter (where f.rating > 0) as up, count(*) as n
      from ${aiFeedback} f join ${aiActions} a on a.id = f.action_id
      where f.workspace_id = ${workspaceId} and a.created_at >= ${from} and ${filter}
      group by 1`),
  );
  return rows.map((r) => ({ week: r.week, up: num(r.up), n: num(r.n) }));
}

// --- recommendations ----------------------------------------------------------------------------

export type RecommendationRow = typeof recommendations.$inferSelect;

export async function recommendationsPage(
  db: Q,
  workspaceId: string,
  q: { applied: boolean; after: { at: Date; id: string } | null; limit: number },
): Promise<RecommendationRow[]> {
  return db
    .select()
    .from(recommendations)
    .where(
      and(
        eq(recommendations.workspaceId, workspaceId),
        q.applied
          ? sql`exists (select 1 from ${recommendationApplications} a where a.recommendation_id = ${recommendations.id})`
          : undefined,
        q.after ? sql`(${recommendations.generatedAt}, ${recommendations.id}) < (${q.after.at}, ${q.after.id})` : undefined,
      ),
    )
    .orderBy(desc(recommendations.generatedAt), desc(recommendations.id))
    .limit(q.limit);
}

export async function recommendation(db: Q, workspaceId: string, id: string): Promise<RecommendationRow | null> {
  const [row] = await db
    .select()
    .from(recommendations)
    .where(and(eq(recommendations.workspaceId, workspaceId), eq(recommendations.id, id)));
  return row ?? null;
}

export async function applicationsOf(db: Q, workspaceId: string, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ app: recommendationApplications, outcome: recommendationOutcomes })
    .from(recommendationApplications)
    .leftJoin(recommendationOutcomes, eq(recommendationOutcomes.applicationId, recommendationApplications.id))
    .where(and(eq(recommendationApplications.workspaceId, workspaceId), inArray(recommendationApplications.recommendationId, ids)))
    .orderBy(desc(recommendationApplications.appliedAt));
}

export async function verdictCounts(db: Q, workspaceId: string) {
  const [r] = await db
    .select({
      helped: sql<number>`count(*) filter (where ${recommendationOutcomes.verdict} = 'helped')`,
      hurt: sql<number>`count(*) filter (where ${recommendationOutcomes.verdict} = 'hurt')`,
      none: sql<number>`count(*) filter (where ${recommendationOutcomes.verdict} = 'no_measurable_change')`,
      pending: sql<number>`count(*) filter (where ${recommendationOutcomes.id} is null)`,
    })
    .from(recommendationApplications)
    .leftJoin(recommendationOutcomes, eq(recommendationOutcomes.applicationId, recommendationApplications.id))
    .where(eq(recommendationApplications.workspaceId, workspaceId));
  return { helped: num(r?.helped), hurt: num(r?.hurt), no_measurable_change: num(r?.none), pending: num(r?.pending) };
}

/** Per rule (recommendation kind): generated, applied, and the judged verdicts. */
export async function ruleUsage(db: Q, workspaceId: string) {
  const rows = rowsOf<{ kind: RecommendationKind; generated: number; applied: number; helped: number; hurt: number; none: number }>(
    await db.execute(sql`
      select r.kind, count(distinct r.id) as generated, count(distinct a.recommendation_id) as applied,
        count(o.id) filter (where o.verdict = 'helped') as helped, count(o.id) filter (where o.verdict = 'hurt') as hurt,
        count(o.id) filter (where o.verdict = 'no_measurable_change') as none
      from ${recommendations} r
      left join ${recommendationApplications} a on a.recommendation_id = r.id
      left join ${recommendationOutcomes} o on o.application_id = a.id
      where r.workspace_id = ${workspaceId}
      group by r.kind`),
  );
  return rows.map((r) => ({
    kind: r.kind,
    generated: num(r.generated),
    applied: num(r.applied),
    helped: num(r.helped),
    hurt: num(r.hurt),
    none: num(r.none),
  }));
}

// --- patterns -----------------------------------------------------------------------------------

/** Company size bucket from the custom field employees / company_size / employee_count, when a number. */
const SIZE = sql`(select case when s is null then 'unknown' when s <= 10 then '1-10' when s <= 50 then '11-50'
  when s <= 200 then '51-200' when s <= 1000 then '201-1000' else '1000+' end
  from (select case when v ~ '^[0-9]+(\\.[0-9]+)?$' then v::float8 end as s
        from (select coalesce(l.custom_fields->>'employees', l.custom_fields->>'company_size', l.custom_fields->>'employee_count') as v) x) y)`;

export interface LeadCube {
  industry: string | null;
  seniority: string | null;
  source: string;
  size: string;
  success: boolean;
  n: number;
}

/**
 * Contacted leads (a delivered message sent in the window), grouped by their attributes and
 * whether the outcome (a person's reply or a meeting, on or after the first contact) followed.
 */
export async function leadCube(db: Q, workspaceId: string, outcome: "reply" | "meeting", from: Date): Promise<LeadCube[]> {
  const rows = rowsOf<LeadCube>(
    await db.execute(sql`
      with contacted as (
        select lead_id, min(sent_at) as first_at from ${campaignMessages}
        where workspace_id = ${workspaceId} and status = 'sent' and lead_id is not null and sent_at >= ${from}
        group by lead_id)
      select l.industry, l.seniority, l.source, ${SIZE} as size,
        exists (select 1 from ${campaignEvents} e where e.workspace_id = ${workspaceId} and e.lead_id = c.lead_id
                and e.type = ${outcome} and not e.is_bot and e.occurred_at >= c.first_at) as success,
        count(*) as n
      from contacted c join ${leads} l on l.id = c.lead_id
      group by 1, 2, 3, 4, 5`),
  );
  return rows.map((r) => ({ ...r, success: r.success === true, n: num(r.n) }));
}

export interface MessageCube {
  step: number;
  subject_length: string;
  personalized: boolean;
  hour: number;
  weekday: number;
  success: boolean;
  n: number;
}

/**
 * Delivered messages sent in the window, grouped by their attributes and whether the outcome came
 * while the message was the latest one its lead had from the campaign (from its send to the next
 * step's: last-touch attribution). Hour and weekday are UTC (ISO weekday, Monday 1).
 */
export async function messageCube(db: Q, workspaceId: string, outcome: "reply" | "meeting", from: Date): Promise<MessageCube[]> {
  const rows = rowsOf<MessageCube>(
    await db.execute(sql`
      with m as (
        select cm.campaign_id, cm.lead_id, cm.step, cm.subject, cm.sent_at,
          lead(cm.sent_at) over (partition by cm.campaign_id, cm.lead_id order by cm.sent_at, cm.step) as next_at
        from ${campaignMessages} cm
        where cm.workspace_id = ${workspaceId} and cm.status = 'sent' and cm.lead_id is not null and cm.sent_at >= ${from})
      select m.step,
        case when m.subject is null or length(m.subject) = 0 then 'none' when length(m.subject) <= 30 then 'short (≤30)'
             when length(m.subject) <= 60 then 'medium (31-60)' else 'long (>60)' end as subject_length,
        (l.first_name is not null and length(l.first_name) > 1 and position(lower(l.first_name) in lower(coalesce(m.subject, ''))) > 0)
          or (l.company_name is not null and length(l.company_name) > 1 and position(lower(l.company_name) in lower(coalesce(m.subject, ''))) > 0)
          as personalized,
        extract(hour from m.sent_at at time zone 'UTC')::int as hour,
        extract(isodow from m.sent_at at time zone 'UTC')::int as weekday,
        exists (select 1 from ${campaignEvents} e where e.campaign_id = m.campaign_id and e.lead_id = m.lead_id
                and e.type = ${outcome} and not e.is_bot and e.occurred_at >= m.sent_at
                and (m.next_at is null or e.occurred_at < m.next_at)) as success,
        count(*) as n
      from m join ${leads} l on l.id = m.lead_id
      group by 1, 2, 3, 4, 5, 6`),
  );
  return rows.map((r) => ({
    step: num(r.step),
    subject_length: r.subject_length,
    personalized: r.personalized === true,
    hour: num(r.hour),
    weekday: num(r.weekday),
    success: r.success === true,
    n: num(r.n),
  }));
}
