import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ME, me, mockServer, renderSignedIn } from "../../../test/kit.ts";
import { domain, figures, job, providers } from "../test/send-insights-builders.ts";
import ProviderIntelligencePage from "./provider-intelligence-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const PATH = "/provider-intelligence";
const gmail = figures("gmail", "Gmail / Google Workspace", {
  leads: 50,
  domains: 4,
  sent: 200,
  delivered: 190,
  opened: 95,
  clicked: 19,
  replied: 19,
  bounced: 10,
  open_rate: 0.5,
  click_rate: 0.1,
  reply_rate: 0.1,
  bounce_rate: 0.05,
  reply: { rate: 0.1, low: 0.065, high: 0.151 },
});
const microsoft = figures("microsoft", "Outlook / Microsoft 365", {
  leads: 20,
  domains: 2,
  sent: 80,
  delivered: 80,
  opened: 8,
  replied: 2,
  open_rate: 0.1,
  click_rate: 0,
  reply_rate: 0.025,
  bounce_rate: 0,
  reply: { rate: 0.025, low: 0.007, high: 0.087 },
});
const unknown = figures("unknown", "Unknown", { leads: 3, domains: 3 });
const page = (items: ReturnType<typeof domain>[], total = items.length) => ({ items, total, page: 1, per_page: 20 });

describe("/provider-intelligence", () => {
  it("shows results per provider with rate bars, the lookup state, and the domains behind them", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/send-insights/providers": { body: providers([gmail, microsoft, unknown]) },
      "GET /api/send-insights/providers/lookup-jobs/latest": { body: null },
      "GET /api/send-insights/providers/domains": {
        body: page(
          [
            domain("acme.com", { leads: 30 }),
            domain("slow.example", {
              provider: "unknown",
              status: "error",
              mx_hosts: [],
              error: "DNS did not answer for slow.example in time (timeout)",
            }),
          ],
          45,
        ),
      },
    });
    renderSignedIn(<ProviderIntelligencePage />, { path: PATH });
    expect(
      await screen.findByRole("heading", { name: "How does my mail do at Gmail, Outlook, Yahoo and company mail servers?" }),
    ).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Results by mailbox provider" });
    const row = within(table).getByText("Gmail / Google Workspace").closest("tr")!;
    expect(within(row).getByText("50%")).toBeTruthy();
    expect(within(row).getByText("5.0%")).toBeTruthy();
    expect(within(row).getByText("4 domains")).toBeTruthy();
    expect(within(table).getByText("Outlook / Microsoft 365")).toBeTruthy();
    expect(screen.getByText(/8 of 12 email domains classified · 3 not looked up yet · 1 unknown/)).toBeTruthy();
    const domains = await screen.findByRole("table", { name: "Email domains" });
    expect(within(domains).getByText("acme.com")).toBeTruthy();
    expect(within(domains).getByText("DNS did not answer for slow.example in time (timeout)")).toBeTruthy();
    expect(screen.getByText("1–20 of 45")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Go to next page" }));
    await waitFor(() => expect(s.to("GET", "/api/send-insights/providers/domains").at(-1)!.query.get("page")).toBe("2"));
  });

  it("refreshes the lookups as a job with a progress bar and reloads the figures when it ends", async () => {
    let polls = 0;
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/send-insights/providers": { body: providers([gmail, unknown]) },
      "GET /api/send-insights/providers/lookup-jobs/latest": { body: null },
      "GET /api/send-insights/providers/domains": { body: page([domain("acme.com")]) },
      "POST /api/send-insights/providers/refresh": { status: 202, body: job({ status: "running", total: 12, processed: 3, progress: 25 }) },
      [`GET /api/send-insights/providers/lookup-jobs/${job().id}`]: () => {
        polls++;
        if (polls === 1) return { body: job({ status: "running", total: 12, processed: 3, progress: 25 }) };
        return {
          body: job({
            status: "completed",
            total: 12,
            processed: 12,
            classified: 11,
            unresolved: 1,
            progress: 100,
            finished_at: "2026-11-24T10:01:00.000Z",
          }),
        };
      },
    });
    renderSignedIn(<ProviderIntelligencePage />, { path: PATH });
    await userEvent.click(await screen.findByRole("button", { name: "Refresh provider lookups" }));
    expect(s.to("POST", "/api/send-insights/providers/refresh")[0]!.body).toEqual({ force: false });
    expect(await screen.findByText("3 of 12 domains looked up (25%)")).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: "Lookup progress" })).toBeTruthy();
    await waitFor(() => expect(polls).toBeGreaterThan(1), { timeout: 5000 });
    await waitFor(() => expect(s.to("GET", "/api/send-insights/providers").length).toBeGreaterThan(1));
  });

  it("says how to get data when there are no leads, and a reader cannot start lookups", async () => {
    mockServer({
      "GET /api/auth/me": { body: me({ permissions: ["analytics:read"], role: "analyst" }) },
      "GET /api/send-insights/providers": {
        body: providers([], { lookups: { domains: 0, classified: 0, pending: 0, unresolved: 0, last_checked_at: null } }),
      },
      "GET /api/send-insights/providers/lookup-jobs/latest": { body: null },
    });
    renderSignedIn(<ProviderIntelligencePage />, { path: PATH });
    expect(await screen.findByText("No leads with an email address yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to leads" }).getAttribute("href")).toBe("/leads");
    expect(screen.getByRole("button", { name: "Refresh provider lookups" }).hasAttribute("disabled")).toBe(true);
  });
});
