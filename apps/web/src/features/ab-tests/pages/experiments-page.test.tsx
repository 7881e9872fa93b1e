import type { Experiment, ExperimentList, ExperimentVariant } from "@prospector/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ME, mockServer, renderSignedIn, uuid } from "../../../test/kit.ts";
import AbTestsPage from "./ab-tests-page.tsx";
import ExperimentsPage from "./experiments-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const none = { z: null, p_value: null, significant: false };
const variant = (v: number, over: Partial<ExperimentVariant> = {}): ExperimentVariant => ({
  variant: v,
  label: "ABCD"[v] as string,
  subject: `Subject ${"ABCD"[v]}`,
  sent: 200,
  opened: 80,
  replied: 20,
  clicked: 10,
  open_rate: 40,
  reply_rate: 10,
  click_rate: 5,
  open_test: none,
  reply_test: none,
  click_test: none,
  share: 0.5,
  ...over,
});

const experiment = (over: Partial<Experiment> = {}): Experiment => {
  const campaign = over.campaign_id ?? uuid();
  return {
    id: `${campaign}:1`,
    campaign_id: campaign,
    campaign_name: "Founders Q4",
    campaign_status: "active",
    step: 1,
    mode: "even",
    metric: "reply",
    min_share: 0.1,
    declared_winner: null,
    status: "collecting",
    winner: null,
    p_value: 0.31,
    lift: 20,
    sends_needed: 5682,
    sent: 400,
    variants: [variant(0), variant(1, { replied: 24, reply_rate: 12, reply_test: { z: 1.01, p_value: 0.31, significant: false } })],
    history: [],
    weights_at: null,
    ...over,
  };
};

const winner = experiment({
  campaign_id: uuid(901),
  campaign_name: "CTO outreach",
  status: "winner",
  winner: 1,
  p_value: 0.0051,
  lift: 100,
  sends_needed: 0,
  mode: "bandit",
  variants: [
    variant(0, { share: 0.1 }),
    variant(1, { replied: 40, reply_rate: 20, share: 0.9, reply_test: { z: 2.8, p_value: 0.0051, significant: true } }),
  ],
  history: [
    { at: "2026-11-20T10:00:00.000Z", weights: [0.5, 0.5], reason: "mode" },
    { at: "2026-11-21T10:00:00.000Z", weights: [0.1, 0.9], reason: "bandit" },
  ],
  weights_at: "2026-11-21T10:00:00.000Z",
});
const collecting = experiment({ campaign_id: uuid(902) });

const list = (experiments: Experiment[], over: Partial<ExperimentList> = {}): ExperimentList => ({
  experiments,
  total: experiments.length,
  page: 1,
  per_page: 20,
  summary: {
    total: experiments.length,
    collecting: experiments.filter((e) => e.status === "collecting").length,
    winner: experiments.filter((e) => e.status === "winner").length,
    no_clear_winner: 0,
    bandit: experiments.filter((e) => e.mode === "bandit").length,
  },
  campaigns: experiments.map((e) => ({ id: e.campaign_id, name: e.campaign_name })),
  ...over,
});

const rows = () =>
  within(screen.getByRole("table", { name: "A/B tests" }))
    .getAllByRole("row")
    .slice(1)
    .filter((r) => r.querySelectorAll("td").length > 1);

describe("/experiments/ab-testing", () => {
  it("lists every test with its verdict, p-value, sends needed and where traffic goes", async () => {
    mockServer({ "GET /api/auth/me": { body: ME }, "GET /api/experiments": { body: list([winner, collecting]) } });
    renderSignedIn(<ExperimentsPage />, { path: "/experiments/ab-testing" });
    expect(await screen.findByRole("heading", { name: /Which of my A\/B tests have a winner/ })).toBeTruthy();
    expect(
      await screen.findByText(/2 tests: 1 with a winner, 1 collecting data, 0 without a clear winner · 1 steered by the bandit/),
    ).toBeTruthy();
    const [first, second] = rows();
    expect(within(first!).getByRole("link", { name: "CTO outreach" }).getAttribute("href")).toBe(
      `/ab-tests?campaign=${winner.campaign_id}`,
    );
    expect(within(first!).getByText("Winner")).toBeTruthy();
    expect(within(first!).getByText("B (+100%)")).toBeTruthy();
    expect(within(first!).getByText("at 95% confidence")).toBeTruthy();
    expect(within(first!).getByText("0.005")).toBeTruthy();
    expect(within(first!).getByRole("img", { name: "Traffic now: A 10%, B 90%" })).toBeTruthy();
    expect(within(first!).getByRole("img", { name: /over the last 2 changes; latest \(bandit update\): A 10%, B 90%/ })).toBeTruthy();
    expect(within(first!).getByRole("button", { name: "Bandit" }).getAttribute("aria-pressed")).toBe("true");
    expect(within(second!).getByText("Collecting data")).toBeTruthy();
    expect(within(second!).getByText("B leads (+20%)")).toBeTruthy();
    expect(within(second!).getByText("≈ 5,682 more")).toBeTruthy();
    expect(within(second!).getByText("No changes yet")).toBeTruthy();
  });

  it("switches a test to the bandit, and declares a winner from the shared variant table", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/experiments": { body: list([collecting]) },
      [`PUT /api/experiments/${collecting.campaign_id}/1`]: { body: { ...collecting, mode: "bandit" } },
      [`POST /api/experiments/${collecting.campaign_id}/1/winner`]: {
        body: { ...collecting, declared_winner: 1, winner: 1, status: "winner", sends_needed: 0 },
      },
    });
    renderSignedIn(<ExperimentsPage />, { path: "/experiments/ab-testing" });
    await screen.findByText("Founders Q4");
    await userEvent.click(screen.getByRole("button", { name: "Bandit" }));
    await waitFor(() => expect(s.to("PUT", `/api/experiments/${collecting.campaign_id}/1`)).toHaveLength(1));
    expect(s.to("PUT", `/api/experiments/${collecting.campaign_id}/1`)[0]!.body).toEqual({ mode: "bandit" });
    expect(await screen.findByText("Founders Q4, step 1: the bandit now steers traffic")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Show variants of Founders Q4, step 1" }));
    const table = await screen.findByRole("table", { name: "Variants of Founders Q4, step 1" });
    expect(within(table).getByText("not significant (p = 0.310)")).toBeTruthy();
    // Judged on replies first, then opens and clicks: A is the baseline of each.
    expect(within(table).getAllByText("baseline")).toHaveLength(3);
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toContain("Traffic now");
    await userEvent.click(within(table).getByRole("button", { name: "Make B the winner" }));
    const dialog = await screen.findByRole("dialog", { name: "Send all traffic of step 1 to B?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Declare winner" }));
    await waitFor(() => expect(s.to("POST", `/api/experiments/${collecting.campaign_id}/1/winner`)).toHaveLength(1));
    expect(s.to("POST", `/api/experiments/${collecting.campaign_id}/1/winner`)[0]!.body).toEqual({ variant: 1 });
    expect(await screen.findByText("Founders Q4, step 1: B gets every further send")).toBeTruthy();
  });

  it("filters by status, campaign and metric through the API", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/experiments": (req) => ({
        body:
          req.query.get("status") === "winner"
            ? list([winner], { summary: list([winner, collecting]).summary })
            : list([winner, collecting]),
      }),
    });
    renderSignedIn(<ExperimentsPage />, { path: "/experiments/ab-testing" });
    await screen.findByText("Founders Q4");
    await userEvent.click(screen.getByLabelText("Status"));
    await userEvent.click(await screen.findByRole("option", { name: "Winner (1)" }));
    await waitFor(() => expect(screen.queryByText("Founders Q4")).toBeNull());
    expect(s.to("GET", "/api/experiments").at(-1)!.query.get("status")).toBe("winner");
    await userEvent.click(screen.getByLabelText("Judge by"));
    await userEvent.click(await screen.findByRole("option", { name: "Open rate" }));
    await waitFor(() => expect(s.to("GET", "/api/experiments").at(-1)!.query.get("metric")).toBe("open"));
    await userEvent.click(screen.getByLabelText("Campaign"));
    await userEvent.click(await screen.findByRole("option", { name: "CTO outreach" }));
    await waitFor(() => expect(s.to("GET", "/api/experiments").at(-1)!.query.get("campaign_id")).toBe(winner.campaign_id));
  });

  it("says how to start a test when there is none, and lets viewers look without changing traffic", async () => {
    mockServer({ "GET /api/auth/me": { body: ME }, "GET /api/experiments": { body: list([]) } });
    const view = renderSignedIn(<ExperimentsPage />, { path: "/experiments/ab-testing" });
    expect(await screen.findByText("No A/B tests yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open campaigns" }).getAttribute("href")).toBe("/campaigns");
    view.unmount();

    mockServer({
      "GET /api/auth/me": { body: { ...ME, role: "viewer", role_label: "Viewer", permissions: ["campaigns:read"] } },
      "GET /api/experiments": { body: list([winner]) },
    });
    renderSignedIn(<ExperimentsPage />, { path: "/experiments/ab-testing" });
    await screen.findByText("CTO outreach");
    expect((screen.getByRole("button", { name: "Even" }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole("button", { name: "Show variants of CTO outreach, step 1" }));
    await screen.findByRole("table", { name: "Variants of CTO outreach, step 1" });
    expect(screen.queryByRole("button", { name: /the winner/ })).toBeNull();
  });
});

describe("/ab-tests uses the same results table", () => {
  it("shows a campaign's variants with the shared significance text", async () => {
    const id = uuid(950);
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/ab-tests": {
        body: {
          tests: [{ campaign_id: id, name: "CTO outreach", status: "active", steps: [1], variants: 2, sent: 400, has_winner: true }],
          total: 1,
          page: 1,
          per_page: 20,
        },
      },
      [`GET /api/campaigns/${id}/ab-results`]: {
        body: {
          campaign_id: id,
          name: "CTO outreach",
          status: "active",
          confidence: 0.95,
          steps: [
            {
              step: 1,
              winner: 1,
              variants: winner.variants.map(({ click_rate: _r, click_test: _t, share: _s, ...v }) => v),
            },
          ],
        },
      },
    });
    renderSignedIn(<AbTestsPage />, { path: "/ab-tests" });
    const table = await screen.findByRole("table", { name: "Step 1 variants" });
    expect(within(table).getByText("B (winner)")).toBeTruthy();
    expect(within(table).getByText("significant (p = 0.005)")).toBeTruthy();
    expect(screen.getByText("Winner: variant B")).toBeTruthy();
  });
});
