import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ME, mockServer, renderSignedIn, scrapingJob } from "../../../test/kit.ts";
import DiscoveryPage from "./discovery-page.tsx";

afterEach(() => vi.unstubAllGlobals());

// The data grid and MUI dialogs are slow to render in jsdom on a busy machine: give each test room.
const HEAVY_RENDER_MS = 60_000;

const configured = [
  { source: "website", configured: true, hint: null },
  { source: "google_maps", configured: false, hint: "Set GOOGLE_PLACES_API_KEY to a Google Places API key." },
  { source: "linkedin", configured: true, hint: null },
];

function server(extra: Parameters<typeof mockServer>[0] = {}) {
  return mockServer({
    "GET /api/auth/me": { body: ME },
    "GET /api/leads/scraping-sources": { body: configured },
    "GET /api/leads/scraping-jobs/": { body: [], headers: { "x-total-count": "0" } },
    ...extra,
  });
}

describe("/discovery", { timeout: HEAVY_RENDER_MS }, () => {
  it("checks the website form before sending and starts a crawl with the contract's body", async () => {
    const s = server({
      "POST /api/leads/scrape/website": (req) => ({ status: 202, body: scrapingJob({ parameters: req.body as Record<string, unknown> }) }),
    });
    renderSignedIn(<DiscoveryPage />, { path: "/discovery" });
    await userEvent.click(await screen.findByRole("button", { name: "Crawl website" }));
    expect(await screen.findByText("Enter a web address")).toBeTruthy();

    await userEvent.type(screen.getByLabelText("Website"), "orbit.example");
    await userEvent.clear(screen.getByLabelText("Pages at most"));
    await userEvent.type(screen.getByLabelText("Pages at most"), "500");
    await userEvent.click(screen.getByRole("button", { name: "Crawl website" }));
    expect(await screen.findByText("At most 100 pages")).toBeTruthy();
    expect(s.to("POST", "/api/leads/scrape/website")).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText("Pages at most"));
    await userEvent.type(screen.getByLabelText("Pages at most"), "5");
    await userEvent.click(screen.getByRole("button", { name: "Crawl website" }));
    await waitFor(() => expect(s.to("POST", "/api/leads/scrape/website")).toHaveLength(1));
    expect(s.to("POST", "/api/leads/scrape/website")[0]!.body).toEqual({ url: "https://orbit.example", max_pages: 5 });
  });

  it("shows which sources are configured and explains how to configure the others", async () => {
    server();
    renderSignedIn(<DiscoveryPage />, { path: "/discovery" });
    const chips = await screen.findByLabelText("Configured sources");
    expect(within(chips).getByText("Website: ready")).toBeTruthy();
    expect(within(chips).getByText("Google Maps: not configured")).toBeTruthy();
    await userEvent.click(screen.getByRole("tab", { name: "Google Maps" }));
    expect(screen.getByText("Google Maps is not configured on this server")).toBeTruthy();
    expect(screen.getByText("Set GOOGLE_PLACES_API_KEY to a Google Places API key.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Search Google Maps" }).hasAttribute("disabled")).toBe(true);
  });

  it("shows the server's refusal when a source turns out not to be configured", async () => {
    server({
      "GET /api/leads/scraping-sources": { status: 404, body: { detail: "Not found", code: "ROUTE_NOT_FOUND" } },
      "POST /api/leads/scrape/google-maps": {
        status: 400,
        body: { code: "SOURCE_NOT_CONFIGURED", detail: "Google Maps (Google Places API) is not configured. Set GOOGLE_PLACES_API_KEY." },
      },
    });
    renderSignedIn(<DiscoveryPage />, { path: "/discovery" });
    await userEvent.click(await screen.findByRole("tab", { name: "Google Maps" }));
    await userEvent.type(screen.getByLabelText("Search for"), "dentists");
    await userEvent.click(screen.getByRole("button", { name: "Search Google Maps" }));
    expect(await screen.findByText("Google Maps (Google Places API) is not configured. Set GOOGLE_PLACES_API_KEY.")).toBeTruthy();
  });

  it("puts a refused address next to the website field", async () => {
    server({
      "POST /api/leads/scrape/website": {
        status: 400,
        body: {
          code: "URL_NOT_ALLOWED",
          detail: "This address cannot be fetched",
          errors: [{ field: "url", message: "127.0.0.1 is a private address" }],
        },
      },
    });
    renderSignedIn(<DiscoveryPage />, { path: "/discovery" });
    await userEvent.type(await screen.findByLabelText("Website"), "http://127.0.0.1");
    await userEvent.click(screen.getByRole("button", { name: "Crawl website" }));
    expect(await screen.findByText("127.0.0.1 is a private address")).toBeTruthy();
    expect(screen.getByLabelText("Website").getAttribute("aria-invalid")).toBe("true");
  });

  it("refuses LinkedIn addresses that are not linkedin.com", async () => {
    const s = server();
    renderSignedIn(<DiscoveryPage />, { path: "/discovery" });
    await userEvent.click(await screen.findByRole("tab", { name: "LinkedIn" }));
    await userEvent.click(screen.getByLabelText("Profile URLs"));
    await userEvent.type(screen.getByRole("textbox", { name: "Profile URLs" }), "https://example.com/in/ada");
    await userEvent.click(screen.getByRole("button", { name: "Fetch from LinkedIn" }));
    expect(await screen.findByText("Must be a linkedin.com URL")).toBeTruthy();
    expect(s.to("POST", "/api/leads/scrape/linkedin")).toHaveLength(0);
  });

  it("lists jobs with their progress and cancels a running one", async () => {
    const running = scrapingJob({ status: "running", progress: 40 });
    const s = server({
      "GET /api/leads/scraping-jobs/": { body: [running], headers: { "x-total-count": "1" } },
      [`DELETE /api/leads/scraping-jobs/${running.id}`]: { body: { ...running, status: "cancelled" } },
    });
    renderSignedIn(<DiscoveryPage />, { path: "/discovery" });
    const card = await screen.findByRole("article", { name: "Website job" });
    expect(within(card).getByText("https://orbit.example")).toBeTruthy();
    expect(within(card).getByRole("progressbar", { name: "Job progress" }).getAttribute("aria-valuenow")).toBe("40");
    expect(within(card).getByLabelText("Job counts").textContent).toContain("2 created · 1 duplicates skipped");
    await userEvent.click(within(card).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(s.to("DELETE", `/api/leads/scraping-jobs/${running.id}`)).toHaveLength(1));
  });
});
