import type { CrmCustomer, CrmDeal, CrmInteraction, CrmTask } from "@prospector/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { campaign, lead, listBody, mockServer, uuid } from "../../test/kit.ts";
import { addRecentSearch, RECENT_SHOWN, RECENT_STORED, readRecentSearches } from "./recent-searches.ts";
import { rankResults, type SearchResult } from "./search-ranking.ts";
import { RESULTS_PER_SOURCE, SEARCH_SOURCES, searchAll } from "./search-sources.ts";

const r = (title: string, subtitle?: string): SearchResult => ({
  id: title,
  type: "lead",
  title,
  subtitle,
  url: `/leads?selected=${title}`,
});

const stamp = "2026-11-20T10:00:00.000Z";

const customer = (over: Partial<CrmCustomer> = {}): CrmCustomer => ({
  id: uuid(),
  name: "Customer",
  email: null,
  company: null,
  phone: null,
  owner_id: null,
  tags: [],
  notes: null,
  lead_id: null,
  created_at: stamp,
  updated_at: stamp,
  open_deals: 0,
  open_value: {},
  ...over,
});

const deal = (over: Partial<CrmDeal> = {}): CrmDeal => ({
  id: uuid(),
  name: "Deal",
  value: 0,
  currency: "USD",
  stage: "Qualified",
  stage_id: uuid(),
  status: "open",
  description: null,
  owner_id: null,
  probability: null,
  effective_probability: 20,
  expected_close_date: null,
  customer_id: null,
  customer_name: null,
  lead_id: null,
  source_campaign_id: null,
  position: 0,
  stage_entered_at: stamp,
  closed_at: null,
  created_at: stamp,
  updated_at: stamp,
  ...over,
});

const task = (over: Partial<CrmTask> = {}): CrmTask => ({
  id: uuid(),
  title: "Task",
  status: "open",
  due_date: null,
  description: null,
  assignee_id: null,
  customer_id: null,
  deal_id: null,
  lead_id: null,
  remind_at: null,
  reminded_at: null,
  completed_at: null,
  created_by: null,
  created_at: stamp,
  updated_at: stamp,
  related_label: null,
  ...over,
});

const interaction = (over: Partial<CrmInteraction> = {}): CrmInteraction => ({
  id: uuid(),
  subject: "Interaction",
  type: "call",
  date: stamp,
  description: null,
  notes: null,
  customer_id: null,
  deal_id: null,
  lead_id: null,
  campaign_id: null,
  source: "manual",
  created_by: null,
  created_at: stamp,
  updated_at: stamp,
  related_label: null,
  ...over,
});

describe("rankResults (shell spec §9)", () => {
  it("orders exact title, title prefix, title contains, subtitle contains, then the rest; ties alphabetical", () => {
    const ranked = rankResults(
      [r("Zeta", "acme corp"), r("Big Acme"), r("Acme Labs"), r("acme"), r("Other"), r("Alpha", "ACME"), r("Acme Bank")],
      "  Acme ",
    );
    expect(ranked.map((x) => x.title)).toEqual(["acme", "Acme Bank", "Acme Labs", "Big Acme", "Alpha", "Zeta", "Other"]);
  });

  it.each([
    // [query, titles (with subtitles after a |) in, order out]
    ["deal", ["Big deal", "Deal", "Dealer", "Other|deal room"], ["Deal", "Dealer", "Big deal", "Other"]],
    ["DEAL", ["deal", "Deal"], ["deal", "Deal"]],
    ["q4", ["Renewal|Q4 plan", "Q4 renewal", "Plan Q4", "Q4"], ["Q4", "Q4 renewal", "Plan Q4", "Renewal"]],
    ["ana", ["zeta|analytics", "alpha|analytics", "Banana", "Anatole", "Ana"], ["Ana", "Anatole", "Banana", "alpha", "zeta"]],
    ["x", ["b", "a", "c"], ["a", "b", "c"]],
    ["é", ["Éric", "Ève|é"], ["Éric", "Ève"]],
  ])("%s ranks %j as %j", (query, titles, order) => {
    const results = titles.map((t) => {
      const [title, subtitle] = t.split("|") as [string, string | undefined];
      return r(title, subtitle);
    });
    expect(rankResults(results, query).map((x) => x.title)).toEqual(order);
  });

  it("mixes sources in one order: a deal named exactly as typed comes before a lead that only starts with it", () => {
    const lead = { ...r("Acme Corp"), type: "lead" as const };
    const dealResult: SearchResult = { id: "d", type: "crm_deal", title: "Acme", url: "/crm/deals?selected=d" };
    expect(rankResults([lead, dealResult], "acme").map((x) => x.type)).toEqual(["crm_deal", "lead"]);
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
      // A source that answers another shape, one the network fails for, and two 404s.
      "GET /api/crm/deals/": { body: { not: "a list" }, notFromApi: true },
      "GET /api/crm/tasks/": () => {
        throw new TypeError("Failed to fetch");
      },
    });
    const warn = vi.mocked(console.warn);
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
    // Each failure is logged, not thrown: the non-list answer with a warning of its own.
    const logged = warn.mock.calls.map((c) => String(c[0]));
    expect(logged).toContain("Search: /crm/deals/ did not answer a list");
    expect(logged.some((l) => l.startsWith("Search: /crm/tasks/ failed"))).toBe(true);
    expect(logged.some((l) => l.startsWith("Search: /crm/customers/ failed"))).toBe(true);
  });

  it("reads the CRM records by their wire names and links each to its page's drawer", async () => {
    const ids = { c: uuid(11), d: uuid(12), t: uuid(13), i: uuid(14) };
    mockServer({
      "GET /api/leads/": { body: [] },
      "GET /api/campaigns/": { body: listBody([], 0, 1, 5) },
      "GET /api/crm/customers/": { body: [customer({ id: ids.c, name: "Acme Corp", company: "Acme", email: "buy@acme.example" })] },
      "GET /api/crm/deals/": {
        body: [deal({ id: ids.d, name: "Acme renewal", value: 12500, currency: "EUR", stage: "Proposal", customer_name: "Acme Corp" })],
      },
      "GET /api/crm/tasks/": {
        body: [
          task({
            id: ids.t,
            title: "Call Acme back",
            status: "in_progress",
            due_date: "2026-12-01T09:00:00.000Z",
            related_label: "Acme renewal",
          }),
        ],
      },
      "GET /api/crm/interactions/": { body: [interaction({ id: ids.i, subject: "Acme kickoff", type: "meeting", notes: "Went well" })] },
    });
    const results = await searchAll("acme");
    const byType = Object.fromEntries(results.map((x) => [x.type, x]));
    expect(byType.crm_customer).toMatchObject({ title: "Acme Corp", subtitle: "Acme", url: `/crm/customers?selected=${ids.c}` });
    expect(byType.crm_deal).toMatchObject({ title: "Acme renewal", description: "Acme Corp", url: `/crm/deals?selected=${ids.d}` });
    expect(byType.crm_deal!.subtitle).toMatch(/^Proposal · .*12,500/);
    expect(byType.crm_deal!.subtitle).toMatch(/€/);
    expect(byType.crm_task).toMatchObject({ title: "Call Acme back", description: "Acme renewal", url: `/crm/tasks?selected=${ids.t}` });
    expect(byType.crm_task!.subtitle).toMatch(/^In progress · due /);
    expect(byType.crm_interaction).toMatchObject({
      title: "Acme kickoff",
      description: "Went well",
      url: `/crm/interactions?selected=${ids.i}`,
    });
    expect(byType.crm_interaction!.subtitle).toMatch(/^Meeting · /);
  });

  it("asks every source for at most five results", () => {
    expect(RESULTS_PER_SOURCE).toBe(5);
    expect(SEARCH_SOURCES.map((s) => s.path)).toEqual([
      "/leads/",
      "/campaigns/",
      "/crm/customers/",
      "/crm/deals/",
      "/crm/tasks/",
      "/crm/interactions/",
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
    expect(recent).toHaveLength(RECENT_STORED);
    expect(RECENT_STORED).toBe(10);
    expect(recent[0]).toBe("Q5");
    expect(recent.filter((q) => q.toLowerCase() === "q5")).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem("recentSearches")!)).toEqual(recent);
    expect(RECENT_SHOWN).toBe(5);
  });

  it("ignores blank entries someone else stored", () => {
    localStorage.setItem("recentSearches", JSON.stringify(["acme", "", "   ", 3, "deal"]));
    expect(readRecentSearches()).toEqual(["acme", "deal"]);
  });
});
