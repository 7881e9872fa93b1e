import { afterEach, describe, expect, it, vi } from "vitest";
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
    const urls: string[] = [];
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        urls.push(url);
        const json = (body: unknown, status = 200) =>
          new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
        if (url.startsWith("/api/leads/")) return json([{ id: "l1", first_name: "Ada", last_name: "Lovelace", company_name: "Acme" }]);
        // The campaign list answers {campaigns, total, page, per_page, total_pages} (outreach-core §3).
        if (url.startsWith("/api/campaigns/"))
          return json({
            campaigns: [{ id: "c1", name: "Acme launch", subject_line: "Hi", status: "draft", total_leads: 3 }],
            total: 1,
            page: 1,
            per_page: 5,
            total_pages: 1,
          });
        if (url.startsWith("/api/crm/deals/")) return json({ not: "a list" });
        if (url.startsWith("/api/crm/tasks/")) throw new TypeError("Failed to fetch");
        return json({ detail: "No route" }, 404);
      }),
    );
    const results = await searchAll("acme");
    expect(urls.sort()).toEqual(
      ["/api/campaigns/", "/api/crm/customers/", "/api/crm/deals/", "/api/crm/interactions/", "/api/crm/tasks/", "/api/leads/"].map(
        (p) => `${p}?search=acme&limit=5${p === "/api/campaigns/" ? "&per_page=5" : ""}`,
      ),
    );
    expect(results.map((x) => [x.type, x.title, x.url])).toEqual([
      ["lead", "Ada Lovelace", "/leads?selected=l1"],
      ["campaign", "Acme launch", "/campaigns/c1"],
    ]);
  });

  it("does not search for a blank query", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    expect(await searchAll("   ")).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
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
