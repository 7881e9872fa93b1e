/**
 * ai-models' reads and writes: model versions (ml_models, kept by lead scoring and by the send-time
 * trainer here), the live version switch, the deployment history, drift snapshots, and the lead and
 * sending reads the drift, send-time and feature-store figures are computed from.
 */
import { and, asc, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaignEvents, campaignMessages } from "../campaigns/index.ts";
import { users } from "../identity/index.ts";
import { LEAD_FEATURE_COLUMNS, type LeadFeatures, leadPredictions, mlModels } from "../lead-scoring/index.ts";
import { leads } from "../leads/index.ts";
import { replyIntents } from "../reply-intent/index.ts";
import { aiModelDeployments, aiModelDriftSnapshots } from "./ai-models.table.ts";

type Tx = Pick<Db, "select" | "selectDistinct" | "insert" | "update" | "delete" | "execute">;
export type ModelRow = typeof mlModels.$inferSelect & { trainedByName: string | null };
export type DeploymentRow = typeof aiModelDeployments.$inferSelect & { actorName: string | null };
export type SnapshotRow = typeof aiModelDriftSnapshots.$inferSelect;

const rowsOf = <T>(res: unknown): T[] => ((res as { rows?: T[] }).rows ?? (res as T[])) as T[];

function modelSelect(db: Tx) {
  return db.select({ m: mlModels, trainedByName: users.name }).from(mlModels).leftJoin(users, eq(users.id, mlModels.trainedBy));
}
const flat = (r: { m: typeof mlModels.$inferSelect; trainedByName: string | null }): ModelRow => ({
  ...r.m,
  trainedByName: r.trainedByName,
});

/** Versions of one kind, newest first, a keyset page after `beforeVersion`. */
export async function versionsPage(db: Tx, workspaceId: string, kind: string, beforeVersion: number | null, limit: number) {
  const rows = await modelSelect(db)
    .where(
      and(
        eq(mlModels.workspaceId, workspaceId),
        eq(mlModels.kind, kind),
        beforeVersion !== null ? lt(mlModels.version, beforeVersion) : undefined,
      ),
    )
    .orderBy(desc(mlModels.version))
    .limit(limit);
  return rows.map(flat);
}

export async function modelByVersion(db: Tx, workspaceId: string, kind: string, version: number): Promise<ModelRow | undefined> {
  const [row] = await modelSelect(db).where(
    and(eq(mlModels.workspaceId, workspaceId), eq(mlModels.kind, kind), eq(mlModels.version, version)),
  );
  return row ? flat(row) : undefined;
}

export async function liveModel(db: Tx, workspaceId: string, kind: string): Promise<ModelRow | undefined> {
  const [row] = await modelSelect(db)
    .where(and(eq(mlModels.workspaceId, workspaceId), eq(mlModels.kind, kind), eq(mlModels.status, "active")))
    .limit(1);
  return row ? flat(row) : undefined;
}

export async function countVersions(db: Tx, workspaceId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ kind: mlModels.kind, n: sql<number>`count(*)::int` })
    .from(mlModels)
    .where(eq(mlModels.workspaceId, workspaceId))
    .groupBy(mlModels.kind);
  return new Map(rows.map((r) => [r.kind, Number(r.n)]));
}

/** The advisory lock lead scoring's trainer takes before it stores a version: a deploy and a training never interleave. */
export async function lockKind(tx: Tx, workspaceId: string, kind: string): Promise<void> {
  const key = kind === "lead_score" ? `lead-score-model:${workspaceId}` : `${kind}-model:${workspaceId}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/** Makes `modelId` the one live version of its kind (call inside a transaction, after lockKind). */
export async function setLive(tx: Tx, workspaceId: string, kind: string, modelId: string): Promise<void> {
  await tx
    .update(mlModels)
    .set({ status: "retired" })
    .where(and(eq(mlModels.workspaceId, workspaceId), eq(mlModels.kind, kind), eq(mlModels.status, "active")));
  await tx
    .update(mlModels)
    .set({ status: "active" })
    .where(and(eq(mlModels.workspaceId, workspaceId), eq(mlModels.id, modelId)));
}

/** Stores a new live version of `kind` (numbered after the last) and retires the one before (inside a transaction, after lockKind). */
export async function insertLiveModel(tx: Tx, model: Omit<typeof mlModels.$inferInsert, "version" | "status">) {
  const [last] = await tx
    .select({ v: sql<number>`coalesce(max(${mlModels.version}), 0)` })
    .from(mlModels)
    .where(and(eq(mlModels.workspaceId, model.workspaceId), eq(mlModels.kind, model.kind)));
  await tx
    .update(mlModels)
    .set({ status: "retired" })
    .where(and(eq(mlModels.workspaceId, model.workspaceId), eq(mlModels.kind, model.kind), eq(mlModels.status, "active")));
  const [row] = await tx
    .insert(mlModels)
    .values({ ...model, status: "active", version: Number(last?.v ?? 0) + 1 })
    .returning();
  return row!;
}

// --- deployments --------------------------------------------------------------------------------

export async function insertDeployment(tx: Tx, row: typeof aiModelDeployments.$inferInsert) {
  const [out] = await tx.insert(aiModelDeployments).values(row).returning();
  return out!;
}

export async function deploymentsPage(
  db: Tx,
  workspaceId: string,
  task: string | null,
  after: { at: Date; id: string } | null,
  limit: number,
): Promise<DeploymentRow[]> {
  const rows = await db
    .select({ d: aiModelDeployments, actorName: users.name })
    .from(aiModelDeployments)
    .leftJoin(users, eq(users.id, aiModelDeployments.actorId))
    .where(
      and(
        eq(aiModelDeployments.workspaceId, workspaceId),
        task ? eq(aiModelDeployments.task, task) : undefined,
        after ? sql`(${aiModelDeployments.createdAt}, ${aiModelDeployments.id}) < (${after.at}, ${after.id})` : undefined,
      ),
    )
    .orderBy(desc(aiModelDeployments.createdAt), desc(aiModelDeployments.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.d, actorName: r.actorName }));
}

/** The latest deployment that made `modelId` live (its from-version is where a rollback returns). */
export async function latestDeploymentTo(db: Tx, workspaceId: string, modelId: string) {
  const [row] = await db
    .select()
    .from(aiModelDeployments)
    .where(and(eq(aiModelDeployments.workspaceId, workspaceId), eq(aiModelDeployments.toModelId, modelId)))
    .orderBy(desc(aiModelDeployments.createdAt), desc(aiModelDeployments.id))
    .limit(1);
  return row;
}

/** The highest version below `version` (a rollback when the live version came from a training). */
export async function versionBelow(db: Tx, workspaceId: string, kind: string, version: number): Promise<number | null> {
  const [row] = await db
    .select({ v: mlModels.version })
    .from(mlModels)
    .where(and(eq(mlModels.workspaceId, workspaceId), eq(mlModels.kind, kind), lt(mlModels.version, version)))
    .orderBy(desc(mlModels.version))
    .limit(1);
  return row?.v ?? null;
}

// --- leads and sends ----------------------------------------------------------------------------

/** Leads with a delivered campaign message sent in [from, to), with their features. */
export async function contactedLeads(db: Tx, workspaceId: string, from: Date, to: Date): Promise<LeadFeatures[]> {
  const ids = db
    .selectDistinct({ id: campaignMessages.leadId })
    .from(campaignMessages)
    .where(
      and(
        eq(campaignMessages.workspaceId, workspaceId),
        eq(campaignMessages.status, "sent"),
        sql`${campaignMessages.sentAt} >= ${from} and ${campaignMessages.sentAt} < ${to}`,
      ),
    );
  return (await db
    .select(LEAD_FEATURE_COLUMNS)
    .from(leads)
    .where(and(eq(leads.workspaceId, workspaceId), inArray(leads.id, ids)))
    .orderBy(asc(leads.id))) as LeadFeatures[];
}

/** Leads with a person's reply (or a meeting) in [from, to). */
export async function positiveLeadIds(db: Tx, workspaceId: string, target: string, from: Date, to: Date): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ id: campaignEvents.leadId })
    .from(campaignEvents)
    .where(
      and(
        eq(campaignEvents.workspaceId, workspaceId),
        sql`${campaignEvents.occurredAt} >= ${from} and ${campaignEvents.occurredAt} < ${to}`,
        eq(campaignEvents.type, target as "reply"),
        eq(campaignEvents.isBot, false),
        sql`${campaignEvents.leadId} is not null`,
      ),
    );
  return new Set(rows.map((r) => r.id!));
}

export interface SendCell {
  weekday: number;
  hour: number;
  late: boolean;
  sends: number;
  replied: number;
}

/** Delivered sends per UTC ISO weekday × hour, split at `split`, with how many a person replied to. */
export async function sendCells(db: Tx, workspaceId: string, from: Date, to: Date, split: Date): Promise<SendCell[]> {
  const res = await db.execute(sql`
    select extract(isodow from m.sent_at at time zone 'UTC')::int as weekday,
           extract(hour from m.sent_at at time zone 'UTC')::int as hour,
           (m.sent_at >= ${split}) as late,
           count(*)::int as sends,
           count(*) filter (where exists (
             select 1 from ${campaignEvents} e
             where e.message_id = m.id and e.type = 'reply' and not e.is_bot))::int as replied
    from ${campaignMessages} m
    where m.workspace_id = ${workspaceId} and m.status = 'sent' and m.sent_at >= ${from} and m.sent_at < ${to}
    group by 1, 2, 3`);
  return rowsOf<SendCell>(res).map((r) => ({ ...r, sends: Number(r.sends), replied: Number(r.replied) }));
}

// --- feature store ------------------------------------------------------------------------------

export interface FieldCounts {
  leads: number;
  fields: Record<string, { withValue: number; distinct: number }>;
}

const text = (col: unknown) => sql`nullif(lower(trim(${col})), '')`;
const sizeExpr = sql`coalesce(${leads.customFields}->>'employees', ${leads.customFields}->>'company_size', ${leads.customFields}->>'employee_count')`;

/** Leads with a value in each feature's source column, and the distinct values, in one pass. */
export async function fieldCounts(db: Tx, workspaceId: string): Promise<FieldCounts> {
  const cols: Record<string, unknown> = {
    seniority: leads.seniority,
    department: leads.department,
    industry: leads.industry,
    country: leads.country,
    source: leads.source,
    emailStatus: leads.emailStatus,
    role: leads.role,
    phone: leads.phone,
    website: leads.website,
    linkedinUrl: leads.linkedinUrl,
    companyName: leads.companyName,
  };
  const parts = Object.entries(cols).flatMap(([k, c]) => [
    sql`count(${text(c)})::int as ${sql.identifier(`${k}_n`)}`,
    sql`count(distinct ${text(c)})::int as ${sql.identifier(`${k}_d`)}`,
  ]);
  parts.push(
    sql`count(*) filter (where exists (select 1 from jsonb_each(${leads.provenance}) p where p.value->>'source' <> 'manual'))::int as "enriched_n"`,
    sql`count(nullif(trim(${sizeExpr}), ''))::int as "companySize_n"`,
    sql`count(distinct nullif(trim(${sizeExpr}), ''))::int as "companySize_d"`,
    sql`count(*)::int as "total"`,
  );
  const res = await db.execute(sql`select ${sql.join(parts, sql`, `)} from ${leads} where ${leads.workspaceId} = ${workspaceId}`);
  const row = rowsOf<Record<string, number>>(res)[0] ?? {};
  const fields: FieldCounts["fields"] = {};
  for (const k of [...Object.keys(cols), "enriched", "companySize"])
    fields[k] = { withValue: Number(row[`${k}_n`] ?? 0), distinct: Number(row[`${k}_d`] ?? (k === "enriched" ? 2 : 0)) };
  return { leads: Number(row.total ?? 0), fields };
}

/** How old the live model's stored predictions are, and how many leads changed after theirs. */
export async function freshness(db: Tx, workspaceId: string, modelId: string | null) {
  const res = await db.execute(sql`
    select count(*)::int as leads,
           count(p.lead_id)::int as scored,
           count(*) filter (where p.lead_id is not null and l.updated_at > p.scored_at)::int as changed,
           min(p.scored_at) as oldest, max(p.scored_at) as newest
    from ${leads} l
    left join ${leadPredictions} p on p.lead_id = l.id and p.kind = 'lead_score' and p.model_id = ${modelId}
    where l.workspace_id = ${workspaceId}`);
  const r = rowsOf<{ leads: number; scored: number; changed: number; oldest: string | Date | null; newest: string | Date | null }>(res)[0]!;
  const d = (v: string | Date | null) => (v === null ? null : new Date(v));
  return { leads: Number(r.leads), scored: Number(r.scored), changed: Number(r.changed), oldest: d(r.oldest), newest: d(r.newest) };
}

export async function findLead(db: Tx, workspaceId: string, idOrEmail: { id?: string; email?: string }) {
  const [row] = await db
    .select({
      ...LEAD_FEATURE_COLUMNS,
      email: leads.email,
      firstName: leads.firstName,
      lastName: leads.lastName,
      updatedAt: leads.updatedAt,
    })
    .from(leads)
    .where(
      and(
        eq(leads.workspaceId, workspaceId),
        or(
          idOrEmail.id ? eq(leads.id, idOrEmail.id) : undefined,
          idOrEmail.email ? sql`lower(${leads.email}) = ${idOrEmail.email.toLowerCase()}` : undefined,
        ),
      ),
    )
    .orderBy(asc(leads.id))
    .limit(1);
  return row;
}

export async function storedPrediction(db: Tx, workspaceId: string, leadId: string) {
  const [row] = await db
    .select()
    .from(leadPredictions)
    .where(and(eq(leadPredictions.workspaceId, workspaceId), eq(leadPredictions.leadId, leadId), eq(leadPredictions.kind, "lead_score")));
  return row;
}

// --- drift snapshots ----------------------------------------------------------------------------

export async function upsertSnapshot(db: Tx, row: typeof aiModelDriftSnapshots.$inferInsert): Promise<SnapshotRow> {
  const [out] = await db
    .insert(aiModelDriftSnapshots)
    .values(row)
    .onConflictDoUpdate({
      target: [
        aiModelDriftSnapshots.workspaceId,
        aiModelDriftSnapshots.modelId,
        aiModelDriftSnapshots.day,
        aiModelDriftSnapshots.windowDays,
      ],
      set: {
        n: sql`excluded.n`,
        trainingN: sql`excluded.training_n`,
        predictionPsi: sql`excluded.prediction_psi`,
        maxFeaturePsi: sql`excluded.max_feature_psi`,
        features: sql`excluded.features`,
        realizedAuc: sql`excluded.realized_auc`,
        realizedN: sql`excluded.realized_n`,
        realizedPositives: sql`excluded.realized_positives`,
        computedAt: sql`excluded.computed_at`,
      },
    })
    .returning();
  return out!;
}

/** A model's snapshots from `fromDay` on, oldest first (bounded: one a day). */
export async function snapshots(db: Tx, workspaceId: string, modelId: string, fromDay: string): Promise<SnapshotRow[]> {
  return db
    .select()
    .from(aiModelDriftSnapshots)
    .where(
      and(
        eq(aiModelDriftSnapshots.workspaceId, workspaceId),
        eq(aiModelDriftSnapshots.modelId, modelId),
        sql`${aiModelDriftSnapshots.day} >= ${fromDay}`,
      ),
    )
    .orderBy(asc(aiModelDriftSnapshots.day))
    .limit(400);
}

/** Workspaces with a live lead-scoring model (the daily drift job's list). */
export async function workspacesWithLiveModel(db: Tx): Promise<string[]> {
  const rows = await db
    .select({ ws: mlModels.workspaceId })
    .from(mlModels)
    .where(and(eq(mlModels.kind, "lead_score"), eq(mlModels.status, "active")));
  return rows.map((r) => r.ws);
}

// --- reply intent -------------------------------------------------------------------------------

/** The workspace's classified replies, those a person corrected, and corrections equal to the model's class. */
export async function replyIntentCounts(db: Tx, workspaceId: string) {
  const [row] = await db
    .select({
      classified: sql<number>`count(*)::int`,
      corrected: sql<number>`count(${replyIntents.correctedClass})::int`,
      agreed: sql<number>`count(*) filter (where ${replyIntents.correctedClass} = ${replyIntents.predictedClass})::int`,
    })
    .from(replyIntents)
    .where(eq(replyIntents.workspaceId, workspaceId));
  return { classified: Number(row?.classified ?? 0), corrected: Number(row?.corrected ?? 0), agreed: Number(row?.agreed ?? 0) };
}
