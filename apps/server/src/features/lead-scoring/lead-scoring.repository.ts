/**
 * Lead scoring's reads of leads and the sending tables (who was contacted, who replied or met), and
 * its own models, training jobs and predictions.
 */
import type { LeadScoreTarget } from "@prospector/contracts";
import { and, asc, count, desc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaignEvents, campaignLeads, campaignMessages } from "../campaigns/index.ts";
import { leads } from "../leads/index.ts";
import type { LeadFeatures } from "./lead-scoring.features.ts";
import { LEAD_FEATURE_COLUMNS, leadPredictions, leadScoreTrainJobs, mlModels } from "./lead-scoring.table.ts";

type Tx = Pick<Db, "select" | "selectDistinct" | "insert" | "update" | "delete" | "execute">;

export const KIND = "lead_score";
export type ModelRow = typeof mlModels.$inferSelect;
export type NewModel = typeof mlModels.$inferInsert;
export type JobRow = typeof leadScoreTrainJobs.$inferSelect;
export type PredictionRow = typeof leadPredictions.$inferInsert;

/** Leads with at least one delivered campaign message sent in [from, to). */
export async function contactedLeadIds(db: Tx, workspaceId: string, from: Date, to: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: campaignMessages.leadId })
    .from(campaignMessages)
    .where(
      and(
        eq(campaignMessages.workspaceId, workspaceId),
        eq(campaignMessages.status, "sent"),
        sql`${campaignMessages.sentAt} >= ${from} and ${campaignMessages.sentAt} < ${to}`,
        sql`${campaignMessages.leadId} is not null`,
      ),
    );
  return rows.map((r) => r.id!);
}

/** Leads with the outcome from `from` on: a person's reply (type reply, not a bot; auto_reply is its own type) or a meeting. */
export async function positiveLeadIds(db: Tx, workspaceId: string, target: LeadScoreTarget, from: Date): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ id: campaignEvents.leadId })
    .from(campaignEvents)
    .where(
      and(
        eq(campaignEvents.workspaceId, workspaceId),
        sql`${campaignEvents.occurredAt} >= ${from}`,
        eq(campaignEvents.type, target),
        eq(campaignEvents.isBot, false),
        sql`${campaignEvents.leadId} is not null`,
      ),
    );
  return new Set(rows.map((r) => r.id!));
}

export async function leadFeaturesByIds(db: Tx, workspaceId: string, ids: string[]): Promise<LeadFeatures[]> {
  const out: LeadFeatures[] = [];
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    out.push(
      ...(await db
        .select(LEAD_FEATURE_COLUMNS)
        .from(leads)
        .where(and(eq(leads.workspaceId, workspaceId), inArray(leads.id, chunk)))),
    );
  }
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Every lead of the workspace, by id (keyset), for scoring after a training. */
export async function leadFeaturesPage(db: Tx, workspaceId: string, afterId: string | null, limit: number): Promise<LeadFeatures[]> {
  return db
    .select(LEAD_FEATURE_COLUMNS)
    .from(leads)
    .where(and(eq(leads.workspaceId, workspaceId), afterId ? gt(leads.id, afterId) : undefined))
    .orderBy(asc(leads.id))
    .limit(limit);
}

/** Leads without a prediction of this model, or changed since they were scored. */
export async function staleLeads(db: Tx, workspaceId: string, modelId: string, limit: number): Promise<LeadFeatures[]> {
  return db
    .select(LEAD_FEATURE_COLUMNS)
    .from(leads)
    .leftJoin(leadPredictions, and(eq(leadPredictions.leadId, leads.id), eq(leadPredictions.kind, KIND)))
    .where(
      and(
        eq(leads.workspaceId, workspaceId),
        or(
          isNull(leadPredictions.leadId),
          sql`${leadPredictions.modelId} <> ${modelId}`,
          sql`${leads.updatedAt} > ${leadPredictions.scoredAt}`,
        ),
      ),
    )
    .orderBy(asc(leads.id))
    .limit(limit);
}

/** Which of these leads have a delivered campaign message (through their memberships: the outbox is keyed by campaign and lead). */
export async function contactedAmong(db: Tx, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectDistinct({ id: campaignLeads.leadId })
    .from(campaignLeads)
    .innerJoin(
      campaignMessages,
      and(
        eq(campaignMessages.campaignId, campaignLeads.campaignId),
        eq(campaignMessages.leadId, campaignLeads.leadId),
        eq(campaignMessages.status, "sent"),
      ),
    )
    .where(inArray(campaignLeads.leadId, ids));
  return new Set(rows.map((r) => r.id));
}

/** Marks predictions of leads sent to since `since` as contacted (the rescoring pass). */
export async function markContactedSince(db: Tx, workspaceId: string, since: Date): Promise<number> {
  const res = await db.execute(sql`
    update ${leadPredictions} p set contacted = true
    from (select distinct lead_id from ${campaignMessages}
          where workspace_id = ${workspaceId} and sent_at >= ${since} and status = 'sent' and lead_id is not null) m
    where p.lead_id = m.lead_id and p.kind = ${KIND} and not p.contacted`);
  const r = res as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

export async function upsertPredictions(db: Tx, rows: PredictionRow[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(leadPredictions)
    .values(rows)
    .onConflictDoUpdate({
      target: [leadPredictions.leadId, leadPredictions.kind],
      set: {
        modelId: sql`excluded.model_id`,
        probability: sql`excluded.probability`,
        contacted: sql`excluded.contacted`,
        contributions: sql`excluded.contributions`,
        scoredAt: sql`excluded.scored_at`,
        workspaceId: sql`excluded.workspace_id`,
      },
    });
}

// --- models -------------------------------------------------------------------------------------

export async function activeModel(db: Tx, workspaceId: string): Promise<ModelRow | undefined> {
  const [row] = await db
    .select()
    .from(mlModels)
    .where(and(eq(mlModels.workspaceId, workspaceId), eq(mlModels.kind, KIND), eq(mlModels.status, "active")))
    .limit(1);
  return row;
}

export async function modelHistory(db: Tx, workspaceId: string, limit: number): Promise<ModelRow[]> {
  return db
    .select()
    .from(mlModels)
    .where(and(eq(mlModels.workspaceId, workspaceId), eq(mlModels.kind, KIND)))
    .orderBy(desc(mlModels.version))
    .limit(limit);
}

/** Workspaces with an active lead-scoring model (the rescoring ticker's list). */
export async function workspacesWithModel(db: Tx): Promise<{ workspaceId: string; modelId: string }[]> {
  return db
    .select({ workspaceId: mlModels.workspaceId, modelId: mlModels.id })
    .from(mlModels)
    .where(and(eq(mlModels.kind, KIND), eq(mlModels.status, "active")));
}

/** Stores a new version as the active one and retires the one before (call inside a transaction). */
export async function insertActiveModel(tx: Tx, model: Omit<NewModel, "version" | "status" | "kind">): Promise<ModelRow> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lead-score-model:${model.workspaceId}`}))`);
  const [last] = await tx
    .select({ v: sql<number>`coalesce(max(${mlModels.version}), 0)` })
    .from(mlModels)
    .where(and(eq(mlModels.workspaceId, model.workspaceId), eq(mlModels.kind, KIND)));
  await tx
    .update(mlModels)
    .set({ status: "retired" })
    .where(and(eq(mlModels.workspaceId, model.workspaceId), eq(mlModels.kind, KIND), eq(mlModels.status, "active")));
  const [row] = await tx
    .insert(mlModels)
    .values({ ...model, kind: KIND, status: "active", version: Number(last?.v ?? 0) + 1 })
    .returning();
  return row!;
}

export async function setScoredAt(db: Tx, modelId: string, at: Date): Promise<void> {
  await db.update(mlModels).set({ scoredAt: at }).where(eq(mlModels.id, modelId));
}

export async function countPredictions(db: Tx, workspaceId: string, modelId: string, uncontactedOnly: boolean): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(leadPredictions)
    .where(
      and(
        eq(leadPredictions.workspaceId, workspaceId),
        eq(leadPredictions.modelId, modelId),
        uncontactedOnly ? eq(leadPredictions.contacted, false) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

// --- predictions --------------------------------------------------------------------------------

/** Ranked by probability, then lead id (both descending): a keyset page after (probability, id). */
export async function predictionsPage(
  db: Tx,
  workspaceId: string,
  modelId: string,
  uncontactedOnly: boolean,
  after: { probability: number; leadId: string } | null,
  limit: number,
) {
  return db
    .select({
      leadId: leadPredictions.leadId,
      probability: leadPredictions.probability,
      contacted: leadPredictions.contacted,
      contributions: leadPredictions.contributions,
      scoredAt: leadPredictions.scoredAt,
      firstName: leads.firstName,
      lastName: leads.lastName,
      email: leads.email,
      company: leads.companyName,
      title: leads.role,
    })
    .from(leadPredictions)
    .innerJoin(leads, eq(leads.id, leadPredictions.leadId))
    .where(
      and(
        eq(leadPredictions.workspaceId, workspaceId),
        eq(leadPredictions.modelId, modelId),
        uncontactedOnly ? eq(leadPredictions.contacted, false) : undefined,
        after ? sql`(${leadPredictions.probability}, ${leadPredictions.leadId}) < (${after.probability}, ${after.leadId})` : undefined,
      ),
    )
    .orderBy(desc(leadPredictions.probability), desc(leadPredictions.leadId))
    .limit(limit);
}

export async function prediction(db: Tx, workspaceId: string, leadId: string) {
  const [row] = await db
    .select()
    .from(leadPredictions)
    .where(and(eq(leadPredictions.workspaceId, workspaceId), eq(leadPredictions.leadId, leadId), eq(leadPredictions.kind, KIND)));
  return row;
}

// --- training jobs ------------------------------------------------------------------------------

/** Inserts a queued job unless one is queued or running (the advisory lock makes the check and insert one step). */
export async function insertJobUnlessRunning(
  tx: Tx,
  job: { workspaceId: string; target: LeadScoreTarget; days: number; requestedBy: string | null },
): Promise<JobRow | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lead-score-train:${job.workspaceId}`}))`);
  const [running] = await tx
    .select({ id: leadScoreTrainJobs.id })
    .from(leadScoreTrainJobs)
    .where(and(eq(leadScoreTrainJobs.workspaceId, job.workspaceId), inArray(leadScoreTrainJobs.status, ["queued", "running"])))
    .limit(1);
  if (running) return null;
  const [row] = await tx.insert(leadScoreTrainJobs).values(job).returning();
  return row!;
}

export async function getJob(db: Tx, workspaceId: string, id: string): Promise<JobRow | undefined> {
  const [row] = await db
    .select()
    .from(leadScoreTrainJobs)
    .where(and(eq(leadScoreTrainJobs.workspaceId, workspaceId), eq(leadScoreTrainJobs.id, id)));
  return row;
}

export async function jobById(db: Tx, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(leadScoreTrainJobs).where(eq(leadScoreTrainJobs.id, id));
  return row;
}

export async function latestJob(db: Tx, workspaceId: string): Promise<JobRow | undefined> {
  const [row] = await db
    .select()
    .from(leadScoreTrainJobs)
    .where(eq(leadScoreTrainJobs.workspaceId, workspaceId))
    .orderBy(desc(leadScoreTrainJobs.createdAt), desc(leadScoreTrainJobs.id))
    .limit(1);
  return row;
}

export async function updateJob(db: Tx, id: string, patch: Partial<typeof leadScoreTrainJobs.$inferInsert>): Promise<void> {
  await db.update(leadScoreTrainJobs).set(patch).where(eq(leadScoreTrainJobs.id, id));
}
