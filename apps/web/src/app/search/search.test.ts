import { afterEach, describe, expect, it, vi } from "vitest";
import { campaign, lead, listBody, mockServer, uuid } from "../../test/kit.ts";
import { addRecentSearch, RECENT_SHOWN, readRecentSearches } from "./recent-searches.ts";
import { rankResults, type SearchResult } from "./search-ranking.ts";
import { searchAll } from "./search-sources.ts";

const r = (title: string, subtitle?: string): SearchResult => ({
  id: title,
  type: "lead",
  title,
  subtitle,
  url: `/leads?selected=${title}`,
});

describe("rankResults", () => {
  it("orders exact title, title prefix, title contains, subtitle contains, then the rest; ties alphabetical", () => {
    const ranked = rankResults(
      [r("Zeta", "acme corp"), r("Big Acme"), r("Acme Labs"), r("acme"), r("Other"), r("Alpha", "ACME"), r("Acme Bank")],
      "  Acme ",
    );
    expect(ranked.map((x) => x.title)).toEqual(["acme", "Acme Bank", "Acme Labs", "Big Acme", "Alpha", "Zeta", "Other"]);
  });
});

describe("searchAll", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("queries the six sources with search and limit=5 and keeps what answered", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const ada = lead({ id: uuid(1), first_name: "Ada", last_name: "Lovelace", company_name: "Acme" });
    const api = mockServer({
      "GET /api/leads/": { body: [ada] },
      // The campaign list answers {campaigns, total, page, per_page, total_pages} (outreach-core §3).
      "GET /api/campaigns/": { body: listBody([campaign({ id: uuid(2), name: "Acme launch", total_leads: 3 })], 1, 1, 5) },
      // Sources whose API does not exist yet: an answer of another shape, a network failure, 404s.
      "GET /api/crm/deals/": { body: { not: "a list" } },
      "GET /api/crm/tasks/": () => {
        throw new TypeError("Failed to fetch");
      },
    });
    const results = await searchAll("acme");
    expect(api.calls.map((c) => `${c.path}?${c.query}`).sort()).toEqual(
      ["/api/campaigns/", "/api/crm/customers/", "/api/crm/deals/", "/api/crm/interactions/", "/api/crm/tasks/", "/api/leads/"].map(
        (p) => `${p}?search=acme&limit=5${p === "/api/campaigns/" ? "&per_page=5" : ""}`,
      ),
    );
    expect(results.map((x) => [x.type, x.title, x.url])).toEqual([
      ["lead", "Ada Lovelace", `/leads?selected=${uuid(1)}`],
      ["campaign", "Acme launch", `/campaigns/${uuid(2)}`],
    ]);
  });

  it("does not search for a blank query", async () => {
    const api = mockServer({});
    expect(await searchAll("   ")).toEqual([]);
    expect(api.calls).toEqual([]);
  });
});

describe("recent searches", () => {
  it("keeps 10 newest first without duplicates or blanks", () => {
    for (let i = 1; i <= 12; i++) addRecentSearch(`q${i}`);
    addRecentSearch("  ");
    addRecentSearch("Q5");
    const recent = readRecentSearches();
    expect(recent).toHaveLength(10);
    expect(recent[0]).toBe("Q5");
    expect(recent.filter((q) => q.toLowerCase() === "q5")).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem("recentSearches")!)).toEqual(recent);
    expect(RECENT_SHOWN).toBe(5);
  });
});
