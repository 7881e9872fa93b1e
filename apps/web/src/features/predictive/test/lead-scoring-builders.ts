/** Lead-scoring answers for the page tests, shaped as the server sends them (the kit parses them with the contracts). */
import type {
  LeadPrediction,
  LeadPredictionPage,
  LeadScoreDataCounts,
  LeadScoreModel,
  LeadScoreOverview,
  LeadScoreTrainJob,
} from "@prospector/contracts";

export const MODEL_ID = "018f0000-0000-7000-8000-0000000000a1";

export function counts(over: Partial<LeadScoreDataCounts> = {}): LeadScoreDataCounts {
  return {
    target: "reply",
    days: 365,
    contacted: 660,
    positives: 120,
    negatives: 540,
    needed: { contacted: 200, positives: 20, negatives: 20 },
    enough: true,
    ...over,
  };
}

export function model(over: Partial<LeadScoreModel> = {}): LeadScoreModel {
  return {
    id: MODEL_ID,
    version: 2,
    kind: "lead_score",
    status: "active",
    target: "reply",
    training_from: "2025-11-25T03:00:00.000Z",
    training_to: "2026-11-25T03:00:00.000Z",
    n: 660,
    positives: 120,
    cv_auc: 0.8312,
    trained_at: "2026-11-25T03:00:00.000Z",
    fold_aucs: [0.81, 0.84, 0.83, 0.85, 0.8256],
    lambda: 1,
    iterations: 7,
    weights: [
      {
        feature: "intercept",
        label: "Baseline (intercept)",
        group: "Baseline",
        kind: "intercept",
        weight: -2.1,
        odds_ratio: 0.1225,
        support: 660,
      },
      {
        feature: "seniority=director",
        label: "Seniority: director",
        group: "Seniority",
        kind: "category",
        weight: 1.9,
        odds_ratio: 6.6859,
        support: 130,
      },
      { feature: "has_phone", label: "Has a phone number", group: "Profile", kind: "flag", weight: 1.2, odds_ratio: 3.3201, support: 260 },
      {
        feature: "emailStatus=invalid",
        label: "Email status: invalid",
        group: "Email status",
        kind: "category",
        weight: -1.4,
        odds_ratio: 0.2466,
        support: 90,
      },
    ],
    calibration: Array.from({ length: 10 }, (_, i) => ({
      bin: i + 1,
      n: 66,
      predicted: (i + 0.5) / 20,
      observed: i === 9 ? 0.55 : (i + 0.4) / 20,
      low: i === 9 ? 0.4258 : 0,
      high: i === 9 ? 0.6603 : 0.5,
    })),
    roc: [
      { fpr: 0, tpr: 0 },
      { fpr: 0.1, tpr: 0.5 },
      { fpr: 0.4, tpr: 0.85 },
      { fpr: 1, tpr: 1 },
    ],
    scored_leads: 820,
    scored_at: "2026-11-25T03:01:00.000Z",
    ...over,
  };
}

export function overview(over: Partial<LeadScoreOverview> = {}): LeadScoreOverview {
  const active = over.active === undefined ? model() : over.active;
  return {
    active,
    history: active
      ? [
          { ...summary(active) },
          { ...summary(active), id: "018f0000-0000-7000-8000-0000000000a0", version: 1, status: "retired", cv_auc: 0.78, n: 400 },
        ]
      : [],
    data: counts(),
    latest_job: null,
    ...over,
  };
}

function summary(m: LeadScoreModel) {
  const { fold_aucs, lambda, iterations, weights, calibration, roc, scored_leads, scored_at, ...rest } = m;
  return rest;
}

let n = 0;
export function prediction(over: Partial<LeadPrediction> = {}): LeadPrediction {
  n++;
  return {
    lead_id: `018f0000-0000-7000-8000-${(0xb00 + n).toString(16).padStart(12, "0")}`,
    name: `Lead ${n}`,
    email: `lead${n}@acme.test`,
    company: "Acme",
    title: "Founder",
    probability: 0.5,
    contacted: false,
    reasons: [],
    model_version: 2,
    scored_at: "2026-11-25T03:01:00.000Z",
    ...over,
  };
}

export function predictionPage(items: LeadPrediction[], over: Partial<LeadPredictionPage> = {}): LeadPredictionPage {
  return { items, next_cursor: null, total: items.length, model: summary(model()), ...over };
}

export function job(over: Partial<LeadScoreTrainJob> = {}): LeadScoreTrainJob {
  return {
    id: "018f0000-0000-7000-8000-0000000000c1",
    status: "queued",
    stage: "Waiting for a worker",
    progress: 0,
    target: "reply",
    days: 365,
    error: null,
    model_version: null,
    created_at: "2026-11-25T03:02:00.000Z",
    started_at: null,
    finished_at: null,
    ...over,
  };
}
