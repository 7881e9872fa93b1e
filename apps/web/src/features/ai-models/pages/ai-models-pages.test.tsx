import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ME, me, mockServer, renderSignedIn } from "../../../test/kit.ts";
import { deployment, drift, entry, featureStore, registry, snapshot, version } from "../test/ai-models-builders.ts";
import DeploymentPipelinePage from "./deployment-pipeline-page.tsx";
import FeatureStorePage from "./feature-store-page.tsx";
import MlopsRegistryPage from "./mlops-registry-page.tsx";
import ModelRepositoryPage from "./model-repository-page.tsx";
import PerformanceMonitorPage from "./performance-monitor-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const EMPTY_REGISTRY = registry([
  entry(),
  entry({ task: "send_time", label: "Send time", empty_reason: "No model yet: send campaigns, then press Train" }),
  entry({ task: "reply_intent", label: "Reply intent", trainable: false, empty_reason: "No model information yet" }),
]);

describe("/ai-tools/mlops-registry", () => {
  it("shows each task's live version with its AUC, data and trainer", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/ai-models/registry": {
        body: registry([
          entry({ live: version({ version: 3, cv_auc: 0.812 }), versions: 3, empty_reason: null }),
          entry({ task: "send_time", label: "Send time", empty_reason: "No model yet: send campaigns, then press Train" }),
          entry({
            task: "reply_intent",
            label: "Reply intent",
            trainable: false,
            versions: 1,
            empty_reason: null,
            builtin: { version: "2026.11", accuracy: 0.9625, corpus_size: 160, agreement: 0.8, corrections: 10, classified: 240 },
          }),
        ]),
      },
    });
    renderSignedIn(<MlopsRegistryPage />, { path: "/ai-tools/mlops-registry" });
    expect(await screen.findByRole("heading", { name: "Which model is live for each task, and how good is it?" })).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Models by task" });
    const row = within(table).getByText("Lead scoring").closest("tr")!;
    expect(within(row).getByText("AUC 0.812")).toBeTruthy();
    expect(within(row).getByText("660 (120 replied)")).toBeTruthy();
    expect(within(row).getByText(/by Ada Admin/)).toBeTruthy();
    expect(within(table).getByText("No model yet: send campaigns, then press Train")).toBeTruthy();
    const intent = within(table).getByText("Reply intent").closest("tr")!;
    expect(within(intent).getByText("Accuracy 96.3% · agreement 80.0%")).toBeTruthy();
    expect(within(intent).getByText("240 classified, 10 corrected")).toBeTruthy();
  });

  it("says how to get a model when there is none, and trains the send-time model", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/ai-models/registry": { body: EMPTY_REGISTRY },
      "POST /api/ai-models/send-time/train": { status: 202, body: { queued: true, days: 180 } },
    });
    renderSignedIn(<MlopsRegistryPage />, { path: "/ai-tools/mlops-registry" });
    expect(await screen.findByText("No model yet")).toBeTruthy();
    const row = screen.getByText("Send time").closest("tr")!;
    await userEvent.click(await within(row).findByRole("button", { name: "Train" }));
    await waitFor(() => expect(s.to("POST", "/api/ai-models/send-time/train")).toHaveLength(1));
    expect(s.to("POST", "/api/ai-models/send-time/train")[0]!.body).toEqual({ days: 180 });
  });
});

describe("/ai-tools/model-repository", () => {
  it("lists versions and compares two side by side", async () => {
    const v2 = version({ version: 2, status: "active", cv_auc: 0.8 });
    const v1 = version({ version: 1, status: "retired", cv_auc: 0.7, n: 400 });
    const weights = (w: number) => [
      { column: "intercept", label: "Baseline (intercept)", weight: -1, support: 400 },
      { column: "seniority=director", label: "Seniority: director", weight: w, support: 80 },
    ];
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/ai-models/versions": { body: { items: [v2, v1], next_cursor: null } },
      "GET /api/ai-models/lead_score/versions/1": { body: { ...v1, size: 2, weights: weights(0.5) } },
      "GET /api/ai-models/lead_score/versions/2": { body: { ...v2, size: 2, weights: weights(1.7) } },
    });
    renderSignedIn(<ModelRepositoryPage />, { path: "/ai-tools/model-repository" });
    const table = await screen.findByRole("table", { name: "Model versions" });
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    await userEvent.click(screen.getByRole("checkbox", { name: "Compare v1" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Compare v2" }));
    const compared = await screen.findByRole("table", { name: "Weights compared" });
    const row = within(compared).getByText("Seniority: director").closest("tr")!;
    expect(within(row).getByText("+1.2000")).toBeTruthy();
    expect(within(screen.getByRole("table", { name: "Versions compared" })).getByText("0.700")).toBeTruthy();
  });

  it("says how to get a first version", async () => {
    mockServer({ "GET /api/auth/me": { body: ME }, "GET /api/ai-models/versions": { body: { items: [], next_cursor: null } } });
    renderSignedIn(<ModelRepositoryPage />, { path: "/ai-tools/model-repository" });
    expect(await screen.findByText(/train on \/predictive-analytics/)).toBeTruthy();
  });
});

describe("/ai-tools/deployment-pipeline", () => {
  it("deploys a version below the floor only with force and a reason, and shows the history", async () => {
    const live = version({ version: 2, status: "active" });
    const weak = version({ version: 1, status: "retired", cv_auc: 0.55 });
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/ai-models/registry": { body: registry([entry({ live, versions: 2, empty_reason: null })]) },
      "GET /api/ai-models/versions": (req) =>
        req.query.get("task") === "lead_score"
          ? { body: { items: [live, weak], next_cursor: null } }
          : { body: { items: [], next_cursor: null } },
      "GET /api/ai-models/deployments": { body: { items: [deployment({ reason: "v2 ranks worse", forced: true })], next_cursor: null } },
      "POST /api/ai-models/lead_score/deploy": {
        body: {
          deployment: deployment({ from_version: 2, to_version: 1, forced: true }),
          live: { ...weak, status: "active" },
          rescore_queued: true,
        },
      },
    });
    renderSignedIn(<DeploymentPipelinePage />, { path: "/ai-tools/deployment-pipeline" });
    await userEvent.click(await screen.findByRole("button", { name: "Deploy v1" }));
    expect(screen.getByText(/below the floor of 0.6/)).toBeTruthy();
    await userEvent.click(screen.getByRole("checkbox", { name: "Deploy anyway (force)" }));
    await userEvent.click(screen.getByRole("button", { name: "Deploy" }));
    expect(screen.getByText("A forced deploy needs a reason")).toBeTruthy();
    expect(s.to("POST", "/api/ai-models/lead_score/deploy")).toHaveLength(0);
    await userEvent.type(screen.getByRole("textbox", { name: "Reason" }), "testing");
    await userEvent.click(screen.getByRole("button", { name: "Deploy" }));
    await waitFor(() => expect(s.to("POST", "/api/ai-models/lead_score/deploy")).toHaveLength(1));
    expect(s.to("POST", "/api/ai-models/lead_score/deploy")[0]!.body).toEqual({ version: 1, force: true, reason: "testing" });
    const history = screen.getByRole("table", { name: "Deployments" });
    expect(within(history).getByText("v2 ranks worse")).toBeTruthy();
    expect(within(history).getByText("forced")).toBeTruthy();
  });

  it("hides deploy and rollback from members without analytics:update", async () => {
    const live = version({ version: 2, status: "active" });
    mockServer({
      "GET /api/auth/me": { body: me({ permissions: ["analytics:read"] }) },
      "GET /api/ai-models/registry": { body: registry([entry({ live, versions: 2, empty_reason: null })]) },
      "GET /api/ai-models/versions": { body: { items: [live, version({ version: 1, status: "retired" })], next_cursor: null } },
      "GET /api/ai-models/deployments": { body: { items: [], next_cursor: null } },
    });
    renderSignedIn(<DeploymentPipelinePage />, { path: "/ai-tools/deployment-pipeline" });
    expect(await screen.findAllByRole("table", { name: "Lead scoring versions" })).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Deploy v1" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Roll back" })).toBeNull();
  });
});

describe("/ai-tools/performance-monitor", () => {
  it("shows drift status, the features that moved and the realized AUC", async () => {
    const latest = snapshot();
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/ai-models/drift": {
        body: drift({ latest, snapshots: [snapshot({ day: "2026-11-23", max_feature_psi: 0.05, status: "stable" }), latest] }),
      },
    });
    renderSignedIn(<PerformanceMonitorPage />, { path: "/ai-tools/performance-monitor" });
    expect(
      await screen.findByRole("heading", { name: "Are our live models drifting away from the data they were trained on?" }),
    ).toBeTruthy();
    expect(await screen.findByText(/realized AUC 0.740 on 250 leads/)).toBeTruthy();
    const moved = screen.getByRole("table", { name: "Features that moved" });
    expect(within(moved).getByText("Seniority")).toBeTruthy();
    expect(within(moved).getByText("0.310")).toBeTruthy();
    expect(within(moved).queryByText("Department")).toBeNull();
  });

  it("offers to compute the first snapshot, and says how to get a model", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/ai-models/drift": { body: drift() },
      "POST /api/ai-models/drift/compute": { body: drift({ latest: snapshot(), snapshots: [snapshot()] }) },
    });
    renderSignedIn(<PerformanceMonitorPage />, { path: "/ai-tools/performance-monitor" });
    expect(await screen.findByText("No drift snapshot yet")).toBeTruthy();
    await userEvent.click(screen.getAllByRole("button", { name: "Compute now" })[0]!);
    expect(await screen.findByRole("table", { name: "Features that moved" })).toBeTruthy();
    expect(s.to("POST", "/api/ai-models/drift/compute")[0]!.query.get("days")).toBe("60");
  });
});

describe("/ml/feature-store", () => {
  it("lists features with coverage and freshness, and looks up one lead's vector", async () => {
    const leadId = "0193a000-0000-7000-8000-000000000001";
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/ai-models/feature-store": { body: featureStore() },
      "GET /api/ai-models/feature-store/vector": {
        body: {
          lead_id: leadId,
          email: "dana@acme.test",
          name: "Dana Director",
          updated_at: "2026-11-24T10:00:00.000Z",
          raw: [{ feature: "seniority", label: "Seniority", value: "director" }],
          encoded: [{ column: "seniority=director", label: "Seniority: director", value: 1, weight: 1.5, contribution: 1.5 }],
          model_version: 1,
          probability: 0.42,
          stored_probability: 0.4,
          scored_at: "2026-11-24T09:00:00.000Z",
          stale: true,
        },
      },
    });
    renderSignedIn(<FeatureStorePage />, { path: "/ml/feature-store" });
    const table = await screen.findByRole("table", { name: "Lead features" });
    const phone = within(table).getByText("Has a phone number").closest("tr")!;
    expect(within(phone).getByText("40.0%")).toBeTruthy();
    expect(within(phone).getByText("leads.phone")).toBeTruthy();
    expect(screen.getByText(/3 changed after their scoring and 10 have none yet/)).toBeTruthy();
    await userEvent.type(screen.getByRole("textbox", { name: "Lead email or id" }), "dana@acme.test");
    await userEvent.click(screen.getByRole("button", { name: "Look up" }));
    expect(await screen.findByText("changed since scored")).toBeTruthy();
    expect(within(screen.getByRole("table", { name: "Encoded by the live model" })).getByText("Seniority: director")).toBeTruthy();
    expect(s.to("GET", "/api/ai-models/feature-store/vector")[0]!.query.get("lead")).toBe("dana@acme.test");
  });

  it("says how to get leads when there are none", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/ai-models/feature-store": {
        body: featureStore({
          model: null,
          freshness: { leads: 0, scored: 0, changed_since_scoring: 0, unscored: 0, oldest_score: null, newest_score: null },
        }),
      },
    });
    renderSignedIn(<FeatureStorePage />, { path: "/ml/feature-store" });
    expect(await screen.findByText("No leads yet")).toBeTruthy();
  });
});
