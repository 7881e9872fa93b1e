/**
 * AI transparency and explainability (docs/ai/explainability.md): why one output came out as it did
 * (a ledger action, a lead's score, a reply's class, a recommendation), how each model decides in
 * general, the recommendations with their measured effect, and each model's realized performance.
 */
import type {
  AiOutputExplanation,
  AiOutputPage,
  AiOutputSummary,
  ClassWords,
  GlobalWeight,
  LeadWhy,
  ModelPerformancePoint,
  ModelPerformanceResult,
  ModelPerformanceSeries,
  ModelsOverview,
  RecommendationKind,
  RecommendationWhy,
  RecommendationWhyPage,
  ReplyWhy,
  RuleUsage,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { badCursor, decodeKeyset, encodeKeyset } from "../../platform/keyset-cursor.ts";
import { wilson } from "../../platform/stats.ts";
import { DAY_MS } from "../../platform/utc-days.ts";
import { describeColumn, leadScore } from "../lead-scoring/index.ts";
import * as repo from "./explain.repository.ts";

type Ctx = Pick<AppContext, "db" | "log">;
const round = (x: number, d = 4) => Math.round(x * 10 ** d) / 10 ** d;

function timeCursor(c: string | undefined): { at: Date; id: string } | null {
  if (!c) return null;
  const [at, id] = decodeKeyset(c) ?? [];
  if (typeof at !== "string" || !id || !isUuid(id) || Number.isNaN(Date.parse(at))) throw badCursor();
  return { at: new Date(at), id };
}

// --- one output ---------------------------------------------------------------------------------

function summaryOf(a: repo.ActionRow): AiOutputSummary {
  return {
    id: a.id,
    kind: a.kind,
    engine: a.engine,
    model: a.model,
    subject_type: a.subjectType,
    subject_id: a.subjectId,
    summary: a.explanation?.summary ?? null,
    outcome: a.outcome,
    created_at: a.createdAt.toISOString(),
  };
}

export async function outputs(
  ctx: Ctx,
  workspaceId: string,
  q: { q?: string; kind?: string; limit: number; cursor?: string },
): Promise<AiOutputPage> {
  const after = timeCursor(q.cursor);
  const rows = await repo.actionsPage(ctx.db, workspaceId, { q: q.q || undefined, kind: q.kind, after, limit: q.limit + 1 });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map(summaryOf),
    next_cursor: rows.length > q.limit && last ? encodeKeyset(last.createdAt.toISOString(), last.id) : null,
  };
}

const PARAMETER_KEYS = ["temperature", "max_tokens", "maxTokens", "top_p", "timeout_ms", "seed", "model"];

/** The parameters the call recorded: an input's `parameters` object, else its known parameter keys. */
function parametersOf(input: Record<string, unknown>): Record<string, unknown> {
  const p = input.parameters;
  if (p && typeof p === "object" && !Array.isArray(p)) return p as Record<string, unknown>;
  return Object.fromEntries(PARAMETER_KEYS.filter((k) => k in input).map((k) => [k, input[k]]));
}

export async function action(ctx: Ctx, workspaceId: string, id: string): Promise<AiOutputExplanation> {
  const a = await repo.action(ctx.db, workspaceId, id);
  if (!a) throw new AppError("AI_EXPLAIN_ACTION_NOT_FOUND");
  return {
    ...summaryOf(a),
    user_name: a.userName,
    prompt: a.prompt,
    parameters: parametersOf(a.input),
    input: a.input,
    output: a.output,
    explanation: a.explanation,
    tokens_in: a.tokensIn,
    tokens_out: a.tokensOut,
    cost_micros: a.costMicros,
    duration_ms: a.durationMs,
    error: a.error,
    feedback: await repo.feedbackCounts(ctx.db, a.id),
  };
}

export async function leadWhy(ctx: Ctx, workspaceId: string, leadId: string): Promise<LeadWhy> {
  const lead = await repo.leadName(ctx.db, workspaceId, leadId);
  if (!lead) throw new AppError("AI_EXPLAIN_LEAD_NOT_FOUND");
  const s = await leadScore(ctx, workspaceId, leadId);
  if (!s) throw new AppError("AI_EXPLAIN_LEAD_NOT_SCORED");
  const p = Math.min(Math.max(s.probability, 1e-9), 1 - 1e-9);
  const logit = Math.log(p / (1 - p));
  const top = s.contributions[0];
  const what = s.model.target === "reply" ? "reply" : "book a meeting";
  return {
    lead_id: leadId,
    lead_name: lead.name,
    probability: s.probability,
    baseline: s.baseline,
    logit: round(logit, 6),
    contributions: s.contributions.map((c) => ({ feature: c.feature, label: c.label, weight: c.value })),
    model_version: s.model.version,
    model_target: s.model.target,
    scored_at: s.scored_at,
    summary:
      `Lead score v${s.model.version} puts the chance this lead will ${what} at ${Math.round(s.probability * 1000) / 10} %: ` +
      `every lead starts at ${round(s.baseline, 2)} log-odds` +
      (top ? `; the largest push is “${top.label}” (${top.value > 0 ? "+" : ""}${round(top.value, 2)})` : "; no feature moved it"),
  };
}

export async function replyWhy(ctx: Ctx, workspaceId: string, replyId: string): Promise<ReplyWhy> {
  const a = await repo.latestReplyClassification(ctx.db, workspaceId, replyId);
  if (!a) throw new AppError("AI_EXPLAIN_REPLY_NOT_CLASSIFIED");
  const o = a.output ?? {};
  const label = [o.intent, o.label, o.class].find((v): v is string => typeof v === "string") ?? null;
  return {
    reply_id: replyId,
    action_id: a.id,
    label,
    model: a.model,
    engine: a.engine,
    explanation: a.explanation,
    output: a.output,
    created_at: a.createdAt.toISOString(),
  };
}

// --- recommendations ----------------------------------------------------------------------------

type AppRow = Awaited<ReturnType<typeof repo.applicationsOf>>[number];

function toWhy(r: repo.RecommendationRow, apps: AppRow[]): RecommendationWhy {
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    title: r.title,
    rationale: r.rationale,
    campaign_name: r.target.campaign_name,
    figures: r.figures,
    test: r.test ?? null,
    expected: r.expected,
    source: r.source,
    generated_at: r.generatedAt.toISOString(),
    applications: apps.map(({ app, outcome }) => {
      const before = app.baseline.estimate.rate;
      const after = outcome?.after.estimate.rate ?? null;
      return {
        id: app.id,
        applied_at: app.appliedAt.toISOString(),
        baseline: app.baseline,
        evaluate_after: app.evaluateAfter.toISOString(),
        verdict: outcome?.verdict ?? null,
        after: outcome?.after ?? null,
        test: outcome?.test ?? null,
        note: outcome?.note ?? null,
        evaluated_at: outcome ? outcome.evaluatedAt.toISOString() : null,
        measured_change: before !== null && after !== null ? round(after - before) : null,
      };
    }),
  };
}

export async function recommendationWhy(ctx: Ctx, workspaceId: string, id: string): Promise<RecommendationWhy> {
  const r = await repo.recommendation(ctx.db, workspaceId, id);
  if (!r) throw new AppError("AI_EXPLAIN_RECOMMENDATION_NOT_FOUND");
  return toWhy(r, await repo.applicationsOf(ctx.db, workspaceId, [id]));
}

export async function recommendationsWhy(
  ctx: Ctx,
  workspaceId: string,
  q: { filter: "all" | "applied"; limit: number; cursor?: string },
): Promise<RecommendationWhyPage> {
  const after = timeCursor(q.cursor);
  const rows = await repo.recommendationsPage(ctx.db, workspaceId, { applied: q.filter === "applied", after, limit: q.limit + 1 });
  const page = rows.slice(0, q.limit);
  const [apps, verdicts] = await Promise.all([
    repo.applicationsOf(
      ctx.db,
      workspaceId,
      page.map((r) => r.id),
    ),
    repo.verdictCounts(ctx.db, workspaceId),
  ]);
  const last = page.at(-1);
  return {
    items: page.map((r) =>
      toWhy(
        r,
        apps.filter((a) => a.app.recommendationId === r.id),
      ),
    ),
    next_cursor: rows.length > q.limit && last ? encodeKeyset(last.generatedAt.toISOString(), last.id) : null,
    verdicts,
  };
}

// --- how each model decides ---------------------------------------------------------------------

/** The recommendation rules (recommendations.rules.ts), as a person reads them. */
export const RULES: Record<RecommendationKind, string> = {
  ab_winner:
    "A/B winner: a step's variant wins significantly (two-proportion z-test at 95 %) and no winner is declared yet; send only the winner",
  send_window:
    "Send window: the best recipient-local block of 4 hours beats the other hours at 95 %, and the campaign still sends outside it; move the schedule",
  segment_stop:
    "Segment stop: a lead segment (industry, seniority, department, mailbox provider) got no reply in 40+ sends while the campaign's other leads reply; stop mailing it",
};

const MAX_WORDS = 12;

export async function models(ctx: Ctx, workspaceId: string): Promise<ModelsOverview> {
  const [model, words, usage] = await Promise.all([
    repo.activeLeadModel(ctx.db, workspaceId),
    repo.replyClassWords(ctx.db, workspaceId),
    repo.ruleUsage(ctx.db, workspaceId),
  ]);
  let leadScoreView: ModelsOverview["lead_score"] = null;
  if (model) {
    const numeric = new Set(model.features.numeric.map((n) => n.name));
    const weights: GlobalWeight[] = [];
    model.features.columns.forEach((column, j) => {
      if (j === 0) return;
      const w = model.weights[j] ?? 0;
      const support = model.metrics.support[j] ?? 0;
      // Numeric columns are standardised already (sd 1); a 0/1 column's spread is √(p(1−p)).
      const p = model.n ? support / model.n : 0;
      const sd = numeric.has(column) ? 1 : Math.sqrt(p * (1 - p));
      const d = describeColumn(column);
      weights.push({ feature: column, label: d.label, group: d.group, weight: w, standardized: round(w * sd), support });
    });
    weights.sort((a, b) => Math.abs(b.standardized) - Math.abs(a.standardized) || a.feature.localeCompare(b.feature));
    leadScoreView = { version: model.version, target: model.target, n: model.n, trained_at: model.trainedAt.toISOString(), weights };
  }
  const classes: ClassWords[] = words.classes
    .sort((a, b) => b.decisions - a.decisions || a.label.localeCompare(b.label))
    .map((c) => ({
      label: c.label,
      decisions: c.decisions,
      words: words.words
        .filter((w) => w.label === c.label)
        .sort((a, b) => b.weight - a.weight || a.word.localeCompare(b.word))
        .slice(0, MAX_WORDS)
        .map((w) => ({ word: w.word, weight: round(w.weight), count: w.count })),
    }));
  const rules: RuleUsage[] = (Object.keys(RULES) as RecommendationKind[]).map((kind) => {
    const u = usage.find((x) => x.kind === kind);
    return {
      kind,
      description: RULES[kind],
      generated: u?.generated ?? 0,
      applied: u?.applied ?? 0,
      helped: u?.helped ?? 0,
      hurt: u?.hurt ?? 0,
      no_measurable_change: u?.none ?? 0,
    };
  });
  return {
    lead_score: leadScoreView,
    reply_classifier: { classified: classes.reduce((s, c) => s + c.decisions, 0), classes },
    recommendation_rules: rules,
  };
}

// --- performance over time ----------------------------------------------------------------------

/** AUC (Mann–Whitney, ties half) with Hanley–McNeil's 95 % interval; null without both classes. */
export function aucWithInterval(scores: number[], labels: boolean[]): { auc: number; low: number; high: number } | null {
  const idx = scores.map((s, i) => ({ s, y: labels[i]! })).sort((a, b) => a.s - b.s);
  const nPos = idx.filter((x) => x.y).length;
  const nNeg = idx.length - nPos;
  if (!nPos || !nNeg) return null;
  let rankSum = 0;
  for (let i = 0; i < idx.length; ) {
    let j = i;
    while (j + 1 < idx.length && idx[j + 1]!.s === idx[i]!.s) j++;
    const rank = (i + j + 2) / 2;
    for (let k = i; k <= j; k++) if (idx[k]!.y) rankSum += rank;
    i = j + 1;
  }
  const a = (rankSum - (nPos * (nPos + 1)) / 2) / (nPos * nNeg);
  const q1 = a / (2 - a);
  const q2 = (2 * a * a) / (1 + a);
  const se = Math.sqrt((a * (1 - a) + (nPos - 1) * (q1 - a * a) + (nNeg - 1) * (q2 - a * a)) / (nPos * nNeg));
  return { auc: round(a), low: round(Math.max(0, a - 1.96 * se)), high: round(Math.min(1, a + 1.96 * se)) };
}

function weekList(now: Date, weeks: number): string[] {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const monday = new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY_MS);
  return Array.from({ length: weeks }, (_, i) => new Date(monday.getTime() - (weeks - 1 - i) * 7 * DAY_MS).toISOString().slice(0, 10));
}

function rateSeries(model: string, metric: string, description: string, weeks: string[], rows: { week: string; up: number; n: number }[]) {
  const points: ModelPerformancePoint[] = weeks.map((week) => {
    const r = rows.find((x) => x.week === week);
    const e = wilson(r?.up ?? 0, r?.n ?? 0);
    return { week, n: r?.n ?? 0, value: e.rate, low: e.low, high: e.high };
  });
  const up = rows.reduce((s, r) => s + r.up, 0);
  const n = rows.reduce((s, r) => s + r.n, 0);
  return { model, metric, description, n, value: wilson(up, n).rate, weeks: points } satisfies ModelPerformanceSeries;
}

export async function performance(ctx: Ctx, workspaceId: string, q: { weeks: number }, now = new Date()): Promise<ModelPerformanceResult> {
  const weeks = weekList(now, q.weeks);
  const from = new Date(`${weeks[0]}T00:00:00Z`);
  const model = await repo.activeLeadModel(ctx.db, workspaceId);
  const target = model?.target ?? "reply";
  const [scored, replyFb, llmFb] = await Promise.all([
    repo.scoredBeforeContact(ctx.db, workspaceId, target, from),
    repo.feedbackByWeek(ctx.db, workspaceId, "reply_classification", from),
    repo.feedbackByWeek(ctx.db, workspaceId, "llm", from),
  ]);
  const overall = aucWithInterval(
    scored.map((s) => s.probability),
    scored.map((s) => s.positive),
  );
  const leadSeries: ModelPerformanceSeries = {
    model: "Lead score",
    metric: "Realized AUC",
    description: `AUC of the score on leads scored before their first contact, against whether they went on to ${target === "reply" ? "reply" : "book a meeting"} (0.5 is chance)`,
    n: scored.length,
    value: overall?.auc ?? null,
    weeks: weeks.map((week) => {
      const w = scored.filter((s) => s.week === week);
      const a = aucWithInterval(
        w.map((s) => s.probability),
        w.map((s) => s.positive),
      );
      return { week, n: w.length, value: a?.auc ?? null, low: a?.low ?? null, high: a?.high ?? null };
    }),
  };
  return {
    weeks: q.weeks,
    series: [
      leadSeries,
      rateSeries(
        "Reply classifier",
        "Agreement with users",
        "Share of the team's judgements on reply classifications that agreed (thumbs up) with the class",
        weeks,
        replyFb,
      ),
      rateSeries("Language model", "Approval rate", "Share of thumbs up among the team's ratings of language-model outputs", weeks, llmFb),
    ],
    computed_at: now.toISOString(),
  };
}
