/**
 * Drift of the live lead-scoring model (docs/ai/models.md): for each input feature of its encoding
 * and for its predicted probabilities, the PSI between the leads it was trained on and the leads
 * contacted in a recent window, plus the AUC its scores reach on outcomes known since it went live.
 * A daily job stores one snapshot per workspace and day; the page can compute the missing days.
 */
import { type DriftOverview, type DriftSnapshot, type FeatureDrift, PSI_DRIFT, PSI_WATCH } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { DAY_MS, isoDay } from "../../platform/utc-days.ts";
import { auc, CATEGORY_FIELDS, describeColumn, encode, type LeadFeatures } from "../lead-scoring/index.ts";
import { binCounts, categoryCounts, decileEdges, driftStatus, psi } from "./ai-models.psi.ts";
import * as repo from "./ai-models.repository.ts";
import { toVersion } from "./ai-models.service.ts";

type Ctx = Pick<AppContext, "db" | "log">;
export const WINDOW_DAYS = 7;
/** The page's "compute" fills at most this many missing days. */
export const BACKFILL_DAYS = 30;

type Spec = repo.ModelRow["features"];
interface Encoded {
  cols: Map<string, number>;
  probability: number;
}

function encodeAll(spec: Spec, weights: number[], population: LeadFeatures[]): Encoded[] {
  return population.map((l) => {
    const row = encode(spec, l);
    const cols = new Map<string, number>();
    let z = 0;
    for (let k = 0; k < row.idx.length; k++) {
      const j = row.idx[k]!;
      z += (weights[j] ?? 0) * row.val[k]!;
      if (j > 0) cols.set(spec.columns[j]!, row.val[k]!);
    }
    return { cols, probability: 1 / (1 + Math.exp(-z)) };
  });
}

interface FeatureBins {
  feature: string;
  label: string;
  bins: (rows: Encoded[]) => number[];
}

/** The model's input features and how each one's distribution is binned (fixed by the training population). */
function featureBins(spec: Spec, training: Encoded[]): FeatureBins[] {
  const out: FeatureBins[] = [];
  for (const f of CATEGORY_FIELDS) {
    const levels = (spec.categories[f] ?? []).map((v) => `${f}=${v}`);
    if (!levels.length) continue;
    out.push({
      feature: f,
      label: describeColumn(levels[0]!).group,
      bins: (rows) =>
        categoryCounts(
          rows.map((r) => levels.find((c) => r.cols.has(c)) ?? "(none)"),
          levels,
        ),
    });
  }
  for (const column of spec.columns) {
    const d = describeColumn(column);
    if (d.kind === "flag" || d.kind === "keyword")
      out.push({
        feature: column,
        label: d.label,
        bins: (rows) =>
          categoryCounts(
            rows.map((r) => (r.cols.has(column) ? "yes" : "no")),
            ["yes"],
          ),
      });
  }
  for (const n of spec.numeric) {
    const edges = decileEdges(training.flatMap((r) => (r.cols.has(n.name) ? [r.cols.get(n.name)!] : [])));
    out.push({
      feature: n.name,
      label: describeColumn(n.name).label,
      bins: (rows) => {
        const present = rows.flatMap((r) => (r.cols.has(n.name) ? [r.cols.get(n.name)!] : []));
        return [...binCounts(present, edges), rows.length - present.length];
      },
    });
  }
  return out;
}

export interface DriftResult {
  n: number;
  trainingN: number;
  predictionPsi: number | null;
  features: FeatureDrift[];
}

/** PSI of every feature and of the predictions between two populations, for one model. Pure. */
export function comparePopulations(spec: Spec, weights: number[], training: LeadFeatures[], recent: LeadFeatures[]): DriftResult {
  const t = encodeAll(spec, weights, training);
  const r = encodeAll(spec, weights, recent);
  const features = featureBins(spec, t)
    .map((f): FeatureDrift => {
      const value = psi(f.bins(t), f.bins(r)) ?? 0;
      return { feature: f.feature, label: f.label, psi: value, status: driftStatus(value) };
    })
    .sort((a, b) => b.psi - a.psi || a.feature.localeCompare(b.feature));
  const edges = decileEdges(t.map((x) => x.probability));
  const predictionPsi = psi(
    binCounts(
      t.map((x) => x.probability),
      edges,
    ),
    binCounts(
      r.map((x) => x.probability),
      edges,
    ),
  );
  return { n: recent.length, trainingN: training.length, predictionPsi, features: r.length && t.length ? features : [] };
}

async function deployedAt(ctx: Ctx, workspaceId: string, model: repo.ModelRow): Promise<Date> {
  const d = await repo.latestDeploymentTo(ctx.db, workspaceId, model.id);
  return d && d.createdAt > model.trainedAt ? d.createdAt : model.trainedAt;
}

/**
 * Computes and stores the snapshot of the live model for the window ending on `day` (a UTC date). The
 * realized AUC is as of the end of that day (or now, for today): sends and outcomes up to then.
 * `training` reuses the training population when several days are computed in a row.
 */
export async function computeSnapshot(
  ctx: Ctx,
  workspaceId: string,
  day: string,
  now = new Date(),
  training?: LeadFeatures[],
): Promise<repo.SnapshotRow | null> {
  const model = await repo.liveModel(ctx.db, workspaceId, "lead_score");
  if (!model) return null;
  const dayEnd = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS);
  const end = dayEnd < now ? dayEnd : now;
  const start = new Date(dayEnd.getTime() - WINDOW_DAYS * DAY_MS);
  const [train, recent] = await Promise.all([
    training ?? repo.contactedLeads(ctx.db, workspaceId, model.trainingFrom, model.trainingTo),
    repo.contactedLeads(ctx.db, workspaceId, start, end),
  ]);
  const result = comparePopulations(model.features, model.weights, train, recent);
  const realized = await realizedAuc(ctx, workspaceId, model, end);
  const worst = result.features[0]?.psi ?? null;
  return repo.upsertSnapshot(ctx.db, {
    workspaceId,
    modelId: model.id,
    day,
    windowDays: WINDOW_DAYS,
    n: result.n,
    trainingN: result.trainingN,
    predictionPsi: result.predictionPsi,
    maxFeaturePsi: worst,
    features: result.features,
    realizedAuc: realized.auc,
    realizedN: realized.n,
    realizedPositives: realized.positives,
    computedAt: now,
  });
}

/** The model's AUC on the leads contacted between its going live and `end`, scored by it, against their outcome by `end`. */
async function realizedAuc(ctx: Ctx, workspaceId: string, model: repo.ModelRow, end: Date) {
  const since = await deployedAt(ctx, workspaceId, model);
  if (end <= since) return { auc: null, n: 0, positives: 0 };
  const [contacted, positives] = await Promise.all([
    repo.contactedLeads(ctx.db, workspaceId, since, end),
    repo.positiveLeadIds(ctx.db, workspaceId, model.target, since, end),
  ]);
  const scores = encodeAll(model.features, model.weights, contacted).map((e) => e.probability);
  const labels = contacted.map((l) => (positives.has(l.id) ? 1 : 0));
  const a = auc(scores, labels);
  return {
    auc: a === null ? null : Math.round(a * 10_000) / 10_000,
    n: contacted.length,
    positives: labels.reduce<number>((s, v) => s + v, 0),
  };
}

/** Today's snapshot and the missing ones of the last BACKFILL_DAYS days since the model was trained. */
export async function computeMissing(ctx: Ctx, workspaceId: string, now = new Date()): Promise<number> {
  const model = await repo.liveModel(ctx.db, workspaceId, "lead_score");
  if (!model) return 0;
  const today = isoDay(now);
  const first = Math.max(now.getTime() - (BACKFILL_DAYS - 1) * DAY_MS, Date.parse(`${isoDay(model.trainedAt)}T00:00:00Z`));
  const have = new Set((await repo.snapshots(ctx.db, workspaceId, model.id, isoDay(first))).map((s) => s.day));
  const training = await repo.contactedLeads(ctx.db, workspaceId, model.trainingFrom, model.trainingTo);
  let done = 0;
  for (let t = first; isoDay(t) <= today; t += DAY_MS) {
    const day = isoDay(t);
    if (day !== today && have.has(day)) continue;
    await computeSnapshot(ctx, workspaceId, day, now, training);
    done++;
  }
  return done;
}

function toSnapshot(s: repo.SnapshotRow, version: number): DriftSnapshot {
  const worst = Math.max(s.predictionPsi ?? 0, s.maxFeaturePsi ?? 0);
  return {
    id: s.id,
    day: s.day,
    window_days: s.windowDays,
    model_version: version,
    n: s.n,
    training_n: s.trainingN,
    prediction_psi: s.predictionPsi,
    max_feature_psi: s.maxFeaturePsi,
    status: s.n ? driftStatus(worst) : "stable",
    features: s.features,
    realized_auc: s.realizedAuc,
    realized_n: s.realizedN,
    realized_positives: s.realizedPositives,
    computed_at: s.computedAt.toISOString(),
  };
}

export async function driftOverview(ctx: Ctx, workspaceId: string, days: number, now = new Date()): Promise<DriftOverview> {
  const model = await repo.liveModel(ctx.db, workspaceId, "lead_score");
  const thresholds = { watch: PSI_WATCH, drift: PSI_DRIFT };
  if (!model) return { model: null, deployed_at: null, thresholds, latest: null, snapshots: [] };
  const rows = await repo.snapshots(ctx.db, workspaceId, model.id, isoDay(now.getTime() - (days - 1) * DAY_MS));
  const snapshots = rows.map((s) => toSnapshot(s, model.version));
  return {
    model: toVersion(model),
    deployed_at: (await deployedAt(ctx, workspaceId, model)).toISOString(),
    thresholds,
    latest: snapshots.at(-1) ?? null,
    snapshots,
  };
}
