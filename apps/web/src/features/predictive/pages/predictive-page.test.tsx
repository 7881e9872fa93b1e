import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ME, me, mockServer, renderSignedIn } from "../../../test/kit.ts";
import { counts, job, model, overview, prediction, predictionPage } from "../test/lead-scoring-builders.ts";
import PredictivePage from "./predictive-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const MODEL = "/api/lead-scoring/model";
const PREDICTIONS = "/api/lead-scoring/predictions";
const notEnough = overview({ active: null, data: counts({ contacted: 57, positives: 3, negatives: 54, enough: false }) });

describe("/predictive-analytics (leads)", () => {
  it("ranks uncontacted leads with their reasons, links to each lead and pages by cursor", async () => {
    const first = prediction({
      name: "Dana Director",
      probability: 0.72,
      reasons: [
        { feature: "seniority=director", label: "Seniority: director", value: 1.9 },
        { feature: "emailStatus=invalid", label: "Email status: invalid", value: -1.4 },
      ],
    });
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      [`GET ${MODEL}`]: { body: overview() },
      [`GET ${PREDICTIONS}`]: (req) =>
        req.query.get("cursor")
          ? { body: predictionPage([prediction({ name: "Page Two", probability: 0.1 })], { total: 26 }) }
          : {
              body: predictionPage([first, ...Array.from({ length: 24 }, () => prediction({ probability: 0.2 }))], {
                total: 26,
                next_cursor: "c2",
              }),
            },
    });
    renderSignedIn(<PredictivePage variant="leads" />, { path: "/predictive-analytics" });
    expect(
      await screen.findByRole("heading", { name: "Which leads are most likely to reply, according to our own outcomes?" }),
    ).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Leads ranked by predicted probability" });
    const row = within(table).getByText("Dana Director").closest("tr")!;
    expect(within(row).getByText("72.0%")).toBeTruthy();
    expect(within(row).getByText("Seniority: director +1.90")).toBeTruthy();
    expect(within(row).getByText("Email status: invalid −1.40")).toBeTruthy();
    expect(within(row).getByRole("link", { name: "Dana Director" }).getAttribute("href")).toBe(`/leads?selected=${first.lead_id}`);
    // Where the numbers come from and how good the model is.
    expect(screen.getByText(/Model v2, trained on 660 contacted leads \(120 replied\)/)).toBeTruthy();
    expect(screen.getByText(/Cross-validated AUC 0.83 \(good; 0.5 is chance\)/)).toBeTruthy();
    expect(s.to("GET", PREDICTIONS)[0]!.query.get("uncontacted")).toBe("true");
    expect(screen.getByText("1–25 of 26")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Page Two")).toBeTruthy();
    expect(s.to("GET", PREDICTIONS).at(-1)!.query.get("cursor")).toBe("c2");
    expect(screen.getByText("26–26 of 26")).toBeTruthy();
    await userEvent.click(screen.getByRole("switch", { name: "Uncontacted only" }));
    await waitFor(() => expect(s.to("GET", PREDICTIONS).at(-1)!.query.get("uncontacted")).toBe("false"));
    expect(s.to("GET", PREDICTIONS).at(-1)!.query.get("cursor")).toBeNull();
  });

  it("says what data is missing instead of predicting", async () => {
    const s = mockServer({ "GET /api/auth/me": { body: ME }, [`GET ${MODEL}`]: { body: notEnough } });
    renderSignedIn(<PredictivePage variant="leads" />, { path: "/predictive-analytics" });
    expect(await screen.findByRole("heading", { name: "Not enough outcomes to predict yet" })).toBeTruthy();
    const table = screen.getByRole("table", { name: "Data the model needs" });
    const row = within(table)
      .getByText(/Contacted leads/)
      .closest("tr")!;
    expect(within(row).getByText("57")).toBeTruthy();
    expect(within(row).getByText("200")).toBeTruthy();
    expect(within(within(table).getByText("… who replied").closest("tr")!).getByText("3")).toBeTruthy();
    expect(s.to("GET", PREDICTIONS)).toHaveLength(0);
  });

  it("sends a rep to Predictive Intelligence when there is data but no model", async () => {
    mockServer({ "GET /api/auth/me": { body: ME }, [`GET ${MODEL}`]: { body: overview({ active: null }) } });
    renderSignedIn(<PredictivePage variant="leads" />, { path: "/predictive-analytics" });
    expect(await screen.findByText("No model trained yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open Predictive Intelligence" }).getAttribute("href")).toBe(
      "/analytics-intelligence/predictive",
    );
  });
});

describe("/analytics-intelligence/predictive (model)", () => {
  it("shows the weights with odds ratios, AUC per fold, calibration with intervals and the versions", async () => {
    mockServer({ "GET /api/auth/me": { body: ME }, [`GET ${MODEL}`]: { body: overview() } });
    renderSignedIn(<PredictivePage variant="model" />, { path: "/analytics-intelligence/predictive" });
    expect(await screen.findByRole("heading", { name: "How does the lead-scoring model decide, and how good is it?" })).toBeTruthy();
    expect(await screen.findByText("Cross-validated AUC")).toBeTruthy();
    expect(screen.getByText("good; 0.5 is chance")).toBeTruthy();
    const weighs = screen.getByRole("group", { name: /What the model weighs.*: show as/ });
    await userEvent.click(within(weighs).getByRole("button", { name: "Table" }));
    const weights = await screen.findByRole("table", { name: /What the model weighs/ });
    const director = within(weights).getByText("Seniority: director").closest("tr")!;
    expect(within(director).getByText("1.900")).toBeTruthy();
    expect(within(director).getByText("6.69")).toBeTruthy();
    expect(within(director).getByText("130")).toBeTruthy();
    const calibration = screen.getByRole("group", { name: "Calibration by decile: show as" });
    await userEvent.click(within(calibration).getByRole("button", { name: "Table" }));
    const bins = await screen.findByRole("table", { name: "Calibration by decile" });
    expect(within(bins).getByText("55.0% (42.6%–66.0%)")).toBeTruthy();
    const folds = screen.getByRole("group", { name: "AUC per fold: show as" });
    await userEvent.click(within(folds).getByRole("button", { name: "Table" }));
    expect(within(await screen.findByRole("table", { name: "AUC per fold" })).getByText("0.826")).toBeTruthy();
    const versions = screen.getByRole("table", { name: "Model versions" });
    expect(within(versions).getByText("active")).toBeTruthy();
    expect(within(versions).getByText("0.78")).toBeTruthy();
  });

  it("retrains with the chosen outcome and window, shows the job's progress and reloads the model when it ends", async () => {
    let polls = 0;
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      [`GET ${MODEL}`]: (req) => ({
        body: overview({ data: counts({ target: req.query.get("target") as "reply" | "meeting", days: Number(req.query.get("days")) }) }),
      }),
      "POST /api/lead-scoring/train": { status: 202, body: job() },
      [`GET /api/lead-scoring/train-jobs/${job().id}`]: () => {
        polls++;
        return polls < 2
          ? { body: job({ status: "running", stage: "Cross-validating (fold 3 of 5)", progress: 38 }) }
          : { body: job({ status: "done", stage: "Done", progress: 100, model_version: 3 }) };
      },
    });
    renderSignedIn(<PredictivePage variant="model" />, { path: "/analytics-intelligence/predictive" });
    await userEvent.click(await screen.findByRole("combobox", { name: "Predict" }));
    await userEvent.click(screen.getByRole("option", { name: "A booked meeting" }));
    await waitFor(() => expect(s.to("GET", MODEL).at(-1)!.query.get("target")).toBe("meeting"));
    await userEvent.click(screen.getByRole("button", { name: "Retrain" }));
    await waitFor(() => expect(s.to("POST", "/api/lead-scoring/train")[0]!.body).toEqual({ target: "meeting", days: 365 }));
    expect(await screen.findByText("Cross-validating (fold 3 of 5)")).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: "Training progress" }).getAttribute("aria-valuenow")).toBe("38");
    const before = s.to("GET", MODEL).length;
    await waitFor(() => expect(s.to("GET", MODEL).length).toBeGreaterThan(before), { timeout: 4000 });
    await waitFor(() => expect(screen.queryByRole("progressbar", { name: "Training progress" })).toBeNull());
  });

  it("refuses to train without enough data, and without leads:update", async () => {
    mockServer({ "GET /api/auth/me": { body: ME }, [`GET ${MODEL}`]: { body: notEnough } });
    const { unmount } = renderSignedIn(<PredictivePage variant="model" />, { path: "/analytics-intelligence/predictive" });
    expect(await screen.findByRole("heading", { name: "Not enough outcomes to predict yet" })).toBeTruthy();
    expect((screen.getByRole("button", { name: "Train" }) as HTMLButtonElement).disabled).toBe(true);
    unmount();
    vi.unstubAllGlobals();
    mockServer({
      "GET /api/auth/me": { body: me({ role: "analyst", permissions: ["analytics:read"] }) },
      [`GET ${MODEL}`]: { body: overview({ active: model() }) },
    });
    renderSignedIn(<PredictivePage variant="model" />, { path: "/analytics-intelligence/predictive" });
    expect(await screen.findByText(/Training needs the leads:update permission/)).toBeTruthy();
    expect((screen.getByRole("button", { name: "Retrain" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
