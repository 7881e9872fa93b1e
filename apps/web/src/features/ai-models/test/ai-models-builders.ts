/** Bodies of the ai-models routes for page tests (each parsed with its contract by the mock server). */
import type {
  AiModelDeployment,
  AiModelRegistry,
  AiModelVersion,
  DriftOverview,
  DriftSnapshot,
  FeatureStore,
  RegistryEntry,
} from "@prospector/contracts";
import { uuid } from "../../../test/kit.ts";

export function version(over: Partial<AiModelVersion> = {}): AiModelVersion {
  return {
    id: uuid(),
    task: "lead_score",
    version: 1,
    status: "active",
    target: "reply",
    training_from: "2026-05-01T00:00:00.000Z",
    training_to: "2026-11-01T00:00:00.000Z",
    n: 660,
    positives: 120,
    cv_auc: 0.81,
    fold_aucs: [0.8, 0.82, 0.79, 0.83, 0.81],
    size: 42,
    trained_at: "2026-11-01T09:00:00.000Z",
    trained_by: "Ada Admin",
    ...over,
  };
}

export function entry(over: Partial<RegistryEntry> = {}): RegistryEntry {
  return {
    task: "lead_score",
    label: "Lead scoring",
    trainable: true,
    metric: "5-fold cross-validated AUC",
    live: null,
    versions: 0,
    builtin: null,
    empty_reason: "No model yet: send campaigns and train one on /predictive-analytics",
    ...over,
  };
}

export function registry(tasks: RegistryEntry[]): AiModelRegistry {
  return { tasks, auc_floor: 0.6 };
}

export function deployment(over: Partial<AiModelDeployment> = {}): AiModelDeployment {
  return {
    id: uuid(),
    task: "lead_score",
    from_version: 2,
    to_version: 1,
    action: "deploy",
    forced: false,
    reason: "",
    by: "Ada Admin",
    at: "2026-11-20T10:00:00.000Z",
    ...over,
  };
}

export function snapshot(over: Partial<DriftSnapshot> = {}): DriftSnapshot {
  return {
    id: uuid(),
    day: "2026-11-24",
    window_days: 7,
    model_version: 1,
    n: 250,
    training_n: 660,
    prediction_psi: 0.04,
    max_feature_psi: 0.31,
    status: "drift",
    features: [
      { feature: "seniority", label: "Seniority", psi: 0.31, status: "drift" },
      { feature: "has_phone", label: "Has a phone number", psi: 0.12, status: "watch" },
      { feature: "department", label: "Department", psi: 0.01, status: "stable" },
    ],
    realized_auc: 0.74,
    realized_n: 250,
    realized_positives: 40,
    computed_at: "2026-11-24T06:00:00.000Z",
    ...over,
  };
}

export function drift(over: Partial<DriftOverview> = {}): DriftOverview {
  return {
    model: version(),
    deployed_at: "2026-11-01T09:00:00.000Z",
    thresholds: { watch: 0.1, drift: 0.25 },
    latest: null,
    snapshots: [],
    ...over,
  };
}

export function featureStore(over: Partial<FeatureStore> = {}): FeatureStore {
  return {
    model: version(),
    features: [
      {
        name: "seniority",
        label: "Seniority",
        type: "category",
        source: "leads.seniority",
        with_value: 700,
        coverage: 1,
        distinct_values: 5,
        model_columns: 5,
      },
      {
        name: "has_phone",
        label: "Has a phone number",
        type: "flag",
        source: "leads.phone",
        with_value: 280,
        coverage: 0.4,
        distinct_values: 1,
        model_columns: 1,
      },
    ],
    freshness: {
      leads: 700,
      scored: 690,
      changed_since_scoring: 3,
      unscored: 10,
      oldest_score: "2026-11-24T08:00:00.000Z",
      newest_score: "2026-11-24T09:00:00.000Z",
    },
    ...over,
  };
}
