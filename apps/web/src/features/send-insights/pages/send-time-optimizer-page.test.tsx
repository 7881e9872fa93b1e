import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { campaign, ME, me, mockServer, renderSignedIn } from "../../../test/kit.ts";
import { BEST, cacheInfo, preview, sendTime } from "../test/send-insights-builders.ts";
import SendTimeOptimizerPage from "./send-time-optimizer-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const PATH = "/send-time-optimizer";
const data = sendTime(
  [
    [2, 10, 30, 12, 6],
    [3, 10, 30, 10, 6],
    [2, 15, 30, 4, 1],
    [4, 8, 3, 1, 0],
  ],
  { best: BEST, best_missing: null },
);
const autumn = campaign({ id: "018f0000-0000-7000-8000-000000000777", name: "Autumn push" });
const list = { campaigns: [autumn], total: 1, page: 1, per_page: 50, total_pages: 1 };

describe("/send-time-optimizer", () => {
  it("shows the best block with its evidence, the heatmap with 'not enough data' cells, and where zones came from", async () => {
    const s = mockServer({ "GET /api/auth/me": { body: ME }, "GET /api/send-insights/send-time": { body: data } });
    renderSignedIn(<SendTimeOptimizerPage />, { path: PATH });
    expect(
      await screen.findByRole("heading", { name: "At what hour, in their own time zone, do my recipients open and reply?" }),
    ).toBeTruthy();
    expect(
      await screen.findByText(/Best: Tue, Wed, 10:00–14:00 recipient time — 20% replied \(95% interval 12%–32%\) vs 10% overall/),
    ).toBeTruthy();
    expect(screen.getByText(/12 replies on 60 sends/)).toBeTruthy();
    const grid = screen.getByRole("grid", { name: /Rate per send \(replied\)/ });
    expect(within(grid).getByRole("gridcell", { name: /Tue 10:00 — 20% replied \(6 of 30 sends; 95% interval 15%–25%\)/ })).toBeTruthy();
    const thin = within(grid).getByRole("gridcell", { name: "Thu 08:00 — not enough data: 3 sends (at least 20 needed)" });
    expect(thin.getAttribute("data-enough")).toBe("false");
    expect(screen.getByText(/31 of 40 leads placed from their own data/)).toBeTruthy();
    expect(screen.getByText(/6 with no country, city or time zone on the lead; 3 with a country with several time zones/)).toBeTruthy();
    expect(screen.getByText("Europe/Berlin · 20")).toBeTruthy();
    const hours = screen.getByRole("table", { name: "Hour by hour" });
    const eight = within(hours).getByText("08:00").closest("tr")!;
    expect(within(eight).getByText("not enough data")).toBeTruthy();
    expect(s.to("GET", "/api/send-insights/send-time")[0]!.query.get("metric")).toBe("reply");

    await userEvent.click(screen.getByRole("button", { name: "Opens" }));
    await waitFor(() => expect(s.to("GET", "/api/send-insights/send-time").at(-1)!.query.get("metric")).toBe("open"));
  });

  it("says how old the stored answer is, and Refresh recomputes it with progress until the new one is there", async () => {
    const computed = new Date(Date.now() - 4 * 60_000).toISOString();
    let phase = 0;
    const states = [
      cacheInfo({ computed_at: computed, stale: true }),
      cacheInfo({
        computed_at: computed,
        refresh: { status: "running", progress: 40, step: "Counting sends", error: null, requested_at: computed },
      }),
      cacheInfo({ computed_at: new Date().toISOString() }),
    ];
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/send-insights/send-time": () => ({ body: { ...data, cache: states[Math.min(phase, 2)] } }),
      "POST /api/send-insights/send-time/recompute": () => {
        phase = 1;
        return { status: 202, body: states[1] };
      },
    });
    renderSignedIn(<SendTimeOptimizerPage />, { path: PATH });
    expect(await screen.findByText(/Computed 4 minutes ago .*newer sends or events arrived/)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Refresh" }));
    expect(await screen.findByText(/Counting sends — the answer below stays/)).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: "Recompute progress" }).getAttribute("aria-valuenow")).toBe("40");
    expect(s.to("POST", "/api/send-insights/send-time/recompute")[0]!.body).toEqual({ days: 180 });
    phase = 2;
    expect(await screen.findByText(/Computed just now/, {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByRole("progressbar", { name: "Recompute progress" })).toBeNull();
  });

  it("says how to get data when nothing was sent", async () => {
    mockServer({ "GET /api/auth/me": { body: ME }, "GET /api/send-insights/send-time": { body: sendTime([]) } });
    renderSignedIn(<SendTimeOptimizerPage />, { path: PATH });
    expect(await screen.findByText("No delivered sends in the last 180 days")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to campaigns" }).getAttribute("href")).toBe("/campaigns");
    expect(screen.queryByRole("grid")).toBeNull();
  });

  it("previews what changes in the chosen campaign, then applies it with the previewed schedule", async () => {
    const shown = preview();
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/send-insights/send-time": { body: data },
      "GET /api/campaigns/": { body: list },
      "POST /api/send-insights/send-time/preview": { body: shown },
      "POST /api/send-insights/send-time/apply": { body: { ...shown, applied_at: "2026-11-24T10:05:00.000Z" } },
    });
    renderSignedIn(<SendTimeOptimizerPage />, { path: PATH });
    await userEvent.click(await screen.findByRole("combobox", { name: "Campaign" }));
    await userEvent.click(await screen.findByRole("option", { name: "Autumn push (Draft)" }));
    const table = await screen.findByRole("table", { name: "What will change" });
    expect(within(table).getByText("Europe/Berlin (changes)")).toBeTruthy();
    expect(within(table).getByText("Tue, Wed (changes)")).toBeTruthy();
    expect(screen.getByText(/8 of its 10 leads are in Europe\/Berlin/)).toBeTruthy();
    expect(s.to("POST", "/api/send-insights/send-time/preview")[0]!.body).toEqual({
      campaign_id: autumn.id,
      days: 180,
      metric: "reply",
      block_hours: 4,
      timezone_mode: "recipients",
    });
    await userEvent.click(screen.getByRole("button", { name: "Apply to campaign" }));
    await waitFor(() => expect(s.to("POST", "/api/send-insights/send-time/apply")).toHaveLength(1));
    expect(s.to("POST", "/api/send-insights/send-time/apply")[0]!.body).toMatchObject({ campaign_id: autumn.id, expected: shown.proposed });
    expect(await screen.findByText('"Autumn push" now sends 10:00–14:00 Europe/Berlin')).toBeTruthy();
  });

  it("explains why a campaign cannot take the window, and offers no apply", async () => {
    mockServer({
      "GET /api/auth/me": { body: me({ permissions: ["analytics:read", "campaigns:read"], role: "viewer" }) },
      "GET /api/send-insights/send-time": { body: data },
      "GET /api/campaigns/": { body: list },
      "POST /api/send-insights/send-time/preview": {
        body: preview({ editable: false, not_editable_reason: "The campaign is completed: its schedule can no longer change." }),
      },
    });
    renderSignedIn(<SendTimeOptimizerPage />, { path: PATH });
    await userEvent.click(await screen.findByRole("combobox", { name: "Campaign" }));
    await userEvent.click(await screen.findByRole("option", { name: "Autumn push (Draft)" }));
    expect(await screen.findByText("The campaign is completed: its schedule can no longer change.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Apply to campaign" })).toBeNull();
  });

  it("shows the server's refusal when there is not enough data to pick hours", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/send-insights/send-time": { body: data },
      "GET /api/campaigns/": { body: list },
      "POST /api/send-insights/send-time/preview": {
        status: 409,
        body: { code: "SEND_TIME_NOT_ENOUGH_DATA", detail: "Not enough data to pick the best hours: No weekday has 20 sends yet." },
      },
    });
    renderSignedIn(<SendTimeOptimizerPage />, { path: PATH });
    await userEvent.click(await screen.findByRole("combobox", { name: "Campaign" }));
    await userEvent.click(await screen.findByRole("option", { name: "Autumn push (Draft)" }));
    expect(await screen.findByText(/No weekday has 20 sends yet/)).toBeTruthy();
  });
});
