import { monitorEventLoopDelay } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSafeFetch, type SafeFetch } from "../../platform/safe-fetch.ts";
import { CrawlQueue } from "./crawl-queue.ts";
import { deobfuscate, findEmails, splitPersonName } from "./page-extract.ts";
import { companySite, linkFloodSite, page, serveSite } from "./scraping.fixtures.ts";
import { crawlToLeads, crawlWebsite } from "./website-crawler.ts";

describe("email and name extraction", () => {
  it.each([
    ["jane [at] acme [dot] com", "jane@acme.com"],
    ["jane(at)acme.com", "jane@acme.com"],
    ["jane (at) acme (dot) co (dot) uk", "jane@acme.co.uk"],
    ["jane at acme dot com", "jane@acme.com"],
    ["Mail: JANE@Acme.COM.", "jane@acme.com"],
  ])("reads %s", (text, email) => {
    expect(findEmails(text)).toEqual([email]);
  });

  it("ignores image names and placeholders", () => {
    expect(findEmails("logo@2x.png you@example.com")).toEqual([]);
    expect(deobfuscate("we meet at noon")).toBe("we meet at noon");
  });

  it("tells names from headings", () => {
    expect(splitPersonName("Anne-Marie van der Berg")).toEqual({ first_name: "Anne-Marie", last_name: "van der Berg" });
    expect(splitPersonName("Meet the team")).toBeNull();
    expect(splitPersonName("Contact Us")).toBeNull();
    expect(splitPersonName("WAREHOUSE ROBOTS")).toBeNull();
  });
});

describe("crawl queue", () => {
  it("hands out contact pages first, then shallow before deep, then in arrival order", () => {
    const q = new CrawlQueue(10);
    q.push({ url: "/blog/2", depth: 2, priority: 1 });
    q.push({ url: "/blog/1", depth: 1, priority: 1 });
    q.push({ url: "/pricing", depth: 1, priority: 1 });
    q.push({ url: "/team", depth: 2, priority: 0 });
    q.push({ url: "/contact", depth: 1, priority: 0 });
    const order: string[] = [];
    for (let item = q.shift(); item; item = q.shift()) order.push(item.url);
    expect(order).toEqual(["/contact", "/team", "/blog/1", "/pricing", "/blog/2"]);
  });

  it("stays within its capacity: a better link evicts the worst one, a worse one is dropped", () => {
    const q = new CrawlQueue(3);
    for (const url of ["/a", "/b", "/c"]) q.push({ url, depth: 1, priority: 1 });
    expect(q.push({ url: "/d", depth: 1, priority: 1 })).toBe(false);
    expect(q.push({ url: "/team", depth: 3, priority: 0 })).toBe(true);
    expect(q.size).toBe(3);
    expect(q.dropped).toBe(2);
    expect([q.shift(), q.shift(), q.shift(), q.shift()].map((i) => i?.url)).toEqual(["/team", "/a", "/b", undefined]);
  });
});

describe("crawlWebsite", () => {
  let site: Awaited<ReturnType<typeof serveSite>>;
  let fetcher: SafeFetch;
  beforeAll(async () => {
    site = await serveSite(companySite);
    fetcher = createSafeFetch({ allowlist: ["127.0.0.1"] });
  });
  afterAll(async () => {
    await fetcher.close();
    await site.close();
  });

  it("finds emails, people, phones and socials while obeying robots.txt and staying on the site", async () => {
    const crawl = await crawlWebsite({ url: `${site.url}/`, fetch: fetcher, userAgent: "TestBot", delayMs: 0 });
    expect(crawl.emails).toEqual(
      expect.arrayContaining([
        "jane.doe@acme-robotics.test",
        "john.smith@acme-robotics.test",
        "info@acme-robotics.test",
        "sales@acme-robotics.test",
        "press@acme-robotics.test",
      ]),
    );
    expect(crawl.emails).not.toContain("hidden.person@acme-robotics.test");
    expect(crawl.disallowed).toEqual([`${site.url}/private/secret`]);
    expect(site.hits).not.toContain("/private/secret");
    expect(site.hits).not.toContain("/offsite");
    expect(crawl.phones).toEqual(["+44 20 7946 0958"]);
    expect(crawl.socials).toEqual({
      linkedin: "https://www.linkedin.com/company/acme-robotics",
      twitter: "https://twitter.com/acmerobotics",
    });
    expect(crawl.company).toMatchObject({
      name: "Acme Robotics",
      description: "Acme builds warehouse robots for logistics teams.",
      city: "Leeds",
    });
    const people = Object.fromEntries(crawl.people.map((p) => [`${p.first_name} ${p.last_name}`, p]));
    expect(people["Jane Doe"]).toMatchObject({
      title: "Chief Executive Officer",
      email: "jane.doe@acme-robotics.test",
      linkedin_url: "https://www.linkedin.com/in/janedoe",
    });
    expect(people["John Smith"]).toMatchObject({ title: "Head of Sales", email: "john.smith@acme-robotics.test" });
    expect(people["Mary-Ann O'Neil"]).toMatchObject({ title: "Lead Engineer", email: null });
    // Contact/about/team pages come before the blog.
    const order = site.hits.filter((h) => h !== "/robots.txt");
    expect(order.indexOf("/blog/post-1")).toBeGreaterThan(order.indexOf("/team"));
  });

  it("turns the crawl into person leads plus a company lead with the generic inbox", async () => {
    const crawl = await crawlWebsite({ url: site.url, fetch: fetcher, userAgent: "TestBot", delayMs: 0 });
    const leads = crawlToLeads(crawl);
    expect(
      leads
        .filter((l) => l.first_name)
        .map((l) => l.email)
        .sort(),
    ).toEqual(["jane.doe@acme-robotics.test", "john.smith@acme-robotics.test"]);
    const company = leads.find((l) => !l.first_name)!;
    expect(company).toMatchObject({
      company_name: "Acme Robotics",
      phone: "+44 20 7946 0958",
      linkedin_url: "https://www.linkedin.com/company/acme-robotics",
    });
    expect(["info@acme-robotics.test", "sales@acme-robotics.test"]).toContain(company.email);
  });

  it("stops at max_pages and honours a user-agent specific robots rule", async () => {
    const chain = await serveSite(() => {
      const pages: Record<string, string> = { "/robots.txt": "User-agent: OtherBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n" };
      for (let i = 0; i < 30; i++)
        pages[i === 0 ? "/" : `/p/${i}`] = page(`P${i}`, `<a href="/p/${i + 1}">next</a><a href="/p/${i + 2}">skip</a>`);
      return pages;
    });
    try {
      const crawl = await crawlWebsite({ url: chain.url, fetch: fetcher, userAgent: "TestBot", delayMs: 0, maxPages: 5, maxDepth: 50 });
      expect(crawl.pages).toHaveLength(5);
      expect(chain.hits.filter((h) => h !== "/robots.txt")).toHaveLength(5);
      const refused = await crawlWebsite({ url: chain.url, fetch: fetcher, userAgent: "OtherBot", delayMs: 0 });
      expect(refused.pages).toHaveLength(0);
      expect(refused.disallowed).toEqual([`${chain.url}/`]);
    } finally {
      await chain.close();
    }
  });

  it("reads a page of 200,000 same-site links within the page limit, the event loop staying responsive", async () => {
    const flood = await serveSite(linkFloodSite(200_000));
    const loop = monitorEventLoopDelay({ resolution: 10 });
    try {
      loop.enable();
      const started = performance.now();
      const crawl = await crawlWebsite({ url: flood.url, fetch: fetcher, userAgent: "TestBot", delayMs: 0, maxPages: 10, maxDepth: 5 });
      const elapsedMs = performance.now() - started;
      loop.disable();
      expect(crawl.failed).toEqual([]);
      expect(crawl.pages).toHaveLength(10);
      // The team page is the last of the 200,001 links and still read right after the home page.
      expect(flood.hits.filter((h) => h !== "/robots.txt").slice(0, 2)).toEqual(["/", "/team"]);
      expect(crawl.people).toMatchObject([{ first_name: "Jane", last_name: "Doe", email: "jane.doe@flood.test" }]);
      expect(loop.max / 1e6).toBeLessThan(200);
      expect(elapsedMs).toBeLessThan(20_000);
    } finally {
      loop.disable();
      await flood.close();
    }
  });

  it("stops when cancelled", async () => {
    let calls = 0;
    const crawl = await crawlWebsite({
      url: site.url,
      fetch: fetcher,
      userAgent: "TestBot",
      delayMs: 0,
      concurrency: 1,
      isCancelled: () => ++calls > 2,
    });
    expect(crawl.cancelled).toBe(true);
    expect(crawl.pages).toHaveLength(2);
  });

  it("refuses a private site without an allowlist", async () => {
    const strict = createSafeFetch();
    try {
      await expect(crawlWebsite({ url: site.url, fetch: strict, userAgent: "TestBot" })).rejects.toMatchObject({
        reason: "blocked_address",
      });
    } finally {
      await strict.close();
    }
  });
});
