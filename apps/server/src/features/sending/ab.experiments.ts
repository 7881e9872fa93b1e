/**
 * Experiments across campaigns (/api/experiments, docs/ab-testing.md): every campaign step with
 * variants, judged on its metric (ab.stats judge), with its traffic shares and their history; and
 * the changes a user makes to one: mode (even or bandit), metric and exploration floor, declaring
 * or clearing a winner — each audited on the campaign's activity and recorded in the history.
 */
import type {
  DeclareWinnerInput,
  Experiment,
  ExperimentList,
  ExperimentListQuery,
  ExperimentMetric,
  ExperimentSettingsInput,
  TrafficHistory,
  TrafficHistoryQuery,
} from "@prospector/contracts";
import { DEFAULT_MIN_SHARE } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/client.ts";
import { AppError } from "../../platform/errors.ts";
import { addCampaignActivity, type CampaignRow, loadCampaign } from "../campaigns/index.ts";
import { effectiveFloor, evenShares, refreshTraffic, successesOf, winnerShares } from "./ab.bandit.ts";
import * as repo from "./ab.repository.ts";
import { abResultsFor, LABELS } from "./ab.service.ts";
import { judge, twoProportionZTest } from "./ab.stats.ts";

type Ctx = Pick<AppContext, "db">;
type CampaignLike = Pick<CampaignRow, "id" | "name" | "status" | "steps">;
type Settings = Awaited<ReturnType<typeof repo.settingsFor>> extends Map<string, infer R> ? R : never;

/** The campaign's activity log line for an A/B change, by whom, with what changed. */
function logAbChange(
  tx: Ctx["db"],
  caller: { workspaceId: string; userId: string },
  campaignId: string,
  message: string,
  data: Record<string, unknown>,
) {
  return addCampaignActivity(
    { db: tx },
    { workspaceId: caller.workspaceId, campaignId, kind: "ab_test", message, userId: caller.userId, data },
  );
}

/** Campaigns one list reads at most (newest first); docs/ab-testing.md "Limits". */
export const MAX_CAMPAIGNS = 1000;
const HISTORY_POINTS = 30;
const rate = (x: number, n: number) => (n ? Math.round((x / n) * 1000) / 10 : 0);
const label = (v: number) => LABELS[v] ?? String(v);

/** The step's shares now: all to a declared winner, the bandit's last weights, else even. */
function sharesOf(k: number, s: Settings | undefined): number[] {
  if (s?.winner !== null && s?.winner !== undefined && s.winner < k) return winnerShares(k, s.winner);
  if (s?.mode === "bandit" && s.weights && s.weights.length === k) return s.weights;
  return evenShares(k);
}

function buildExperiment(
  c: CampaignLike,
  stepIndex: number,
  counts: Map<string, repo.VariantCounts>,
  settings: Settings | undefined,
  history: repo.HistoryRow[],
  metricOverride: ExperimentMetric | undefined,
): Experiment {
  const metric = metricOverride ?? settings?.metric ?? "reply";
  const step = c.steps[stepIndex] as CampaignRow["steps"][number];
  const k = 1 + step.variants.length;
  const byStep = new Map<string, repo.VariantCounts>();
  for (let v = 0; v < k; v++) {
    const x = counts.get(`${c.id}:${stepIndex}:${v}`);
    if (x) byStep.set(`${stepIndex}:${v}`, x);
  }
  const base = abResultsFor({ ...c, steps: c.steps.map((s, i) => (i === stepIndex ? s : { ...s, variants: [] })) }, byStep).steps[0];
  const zero = { sent: 0, opened: 0, clicked: 0, replied: 0 };
  const data = Array.from({ length: k }, (_, v) => byStep.get(`${stepIndex}:${v}`) ?? zero);
  const declared = settings?.winner !== null && settings?.winner !== undefined && settings.winner < k ? settings.winner : null;
  const verdict = judge(
    data.map((d) => ({ sent: d.sent, successes: successesOf(d, metric) })),
    declared,
  );
  const shares = sharesOf(k, settings);
  const a = data[0] as repo.VariantCounts;
  return {
    id: `${c.id}:${stepIndex + 1}`,
    campaign_id: c.id,
    campaign_name: c.name,
    campaign_status: c.status,
    step: stepIndex + 1,
    mode: settings?.mode ?? "even",
    metric,
    min_share: settings?.minShare ?? DEFAULT_MIN_SHARE,
    declared_winner: declared,
    status: verdict.status,
    winner: verdict.winner,
    p_value: verdict.p_value,
    lift: verdict.lift,
    sends_needed: verdict.sends_needed,
    sent: data.reduce((s, d) => s + d.sent, 0),
    variants: (base?.variants ?? []).map((v, j) => {
      const d = data[j] as repo.VariantCounts;
      return {
        ...v,
        click_rate: rate(d.clicked, d.sent),
        click_test: j === 0 ? { z: null, p_value: null, significant: false } : twoProportionZTest(a.clicked, a.sent, d.clicked, d.sent),
        share: shares[j] ?? 0,
      };
    }),
    history: history.map((h) => ({ at: h.at.toISOString(), weights: h.weights, reason: h.reason })),
    weights_at: settings?.weightsAt ? settings.weightsAt.toISOString() : null,
  };
}

const stepsWithVariants = (c: CampaignLike) => c.steps.flatMap((s, i) => (s.variants.length > 0 ? [i] : []));

export async function listExperiments(ctx: Ctx, workspaceId: string, q: ExperimentListQuery): Promise<ExperimentList> {
  const [all, settings] = [
    await repo.experimentCampaigns(ctx.db, workspaceId, undefined, MAX_CAMPAIGNS),
    await repo.settingsFor(ctx.db, workspaceId),
  ];
  const chosen = q.campaign_id ? all.filter((c) => c.id === q.campaign_id) : all;
  const counts = await repo.countsFor(
    ctx.db,
    chosen.map((c) => c.id),
  );
  let experiments: Experiment[] = [];
  for (const c of chosen)
    for (const i of stepsWithVariants(c)) experiments.push(buildExperiment(c, i, counts, settings.get(`${c.id}:${i}`), [], q.metric));
  if (q.mode) experiments = experiments.filter((e) => e.mode === q.mode);
  const summary = {
    total: experiments.length,
    collecting: experiments.filter((e) => e.status === "collecting").length,
    winner: experiments.filter((e) => e.status === "winner").length,
    no_clear_winner: experiments.filter((e) => e.status === "no_clear_winner").length,
    bandit: experiments.filter((e) => e.mode === "bandit" && e.declared_winner === null).length,
  };
  if (q.status) experiments = experiments.filter((e) => e.status === q.status);
  const page = experiments.slice((q.page - 1) * q.per_page, q.page * q.per_page);
  const history = await repo.recentHistory(ctx.db, [...new Set(page.map((e) => e.campaign_id))], HISTORY_POINTS);
  for (const e of page) {
    e.history = history
      .filter((h) => h.campaignId === e.campaign_id && h.step === e.step - 1)
      .map((h) => ({ at: h.at.toISOString(), weights: h.weights, reason: h.reason }));
  }
  return {
    experiments: page,
    total: experiments.length,
    page: q.page,
    per_page: q.per_page,
    summary,
    campaigns: all.slice(0, 500).map((c) => ({ id: c.id, name: c.name })),
  };
}

/** The campaign (404 in another workspace) and the 0-based index of a step that has variants. */
async function experimentStep(ctx: Ctx, workspaceId: string, campaignId: string, step: number) {
  const c = await loadCampaign(ctx, workspaceId, campaignId);
  const i = step - 1;
  if (!Number.isInteger(step) || i < 0 || (c.steps[i]?.variants.length ?? 0) === 0) throw new AppError("EXPERIMENT_NOT_FOUND");
  return { c, i, k: 1 + (c.steps[i]?.variants.length ?? 0) };
}

export async function getExperiment(ctx: Ctx, workspaceId: string, campaignId: string, step: number): Promise<Experiment> {
  const { c, i } = await experimentStep(ctx, workspaceId, campaignId, step);
  const [counts, settings, history] = [
    await repo.countsFor(ctx.db, [c.id]),
    await repo.settingsFor(ctx.db, workspaceId),
    await repo.recentHistory(ctx.db, [c.id], HISTORY_POINTS),
  ];
  return buildExperiment(
    c,
    i,
    counts,
    settings.get(`${c.id}:${i}`),
    history.filter((h) => h.step === i),
    undefined,
  );
}

const pct = (x: number) => `${Math.round(x * 1000) / 10}%`;
const METRIC_TEXT: Record<ExperimentMetric, string> = { reply: "reply rate", open: "open rate", click: "click rate" };

export async function updateExperimentSettings(
  ctx: Ctx,
  caller: { workspaceId: string; userId: string },
  campaignId: string,
  step: number,
  input: ExperimentSettingsInput,
): Promise<Experiment> {
  const { c, i, k } = await experimentStep(ctx, caller.workspaceId, campaignId, step);
  if (input.min_share !== undefined && input.min_share > 1 / k)
    throw new AppError("EXPERIMENT_MIN_SHARE_TOO_HIGH", `With ${k} variants the floor is at most ${pct(1 / k)}`);
  await transaction(ctx.db, async (tx) => {
    const before = await repo.lockSettings(tx, caller.workspaceId, c.id, i);
    const after = {
      mode: input.mode ?? before.mode,
      metric: input.metric ?? before.metric,
      minShare: input.min_share ?? before.minShare,
    };
    if (after.mode === before.mode && after.metric === before.metric && after.minShare === before.minShare) return;
    await repo.updateSettings(tx, c.id, i, { ...after, updatedBy: caller.userId });
    const now = new Date();
    if (before.winner === null) {
      if (after.mode === "bandit") await refreshTraffic(tx, c, now, "mode");
      else if (before.mode === "bandit")
        await repo.storeWeights(tx, {
          workspaceId: caller.workspaceId,
          campaignId: c.id,
          step: i,
          weights: null,
          historyWeights: evenShares(k),
          at: now,
          reason: "mode",
        });
    }
    const what =
      after.mode === "bandit"
        ? `bandit on ${METRIC_TEXT[after.metric]}, each variant keeps at least ${pct(effectiveFloor(after.minShare, k))}`
        : `even split (results judged on ${METRIC_TEXT[after.metric]})`;
    await logAbChange(tx, caller, c.id, `Step ${step} A/B traffic: ${what}`, {
      step,
      before: { mode: before.mode, metric: before.metric, min_share: before.minShare },
      after: { mode: after.mode, metric: after.metric, min_share: after.minShare },
    });
  });
  return getExperiment(ctx, caller.workspaceId, c.id, step);
}

export async function declareWinner(
  ctx: Ctx,
  caller: { workspaceId: string; userId: string },
  campaignId: string,
  step: number,
  input: DeclareWinnerInput,
): Promise<Experiment> {
  const { c, i, k } = await experimentStep(ctx, caller.workspaceId, campaignId, step);
  if (input.variant >= k)
    throw new AppError("EXPERIMENT_VARIANT_NOT_FOUND", `Step ${step} has variants A to ${label(k - 1)} (0 to ${k - 1})`);
  await transaction(ctx.db, async (tx) => {
    const before = await repo.lockSettings(tx, caller.workspaceId, c.id, i);
    if (before.winner === input.variant) return;
    await repo.updateSettings(tx, c.id, i, { winner: input.variant, updatedBy: caller.userId });
    await repo.storeWeights(tx, {
      workspaceId: caller.workspaceId,
      campaignId: c.id,
      step: i,
      weights: before.weights,
      historyWeights: winnerShares(k, input.variant),
      at: new Date(),
      reason: "winner",
    });
    await logAbChange(
      tx,
      caller,
      c.id,
      `Step ${step} A/B winner declared: variant ${label(input.variant)} gets all further sends of the step`,
      { step, winner: input.variant, previous_winner: before.winner },
    );
  });
  return getExperiment(ctx, caller.workspaceId, c.id, step);
}

export async function clearWinner(
  ctx: Ctx,
  caller: { workspaceId: string; userId: string },
  campaignId: string,
  step: number,
): Promise<Experiment> {
  const { c, i, k } = await experimentStep(ctx, caller.workspaceId, campaignId, step);
  await transaction(ctx.db, async (tx) => {
    const before = await repo.lockSettings(tx, caller.workspaceId, c.id, i);
    if (before.winner === null) return;
    await repo.updateSettings(tx, c.id, i, { winner: null, updatedBy: caller.userId });
    const now = new Date();
    if (before.mode === "bandit") await refreshTraffic(tx, c, now, "winner_cleared");
    else
      await repo.storeWeights(tx, {
        workspaceId: caller.workspaceId,
        campaignId: c.id,
        step: i,
        weights: null,
        historyWeights: evenShares(k),
        at: now,
        reason: "winner_cleared",
      });
    await logAbChange(
      tx,
      caller,
      c.id,
      `Step ${step} A/B winner (variant ${label(before.winner)}) withdrawn: testing resumes (${before.mode === "bandit" ? "bandit" : "even split"})`,
      { step, previous_winner: before.winner },
    );
  });
  return getExperiment(ctx, caller.workspaceId, c.id, step);
}

export async function trafficHistory(
  ctx: Ctx,
  workspaceId: string,
  campaignId: string,
  step: number,
  q: TrafficHistoryQuery,
): Promise<TrafficHistory> {
  const { c, i } = await experimentStep(ctx, workspaceId, campaignId, step);
  const { rows, total } = await repo.historyPage(ctx.db, c.id, i, q.page, q.per_page);
  return {
    points: rows.map((r) => ({ at: r.at.toISOString(), weights: r.weights, reason: r.reason })),
    total,
    page: q.page,
    per_page: q.per_page,
  };
}
