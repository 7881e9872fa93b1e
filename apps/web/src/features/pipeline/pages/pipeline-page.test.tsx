import type {
  Alert,
  Bottleneck,
  BottlenecksAnswer,
  DataQuality,
  DealRef,
  Forecast,
  ForecastMonth,
  HealthActionResult,
  HealthOverview,
  StageSummary,
} from "@prospector/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ME, me, mockServer, type Route, renderSignedIn, uuid } from "../../../test/kit.ts";
import { deal } from "../../crm/test/crm-builders.ts";
import { member, memberPage, SELF, WS_ID } from "../../team/test/team-builders.ts";
import PipelinePage from "./pipeline-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const AT = "2026-11-24T16:00:00.000Z";
const computed = { scope: "all" as const, computed_at: AT, from_cache: false };

const stage = (name: string, position: number, over: Partial<StageSummary> = {}): StageSummary => ({
  stage_id: uuid(),
  name,
  position,
  is_won: false,
  is_lost: false,
  probability: 20,
  deals: 0,
  value: 0,
  weighted_value: 0,
  ...over,
});

const qualified = stage("Qualified", 0, { deals: 4, value: 40000, weighted_value: 8000, probability: 20 });
const proposal = stage("Proposal", 1, { deals: 2, value: 30000, weighted_value: 15000, probability: 50 });
const won = stage("Won", 2, { is_won: true, probability: 100, deals: 3, value: 27000, weighted_value: 27000 });
const lost = stage("Lost", 3, { is_lost: true, probability: 0, deals: 1, value: 5000, weighted_value: 0 });

const overview = (over: Partial<HealthOverview> = {}): HealthOverview => ({
  ...computed,
  currencies: ["USD"],
  open_deals: 6,
  pipeline_value: { value: 70000, basis: "Sum of the 6 open deals' values" },
  weighted_value: { value: 23000, basis: "Each open deal's value times its win probability" },
  win_rate: { value: 0.75, basis: "3 won of 4 closed in the last 180 days" },
  avg_cycle_days: { value: 21.5, basis: "Median days from creation to won, 3 deals" },
  stages: [qualified, proposal, won, lost],
  stage_conversion: [
    {
      stage_id: qualified.stage_id,
      stage: "Qualified",
      entered: 10,
      advanced: 6,
      rate: 0.6,
      basis: "6 of 10 deals that entered Qualified moved on",
    },
  ],
  coverage: {
    target: { value: 27000, basis: "Target: won value of the last 90 days." },
    ratio: { value: 0.85, basis: "Weighted value over the target." },
  },
  ...over,
});

const month = (m: string, p10: number, p50: number, p90: number): ForecastMonth => ({ month: m, p10, p50, p90, expected: p50 });
const forecast = (over: Partial<Forecast> = {}): Forecast => ({
  ...computed,
  method: "monte_carlo",
  months_ahead: 6,
  runs: 10000,
  open_deals: 6,
  duration_ms: 12,
  months: [month("2026-12", 0, 10000, 30000), month("2027-01", 0, 5000, 20000)],
  total: { p10: 8000, p50: 15000, p90: 42000, expected: 16000 },
  basis: "10,000 runs over 6 open deals' probabilities and expected close dates",
  ...over,
});

const dealRef = (name: string, over: Partial<DealRef> = {}): DealRef => ({
  id: uuid(),
  name,
  value: 12000,
  currency: "USD",
  stage_id: proposal.stage_id,
  owner_id: null,
  days_in_stage: 45,
  expected_close_date: null,
  ...over,
});
const stuck = dealRef("Acme renewal");
const bottleneck = (over: Partial<Bottleneck> = {}): Bottleneck => ({
  stage_id: proposal.stage_id,
  stage: "Proposal",
  kind: "time_in_stage",
  severity: "high",
  metric: "Median days in stage of open deals",
  value: 45,
  baseline: 12,
  score: 4.2,
  basis: "Proposal usually takes 12 days (median of 20 deals); open deals have waited 45",
  deals: [stuck],
  ...over,
});
const bottlenecks = (list: Bottleneck[] = [bottleneck()]): BottlenecksAnswer => ({ ...computed, bottlenecks: list });

const quality = (over: Partial<DataQuality> = {}): DataQuality => ({
  scope: "all",
  computed_at: AT,
  open_deals: 6,
  missing: [{ field: "expected_close_date", missing: 3, share: 0.5, basis: "3 of 6 open deals have no expected close date" }],
  stale: { threshold_days: 30, count: 1, basis: "Open deals not updated in 30 days", deals: [dealRef("Old lead deal")] },
  ...over,
});

const stuckAlert: Alert = {
  key: `stuck:${stuck.id}`,
  kind: "stuck",
  severity: "high",
  title: "Acme renewal is stuck in Proposal",
  detail: "45 days in Proposal; deals usually leave it in 12",
  deal_ids: [stuck.id],
  actions: [
    { action_type: "move_stage", label: "Move stage", parameters: { deal_ids: [stuck.id] } },
    { action_type: "snooze_alert", label: "Snooze", parameters: { alert_key: `stuck:${stuck.id}` } },
  ],
};

const globex = deal({ id: uuid(), name: "Globex expansion" });
const gone = uuid();
const ownerAlert: Alert = {
  key: "no_owner",
  kind: "no_owner",
  severity: "medium",
  title: "2 open deals without an owner",
  detail: "56,000 of open pipeline has nobody to move it",
  deal_ids: [globex.id, gone],
  actions: [],
};

function routes(over: Record<string, Route> = {}): Record<string, Route> {
  return {
    "GET /api/auth/me": { body: ME },
    "GET /api/pipeline/health/overview": { body: overview() },
    "GET /api/pipeline/forecasts/precomputed": (req) => {
      const method = (req.query.get("method") as Forecast["method"]) ?? "monte_carlo";
      // Only Monte Carlo has runs.
      return { body: forecast({ method, runs: method === "monte_carlo" ? 10000 : 0 }) };
    },
    "GET /api/pipeline/bottlenecks": { body: bottlenecks() },
    "GET /api/pipeline/health/alerts": { body: [stuckAlert] },
    "GET /api/pipeline/health/data-quality": { body: quality() },
    ...over,
  };
}

describe("/pipeline", () => {
  it("answers its question with figures that say where they come from, the forecast fan, funnel, bottlenecks and data quality", async () => {
    const api = mockServer(
      routes({
        "GET /api/pipeline/health/alerts": { body: [stuckAlert, ownerAlert] },
        [`GET /api/crm/deals/${globex.id}`]: { body: globex },
      }),
    );
    renderSignedIn(<PipelinePage />, { path: "/pipeline" });
    expect(screen.getByRole("heading", { name: "How healthy is the pipeline, and what will it bring in?" })).toBeTruthy();
    const value = await screen.findByRole("region", { name: "Pipeline value" });
    expect(within(value).getByText("$70,000")).toBeTruthy();
    expect(within(value).getByText("Sum of the 6 open deals' values")).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Win rate" })).getByText("75%")).toBeTruthy();
    expect(screen.getByText("3 won of 4 closed in the last 180 days")).toBeTruthy();
    expect(screen.getByText("21.5 days")).toBeTruthy();
    expect(screen.getByText("Weighted value over the target. Target: won value of the last 90 days.")).toBeTruthy();

    // The forecast: totals P10/P50/P90, its basis and when it was computed.
    const fc = await screen.findByRole("region", { name: "Revenue forecast" });
    await within(fc).findByText("10,000 runs over 6 open deals' probabilities and expected close dates");
    const totals = within(fc).getByRole("group", { name: "Total over 6 months" });
    expect(within(totals).getByText("$8,000")).toBeTruthy();
    expect(within(totals).getByText("$15,000")).toBeTruthy();
    expect(within(totals).getByText("$42,000")).toBeTruthy();
    expect(within(fc).getByText(/Monte Carlo · 10,000 runs · 6 deals open · computed at/)).toBeTruthy();
    expect(api.to("GET", "/api/pipeline/forecasts/precomputed")[0]!.query.toString()).toBe("method=monte_carlo&months_ahead=6");

    // Funnel: open stages and won in order, lost counted apart, conversion with its basis.
    const funnel = within(screen.getByRole("list", { name: "Deals per stage" })).getAllByRole("listitem");
    expect(funnel.map((li) => li.getAttribute("aria-label"))).toEqual(["Qualified: 4 deals", "Proposal: 2 deals", "Won: 3 deals"]);
    expect(screen.getByLabelText("Qualified conversion 60%: 6 of 10 deals that entered Qualified moved on")).toBeTruthy();
    expect(screen.getByText("1 deal lost, not shown in the funnel.")).toBeTruthy();
    const byStage = within(screen.getByRole("table", { name: "Value by stage" }));
    expect(byStage.getAllByRole("row")).toHaveLength(3);
    expect(byStage.getByText("$30,000")).toBeTruthy();

    // Bottlenecks: severity, measured against usual, the deals with links to their drawer.
    const bn = within(await screen.findByRole("list", { name: "Bottlenecks" }));
    expect(bn.getByText("High")).toBeTruthy();
    expect(bn.getByText("Proposal: deals wait too long")).toBeTruthy();
    expect(bn.getByText("Median days in stage of open deals: 45 against 12 usually")).toBeTruthy();
    expect(bn.getByRole("link", { name: "Acme renewal" }).getAttribute("href")).toBe(`/crm/deals?selected=${stuck.id}`);

    // Alerts name their deals: known from the bottlenecks, else read by id; one that cannot be read keeps a number.
    const alerts = within(await screen.findByRole("list", { name: "Alerts" }));
    expect(alerts.getByRole("link", { name: "Acme renewal" }).getAttribute("href")).toBe(`/crm/deals?selected=${stuck.id}`);
    expect((await alerts.findByRole("link", { name: "Globex expansion" })).getAttribute("href")).toBe(`/crm/deals?selected=${globex.id}`);
    expect(alerts.getByRole("link", { name: "Deal 2" }).getAttribute("href")).toBe(`/crm/deals?selected=${gone}`);
    expect(api.to("GET", `/api/crm/deals/${stuck.id}`)).toHaveLength(0);

    // Data quality.
    const dq = within(screen.getByRole("region", { name: "Data quality" }));
    expect(await dq.findByText("Expected close date missing")).toBeTruthy();
    expect(dq.getByText("3 of 6 open deals have no expected close date")).toBeTruthy();
    expect(dq.getByRole("link", { name: "Old lead deal" })).toBeTruthy();
  });

  it("switches the forecast method and limits every figure to my deals", async () => {
    const api = mockServer(routes());
    const view = renderSignedIn(<PipelinePage />, { path: "/pipeline" });
    const fc = await screen.findByRole("region", { name: "Revenue forecast" });
    await userEvent.click(within(fc).getByRole("button", { name: "Weighted" }));
    await waitFor(() => expect(api.to("GET", "/api/pipeline/forecasts/precomputed").at(-1)!.query.get("method")).toBe("weighted"));
    expect(await within(fc).findByText(/^Weighted · 6 deals open/)).toBeTruthy();
    expect(view.router.state.location.search).toBe("?method=weighted");

    await userEvent.click(screen.getByRole("button", { name: "My deals" }));
    for (const path of [
      "/api/pipeline/health/overview",
      "/api/pipeline/forecasts/precomputed",
      "/api/pipeline/bottlenecks",
      "/api/pipeline/health/alerts",
      "/api/pipeline/health/data-quality",
    ]) {
      await waitFor(() => expect(api.to("GET", path).at(-1)!.query.get("role")).toBe("sales_rep"));
    }
    expect(screen.getByRole("button", { name: "My deals" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("shows an analyst the alerts without the actions they may not run", async () => {
    mockServer(
      routes({ "GET /api/auth/me": { body: me({ role: "analyst", role_label: "Data Analyst", permissions: ["analytics:read"] }) } }),
    );
    renderSignedIn(<PipelinePage />, { path: "/pipeline" });
    const alerts = within(await screen.findByRole("list", { name: "Alerts" }));
    expect(alerts.getByText("Acme renewal is stuck in Proposal")).toBeTruthy();
    expect(alerts.queryByRole("button")).toBeNull();
  });

  it("shows a sales rep their own deals without a switch", async () => {
    const rep = me({ role: "sales_rep", role_label: "Sales Rep", permissions: ["crm:read", "crm:create", "crm:update"] });
    const api = mockServer(routes({ "GET /api/auth/me": { body: rep } }));
    renderSignedIn(<PipelinePage />, { path: "/pipeline" });
    expect(await screen.findByText("Showing your deals")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Everyone" })).toBeNull();
    await waitFor(() => expect(api.to("GET", "/api/pipeline/health/overview").at(-1)!.query.get("role")).toBe("sales_rep"));
  });

  it("runs an alert's action with a reason, then reads the pipeline again", async () => {
    let acted = false;
    const result: HealthActionResult = {
      action_type: "move_stage",
      affected: 1,
      deal_ids: [stuck.id],
      task_id: null,
      alert_key: null,
      snoozed_until: null,
      message: "Moved 1 deal to Won",
    };
    const api = mockServer(
      routes({
        "GET /api/pipeline/health/alerts": () => ({ body: acted ? [] : [stuckAlert] }),
        "POST /api/pipeline/health/actions": () => {
          acted = true;
          return { body: result };
        },
      }),
    );
    renderSignedIn(<PipelinePage />, { path: "/pipeline" });
    const alerts = within(await screen.findByRole("list", { name: "Alerts" }));
    expect(alerts.getByText("Acme renewal is stuck in Proposal")).toBeTruthy();
    expect(alerts.getByText("45 days in Proposal; deals usually leave it in 12")).toBeTruthy();
    await userEvent.click(alerts.getByRole("button", { name: "Move stage" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Move stage" }));
    await userEvent.click(dialog.getByRole("button", { name: "Confirm" }));
    expect(dialog.getByText("Say why: the reason is kept with the action in the audit log")).toBeTruthy();
    await userEvent.type(dialog.getByRole("textbox", { name: "Reason" }), "Signed yesterday");
    await userEvent.click(dialog.getByRole("button", { name: "Confirm" }));
    expect(dialog.getByText("Choose the stage")).toBeTruthy();
    expect(api.to("POST", "/api/pipeline/health/actions")).toHaveLength(0);
    await userEvent.click(dialog.getByRole("combobox", { name: "Move to stage" }));
    const options = screen.getAllByRole("option").map((o) => o.textContent);
    expect(options).toEqual(["Qualified", "Proposal", "Won"]);
    await userEvent.click(screen.getByRole("option", { name: "Won" }));
    const overviewReads = api.to("GET", "/api/pipeline/health/overview").length;
    await userEvent.click(dialog.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Moved 1 deal to Won")).toBeTruthy();
    expect(api.to("POST", "/api/pipeline/health/actions")[0]!.body).toEqual({
      action_type: "move_stage",
      parameters: { deal_ids: [stuck.id], stage_id: won.stage_id },
      reason: "Signed yesterday",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByText("Nothing needs attention.")).toBeTruthy();
    expect(api.to("GET", "/api/pipeline/health/overview").length).toBeGreaterThan(overviewReads);
  });

  it("reassigns an alert's deals to an active member of the workspace", async () => {
    const sam = member({ user: { full_name: "Sam Seller" } });
    const away = member({ status: "suspended", user: { full_name: "Sid Suspended", email: "sid@example.com" } });
    const reassignAlert: Alert = {
      ...ownerAlert,
      key: "no_owner:1",
      deal_ids: [globex.id],
      actions: [{ action_type: "reassign", label: "Assign an owner", parameters: { deal_ids: [globex.id] } }],
    };
    const result: HealthActionResult = {
      action_type: "reassign",
      affected: 1,
      deal_ids: [globex.id],
      task_id: null,
      alert_key: null,
      snoozed_until: null,
      message: "Reassigned 1 deal to Sam Seller",
    };
    const api = mockServer(
      routes({
        "GET /api/pipeline/health/alerts": { body: [reassignAlert] },
        [`GET /api/v1/workspaces/${WS_ID}/members`]: memberPage([SELF, sam, away]),
        "POST /api/pipeline/health/actions": { body: result },
      }),
    );
    renderSignedIn(<PipelinePage />, { path: "/pipeline" });
    const alerts = within(await screen.findByRole("list", { name: "Alerts" }));
    await userEvent.click(alerts.getByRole("button", { name: "Assign an owner" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Assign an owner" }));
    await userEvent.type(dialog.getByRole("textbox", { name: "Reason" }), "Sam covers Globex");
    await userEvent.click(dialog.getByRole("combobox", { name: "New owner" }));
    // Me first, then the other active members; a suspended member cannot take deals.
    await waitFor(() => expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([`Me (${ME.full_name})`, "Sam Seller"]));
    await userEvent.click(screen.getByRole("option", { name: "Sam Seller" }));
    await userEvent.click(dialog.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Reassigned 1 deal to Sam Seller")).toBeTruthy();
    expect(api.to("POST", "/api/pipeline/health/actions")[0]!.body).toEqual({
      action_type: "reassign",
      parameters: { deal_ids: [globex.id], owner_id: sam.user.id },
      reason: "Sam covers Globex",
    });
  });

  it("snoozes an alert for the days chosen and shows the server's refusal in the dialog", async () => {
    const api = mockServer(
      routes({
        "POST /api/pipeline/health/actions": {
          status: 404,
          body: { detail: "Alert not found: it no longer applies or never did", code: "PIPELINE_ALERT_NOT_FOUND" },
        },
      }),
    );
    renderSignedIn(<PipelinePage />, { path: "/pipeline" });
    const alerts = within(await screen.findByRole("list", { name: "Alerts" }));
    await userEvent.click(alerts.getByRole("button", { name: "Snooze" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Snooze" }));
    await userEvent.click(dialog.getByRole("combobox", { name: "Snooze for" }));
    await userEvent.click(screen.getByRole("option", { name: "14 days" }));
    await userEvent.type(dialog.getByRole("textbox", { name: "Reason" }), "Customer on holiday");
    await userEvent.click(dialog.getByRole("button", { name: "Confirm" }));
    expect(await dialog.findByText("Alert not found: it no longer applies or never did")).toBeTruthy();
    expect(api.to("POST", "/api/pipeline/health/actions")[0]!.body).toEqual({
      action_type: "snooze_alert",
      parameters: { alert_key: stuckAlert.key, days: 14 },
      reason: "Customer on holiday",
    });
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("says how to get deals when there are none", async () => {
    const empty = overview({
      open_deals: 0,
      stages: [qualified, proposal, won, lost].map((s) => ({ ...s, deals: 0, value: 0, weighted_value: 0 })),
      pipeline_value: { value: 0, basis: "No open deals" },
    });
    mockServer(routes({ "GET /api/pipeline/health/overview": { body: empty } }));
    renderSignedIn(<PipelinePage />, { path: "/pipeline" });
    expect(await screen.findByText("Add deals in the CRM or convert a lead that replied")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Add a deal" }).getAttribute("href")).toBe("/crm/deals");
    expect(screen.getByRole("link", { name: "Convert a lead" }).getAttribute("href")).toBe("/leads");
    expect(screen.queryByRole("region", { name: "Revenue forecast" })).toBeNull();
  });

  it("offers to try again when the overview fails", async () => {
    let fail = true;
    mockServer(
      routes({
        "GET /api/pipeline/health/overview": () =>
          fail
            ? { status: 500, body: { detail: "Server error occurred. Please try again later.", code: "INTERNAL" } }
            : { body: overview() },
      }),
    );
    renderSignedIn(<PipelinePage />, { path: "/pipeline" });
    const retry = await screen.findByRole("button", { name: "Try again" });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole("region", { name: "Pipeline value" })).toBeTruthy();
  });

  it("keeps the rest of the page when one card fails, and that card can ask again", async () => {
    let fail = true;
    mockServer(
      routes({
        "GET /api/pipeline/bottlenecks": () =>
          fail
            ? { status: 500, body: { detail: "Server error occurred. Please try again later.", code: "INTERNAL" } }
            : { body: bottlenecks() },
      }),
    );
    renderSignedIn(<PipelinePage />, { path: "/pipeline" });
    const card = within(await screen.findByRole("region", { name: "Bottlenecks" }));
    const retry = await card.findByRole("button", { name: "Try again" });
    expect(screen.getByRole("region", { name: "Revenue forecast" })).toBeTruthy();
    fail = false;
    await userEvent.click(retry);
    expect(await card.findByText("Proposal: deals wait too long")).toBeTruthy();
  });
});
