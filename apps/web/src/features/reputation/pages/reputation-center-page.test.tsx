import {
  type ReputationAlert,
  ReputationAlertList,
  ReputationBackfill,
  ReputationHistory,
  ReputationOverview,
  type ReputationPoint,
  type ReputationSubject,
} from "@prospector/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ME, me, mockServer, type Route, renderSignedIn } from "../../../test/kit.ts";
import ReputationCenterPage from "./reputation-center-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const THRESHOLDS = { bounce_rate: 0.02, complaint_warn: 0.001, complaint_rate: 0.003, min_sends: 20, window_days: 7 };
const idle = ReputationBackfill.parse({ status: "idle", days: 0, done_days: 0, started_at: null, finished_at: null, error: null });

const point = (day: string, over: Partial<ReputationPoint> = {}): ReputationPoint => ({
  day,
  sent: 40,
  bounces: 0,
  complaints: 0,
  unsubscribes: 0,
  window_sent: 280,
  bounce_rate: 0.005,
  complaint_rate: 0,
  unsubscribe_rate: 0.01,
  listed_on: [],
  score: 95,
  ...over,
});
const domain: ReputationSubject = {
  kind: "domain",
  id: "acme.test",
  label: "acme.test",
  domain: "acme.test",
  latest: point("2026-11-24", { score: 55, bounce_rate: 0.031, listed_on: ["zen.spamhaus.org"] }),
  score_change_7d: -20,
  open_alerts: 2,
};
const inbox: ReputationSubject = {
  kind: "inbox",
  id: "0193a0b0-0000-7000-8000-000000000001",
  label: "sam@acme.test",
  domain: "acme.test",
  latest: point("2026-11-24"),
  score_change_7d: 3,
  open_alerts: 0,
};
const overview = (over: Partial<ReputationOverview> = {}) =>
  ReputationOverview.parse({
    subjects: [domain, inbox],
    total: 2,
    page: 1,
    per_page: 20,
    inboxes: 1,
    refreshed_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    backfill: idle,
    thresholds: THRESHOLDS,
    ...over,
  });
const history = (kind: "domain" | "inbox", id: string, label: string) =>
  ReputationHistory.parse({ kind, id, label, days: 30, points: [point("2026-11-23", { score: 75 }), point("2026-11-24", { score: 55 })] });
const alert: ReputationAlert = {
  id: "0193a0b0-0000-7000-8000-0000000000a1",
  subject_kind: "domain",
  subject_id: "acme.test",
  subject_label: "acme.test",
  kind: "bounce_rate",
  level: "critical",
  value: 0.031,
  threshold: 0.02,
  zone: null,
  message: "Domain acme.test: bounce rate 3.1 % over the last 7 days (280 sent) is above 2.0 %.",
  opened_at: "2026-11-24T10:00:00.000Z",
  resolved_at: null,
};
const alertList = (alerts: ReputationAlert[]) =>
  ReputationAlertList.parse({ alerts, total: alerts.length, open: alerts.length, page: 1, per_page: 10 });

function routes(over: Record<string, Route> = {}): Record<string, Route> {
  return {
    "GET /api/auth/me": { body: ME },
    "GET /api/reputation/overview": { body: overview() },
    "GET /api/reputation/history": (req) =>
      req.query.get("kind") === "inbox"
        ? { body: history("inbox", inbox.id, inbox.label) }
        : { body: history("domain", "acme.test", "acme.test") },
    "GET /api/reputation/alerts": { body: alertList([alert]) },
    "GET /api/reputation/backfill": { body: idle },
    ...over,
  };
}

describe("/reputation-center", () => {
  it("asks its question and shows the subjects worst first, the picked subject's history, the alerts and the formula", async () => {
    const api = mockServer(routes());
    renderSignedIn(<ReputationCenterPage />, { path: "/reputation-center" });
    expect(await screen.findByText("How has each domain's and inbox's reputation moved, and has any crossed a threshold?")).toBeTruthy();
    const table = within(await screen.findByRole("table", { name: "Domains and inboxes" }));
    const rows = table.getAllByRole("row").slice(1);
    expect(rows.map((r) => r.getAttribute("aria-label"))).toEqual(["Domain acme.test", "Inbox sam@acme.test"]);
    expect(table.getByText("Listed: zen.spamhaus.org")).toBeTruthy();
    expect(table.getByText("-20")).toBeTruthy();
    expect(table.getByText("3.1 %")).toBeTruthy();
    // The first subject's history is drawn.
    await waitFor(() => expect(api.to("GET", "/api/reputation/history")[0]?.query.toString()).toBe("kind=domain&id=acme.test&days=30"));
    expect(await screen.findByLabelText("Reputation score of acme.test per day")).toBeTruthy();
    // Alerts with their message.
    const alerts = within(await screen.findByRole("list", { name: "Reputation alerts" }));
    expect(alerts.getByText(alert.message)).toBeTruthy();
    expect(alerts.getByText("Critical")).toBeTruthy();
    // The formula is explained.
    expect(screen.getByText(/bounces: 20 points at 2.0 % of sends/)).toBeTruthy();

    // Picking the inbox row loads its history.
    await userEvent.click(rows[1]!);
    await waitFor(() => expect(api.to("GET", "/api/reputation/history").some((c) => c.query.get("kind") === "inbox")).toBe(true));
    expect(await screen.findByLabelText("Reputation score of sam@acme.test per day")).toBeTruthy();
  });

  it("says how to get data when no inbox delivers", async () => {
    mockServer(routes({ "GET /api/reputation/overview": { body: overview({ subjects: [], total: 0, inboxes: 0, refreshed_at: null }) } }));
    renderSignedIn(<ReputationCenterPage />, { path: "/reputation-center" });
    expect(await screen.findByText("No inbox that delivers yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Connect an inbox" }).getAttribute("href")).toBe("/inboxes");
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("rebuilds the history as a job and shows its progress until it is done", async () => {
    let polls = 0;
    let posted = false;
    const api = mockServer(
      routes({
        "POST /api/reputation/backfill": () => {
          posted = true;
          return { status: 202, body: { ...idle, status: "queued", days: 60 } };
        },
        "GET /api/reputation/backfill": () => {
          if (!posted) return { body: idle };
          polls++;
          return {
            body:
              polls < 2
                ? { ...idle, status: "running", days: 60, done_days: 21 }
                : { ...idle, status: "done", days: 60, done_days: 60, finished_at: "2026-11-24T12:00:00.000Z" },
          };
        },
      }),
    );
    renderSignedIn(<ReputationCenterPage />, { path: "/reputation-center" });
    await screen.findByRole("table", { name: "Domains and inboxes" });
    await userEvent.click(screen.getByRole("combobox", { name: /^Rebuild/ }));
    await userEvent.click(screen.getByRole("option", { name: "Last 60 days" }));
    await userEvent.click(screen.getByRole("button", { name: "Rebuild history from events" }));
    expect(api.to("POST", "/api/reputation/backfill")[0]?.body).toEqual({ days: 60 });
    expect(await screen.findByText("Rebuilding history: 21 of 60 days", {}, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText(/Last rebuilt .* \(60 days\)/, {}, { timeout: 5000 })).toBeTruthy();
  });

  it("shows a refused rebuild's reason and hides the actions from someone who may only read", async () => {
    mockServer(
      routes({
        "POST /api/reputation/backfill": {
          status: 409,
          body: { detail: "A rebuild of the history is already running: wait for it to finish", code: "REPUTATION_BACKFILL_RUNNING" },
        },
      }),
    );
    const view = renderSignedIn(<ReputationCenterPage />, { path: "/reputation-center" });
    await screen.findByRole("table", { name: "Domains and inboxes" });
    await userEvent.click(screen.getByRole("button", { name: "Rebuild history from events" }));
    expect(await screen.findByText("A rebuild of the history is already running: wait for it to finish")).toBeTruthy();
    view.unmount();

    mockServer(routes({ "GET /api/auth/me": { body: me({ role: "viewer", permissions: ["campaigns:read"] }) } }));
    renderSignedIn(<ReputationCenterPage />, { path: "/reputation-center" });
    await screen.findByRole("table", { name: "Domains and inboxes" });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Rebuild history from events" })).toBeNull());
    expect(screen.queryByRole("button", { name: "Refresh now" })).toBeNull();
  });
});
