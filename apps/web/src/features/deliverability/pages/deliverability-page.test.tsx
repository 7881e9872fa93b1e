import type { DeliverabilityOverview, DomainCheck, HeaderAnalysis, InboxDeliverability, RefreshRun } from "@prospector/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockServer, renderSignedIn, uuid } from "../../../test/kit.ts";
import DeliverabilityEnhancedPage from "./deliverability-enhanced-page.tsx";
import DeliverabilityPage from "./deliverability-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const NOW = new Date().toISOString();
const check = (kind: string, status: DomainCheck["status"], over: Partial<DomainCheck> = {}): DomainCheck => ({
  domain: "acme.test",
  kind,
  status,
  summary: `${kind} summary`,
  found: null,
  fix: null,
  checked_at: NOW,
  ...over,
});
const dmarcMissing = check("dmarc", "fail", {
  summary: "No DMARC record at _dmarc.acme.test",
  fix: {
    name: "_dmarc.acme.test",
    type: "TXT",
    value: "v=DMARC1; p=quarantine; rua=mailto:dmarc-reports@acme.test; adkim=r; aspf=r; pct=100",
  },
});
const run = (over: Partial<RefreshRun> = {}): RefreshRun => ({
  id: uuid(),
  status: "done",
  total: 1,
  done: 1,
  error: null,
  created_at: NOW,
  finished_at: NOW,
  ...over,
});
const inbox = (over: Partial<InboxDeliverability> = {}): InboxDeliverability => ({
  id: uuid(),
  email: "ana@acme.test",
  domain: "acme.test",
  status: "healthy",
  status_reason: null,
  sent: 100,
  bounces: { count: 3, rate: 0.03, status: "warn", summary: "3.0 % bounced: keep it under 2.0 %" },
  complaints: { count: 1, rate: 0.01, status: "fail", summary: "1.0 % marked as spam" },
  warmup: { enabled: true, started_at: NOW, day: 3, today_limit: 25, daily_limit: 100, days_to_full: 15 },
  sent_today: 12,
  campaigns: { total: 1, tracking: 1 },
  ...over,
});
const overview = (over: Partial<DeliverabilityOverview> = {}): DeliverabilityOverview => ({
  domains: [
    {
      domain: "acme.test",
      inboxes: ["ana@acme.test"],
      checks: [check("spf", "pass", { found: "v=spf1 mx -all" }), check("dkim", "pass"), dmarcMissing, check("mx", "pass")],
      dkim_selector: null,
      checked_at: NOW,
      stale: false,
    },
  ],
  inboxes: [inbox()],
  inbox_total: 1,
  page: 1,
  per_page: 50,
  one_click: {
    status: "fail",
    summary: "Its link points at http://localhost:8000",
    tracking_url: "http://localhost:8000",
    headers_added: true,
  },
  thresholds: { window_days: 30, min_sends: 20, complaint_max: 0.003, complaint_target: 0.001, bounce_max: 0.02, bounce_pause: 0.05 },
  ttl_seconds: 21600,
  run: run(),
  ...over,
});

describe("/deliverability", () => {
  it("shows each domain's checks with the record to publish, and each inbox against the thresholds", async () => {
    mockServer({ "GET /api/deliverability": { body: overview() } });
    renderSignedIn(<DeliverabilityPage />, { path: "/deliverability" });
    expect(screen.getByRole("heading", { name: "Will my mail reach the inbox, and what must I fix?" })).toBeTruthy();
    const domain = await screen.findByRole("region", { name: "Domain acme.test" });
    expect(within(domain).getByText(/checked just now/)).toBeTruthy();
    const dmarc = within(domain).getByLabelText("DMARC check");
    expect(within(dmarc).getByText("Fail")).toBeTruthy();
    const fix = within(dmarc).getByTestId("fix-record");
    expect(within(fix).getByText("_dmarc.acme.test")).toBeTruthy();
    expect(within(fix).getByText("v=DMARC1; p=quarantine; rua=mailto:dmarc-reports@acme.test; adkim=r; aspf=r; pct=100")).toBeTruthy();
    expect(within(within(domain).getByLabelText("SPF check")).getByText("Found: v=spf1 mx -all")).toBeTruthy();
    expect(screen.getByText(/1 check failing/)).toBeTruthy();
    expect(screen.getByText(/http:\/\/localhost:8000/)).toBeTruthy();

    const row = within(screen.getByRole("row", { name: "ana@acme.test" }));
    expect(row.getByText("3 %: Warning")).toBeTruthy();
    expect(row.getByText("1 %: Fail")).toBeTruthy();
    expect(row.getByText("Day 4: 25 of 100/day")).toBeTruthy();
    expect(row.getByText("12 / 25")).toBeTruthy();
    expect(screen.getByText("Spam complaints (under 0.3 %, aim 0.1 %)")).toBeTruthy();
  });

  it("re-checks with visible progress and turns the check green when the run is done", async () => {
    const running = run({ status: "running", total: 1, done: 0, finished_at: null });
    let state: "before" | "running" | "after" = "before";
    const fixed = overview({ run: { ...running, status: "done", done: 1 } });
    fixed.domains[0]!.checks[2] = check("dmarc", "pass", { summary: "DMARC p=quarantine, with aggregate reports." });
    const api = mockServer({
      "GET /api/deliverability": () => {
        if (state === "running") {
          state = "after";
          return { body: overview({ run: running }) };
        }
        return { body: state === "after" ? fixed : overview() };
      },
      "POST /api/deliverability/refresh": () => {
        state = "running";
        return { status: 202, body: running };
      },
    });
    renderSignedIn(<DeliverabilityPage />, { path: "/deliverability" });
    await screen.findByRole("region", { name: "Domain acme.test" });
    await userEvent.click(screen.getByRole("button", { name: "Re-check" }));
    expect(await screen.findByText("Checking DNS: 0 of 1 domain done")).toBeTruthy();
    await waitFor(() => expect(within(screen.getByLabelText("DMARC check")).getByText("Pass")).toBeTruthy(), { timeout: 5000 });
    expect(screen.queryByTestId("fix-record")).toBeNull();
    expect(api.to("POST", "/api/deliverability/refresh")).toHaveLength(1);
  });

  it("says how to get data when no inbox sends yet", async () => {
    mockServer({ "GET /api/deliverability": { body: overview({ domains: [], inboxes: [], inbox_total: 0, run: null }) } });
    renderSignedIn(<DeliverabilityPage />, { path: "/deliverability" });
    expect(await screen.findByText("No sending inbox yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Connect an inbox" }).getAttribute("href")).toBe("/inboxes");
    expect(screen.queryByRole("button", { name: "Re-check" })).toBeNull();
  });

  it("saves a DKIM selector and shows a refused one's reason", async () => {
    const body = overview();
    body.domains[0]!.checks[1] = check("dkim", "fail", { summary: "No DKIM key at the selectors tried" });
    const api = mockServer({
      "GET /api/deliverability": { body },
      "PUT /api/deliverability/domains/acme.test/dkim-selector": (req) =>
        (req.body as { selector: string }).selector === "bad selector"
          ? {
              status: 422,
              body: {
                detail: "Invalid input",
                code: "VALIDATION_FAILED",
                errors: [{ field: "selector", message: "A selector is a DNS label such as s1 or google" }],
              },
            }
          : { status: 202, body: run({ status: "queued", finished_at: null, done: 0 }) },
    });
    renderSignedIn(<DeliverabilityPage />, { path: "/deliverability" });
    const field = await screen.findByLabelText("Your DKIM selector");
    await userEvent.type(field, "bad selector");
    await userEvent.click(screen.getByRole("button", { name: "Save and check" }));
    expect(await screen.findByText("A selector is a DNS label such as s1 or google")).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, "pm");
    await userEvent.click(screen.getByRole("button", { name: "Save and check" }));
    await waitFor(() =>
      expect(api.to("PUT", "/api/deliverability/domains/acme.test/dkim-selector").at(-1)?.body).toEqual({ selector: "pm" }),
    );
  });
});

const analysis: HeaderAnalysis = {
  headers: [{ name: "From", value: "ana@acme.test" }],
  from_domain: "acme.test",
  results: [
    {
      source: "Authentication-Results",
      by: "mx.google.com",
      method: "spf",
      result: "softfail",
      status: "warn",
      properties: {},
      meaning: "The SPF record of acme.test does not list this server but asks for leniency",
    },
    {
      source: "Authentication-Results",
      by: "mx.google.com",
      method: "dmarc",
      result: "fail",
      status: "fail",
      properties: {},
      meaning: "Neither SPF nor DKIM passed for a domain aligned with acme.test",
    },
  ],
  alignment: {
    spf_domain: "acme.test",
    dkim_domains: [],
    spf_aligned: false,
    dkim_aligned: null,
    meaning: "Not aligned: SPF ended in softfail",
  },
  verdict: { status: "fail", summary: "Neither SPF nor DKIM passed for a domain aligned with acme.test" },
  notes: [],
};

describe("/deliverability/enhanced", () => {
  it("shows blocklist answers, says when nothing was sent, and explains pasted headers", async () => {
    const api = mockServer({
      "GET /api/deliverability/blocklists": {
        body: {
          ip_zones: ["zen.spamhaus.org", "bl.spamcop.net"],
          domain_zones: [],
          domains: [
            {
              domain: "acme.test",
              hosts: [{ host: "smtp.acme.test", ips: [] }],
              checks: [
                check("blocklist:zen.spamhaus.org", "fail", { summary: "Listed on zen.spamhaus.org: 192.0.2.1." }),
                check("blocklist:bl.spamcop.net", "unknown", {
                  summary: "Could not ask bl.spamcop.net: the DNS server did not answer in time.",
                }),
              ],
            },
          ],
          run: run(),
        },
      },
      "GET /api/deliverability/trends": {
        body: {
          days: 30,
          domains: ["acme.test"],
          series: [
            {
              date: "2026-11-24",
              domain: "acme.test",
              sent: 0,
              bounces: 0,
              complaints: 0,
              bounce_rate: 0,
              complaint_rate: 0,
              checks: { spf: "pass", dkim: "pass", dmarc: "fail", mx: "pass", "blocklist:zen.spamhaus.org": "fail" },
            },
          ],
        },
      },
      "GET /api/deliverability/messages": { body: { items: [], total: 0, page: 1, per_page: 10 } },
      "POST /api/deliverability/headers": (req) =>
        (req.body as { raw: string }).raw.includes(":")
          ? { body: analysis }
          : {
              status: 422,
              body: {
                detail: "No mail headers found",
                code: "DELIVERABILITY_HEADERS_INVALID",
                errors: [{ field: "raw", message: "No header lines (Name: value) found" }],
              },
            },
    });
    renderSignedIn(<DeliverabilityEnhancedPage />, { path: "/deliverability/enhanced" });
    expect(
      screen.getByRole("heading", {
        name: "Is any sending domain blocklisted, how has deliverability moved, and what did receivers make of my last message?",
      }),
    ).toBeTruthy();
    const lists = await screen.findByRole("region", { name: "Blocklists for acme.test" });
    expect(within(lists).getByText("Listed: Fail")).toBeTruthy();
    expect(within(lists).getByText("Unknown")).toBeTruthy();
    expect(within(lists).getByText(/did not answer in time/)).toBeTruthy();

    expect(await screen.findByText(/Nothing sent from acme.test in the last 30 days/)).toBeTruthy();
    const history = within(screen.getByRole("table", { name: "Check history for acme.test" }));
    expect(history.getByText("2026-11-24")).toBeTruthy();
    expect(history.getAllByText("Fail")).toHaveLength(2);

    const box = screen.getByLabelText("Message headers");
    await userEvent.type(box, "no headers here");
    await userEvent.click(screen.getByRole("button", { name: "Explain these headers" }));
    expect(await screen.findByText("No header lines (Name: value) found")).toBeTruthy();
    await userEvent.clear(box);
    await userEvent.type(box, "From: ana@acme.test");
    await userEvent.click(screen.getByRole("button", { name: "Explain these headers" }));
    const results = within(await screen.findByRole("table", { name: "Authentication results" }));
    expect(results.getByText("softfail")).toBeTruthy();
    expect(results.getByText(/asks for leniency/)).toBeTruthy();
    expect(screen.getByText("Not aligned: SPF ended in softfail")).toBeTruthy();
    expect(api.to("POST", "/api/deliverability/headers")).toHaveLength(2);

    await userEvent.click(screen.getByRole("tab", { name: "Local mailbox" }));
    expect(await screen.findByText(/The local mailbox is empty/)).toBeTruthy();
  });
});
