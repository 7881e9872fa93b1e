import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSafeFetch, type SafeFetch } from "../../platform/safe-fetch.ts";
import { createGooglePlacesClient, PLACES_FIELD_MASK, placeToLead } from "./google-places.client.ts";
import { createLinkedInProviderClient, personToLead } from "./linkedin-provider.client.ts";
import { ProviderError } from "./provider-http.ts";
import { fakeGooglePlaces, fakeLinkedInProvider } from "./scraping.fixtures.ts";

async function collect<T>(gen: AsyncGenerator<T[]>): Promise<T[][]> {
  const pages: T[][] = [];
  for await (const p of gen) pages.push(p);
  return pages;
}

async function providerError(p: Promise<unknown>): Promise<ProviderError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ProviderError) return err;
    throw err;
  }
  throw new Error("expected a provider error");
}

describe("Google Places client", () => {
  let api: Awaited<ReturnType<typeof fakeGooglePlaces>>;
  let fetcher: SafeFetch;
  beforeAll(async () => {
    api = await fakeGooglePlaces({ key: "good-key", total: 45 });
    fetcher = createSafeFetch({ allowlist: ["127.0.0.1"] });
  });
  afterAll(async () => {
    await fetcher.close();
    await api.close();
  });
  const client = (apiKey = "good-key") => createGooglePlacesClient({ apiKey, baseUrl: api.url, fetch: fetcher, maxWaitMs: 10 });

  it("sends the documented request and pages with nextPageToken up to the limit", async () => {
    const pages = await collect(client().searchText({ query: "dentists", location: "Leeds", limit: 45 }));
    expect(pages.map((p) => p.length)).toEqual([20, 20, 5]);
    expect(api.requests[0]).toMatchObject({
      path: "/v1/places:searchText",
      headers: { "x-goog-api-key": "good-key", "x-goog-fieldmask": PLACES_FIELD_MASK, "content-type": "application/json" },
      body: { textQuery: "dentists in Leeds", pageSize: 20 },
    });
    expect(api.requests[1]!.body).toMatchObject({ textQuery: "dentists in Leeds", pageToken: "page-2" });
    expect(pages[0]![0]).toEqual({
      place_id: "place-1",
      name: "Leeds Dental 1",
      address: "1 High St, Leeds LS1 1AA, UK",
      phone: "+44 113 496 0001",
      website: "http://127.0.0.1:9/site-1",
      types: ["dentist", "health", "point_of_interest"],
      city: "Leeds",
      country: "United Kingdom",
    });
    expect(placeToLead(pages[0]![0]!)).toMatchObject({ company_name: "Leeds Dental 1", industry: "dentist", city: "Leeds" });
  });

  it("stops at a smaller limit without asking for more pages", async () => {
    api.requests.length = 0;
    const pages = await collect(client().searchText({ query: "dentists", limit: 7 }));
    expect(pages.flat()).toHaveLength(7);
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]!.body).toMatchObject({ pageSize: 7 });
  });

  it("names the env var when the key is refused (400 API key not valid, 403 permission denied)", async () => {
    const bad = await providerError(collect(client("wrong").searchText({ query: "x", limit: 5 })));
    expect(bad.kind).toBe("auth");
    expect(bad.message).toContain("API key not valid");
    expect(bad.message).toContain("GOOGLE_PLACES_API_KEY");
    const denied = await providerError(collect(client("restricted").searchText({ query: "x", limit: 5 })));
    expect(denied.kind).toBe("auth");
    expect(denied.status).toBe(403);
  });

  it("retries a 429 and reports a provider outage clearly", async () => {
    const flaky = await collect(client().searchText({ query: "flaky-once", limit: 3 }));
    expect(flaky.flat()).toHaveLength(3);
    const down = await providerError(collect(client().searchText({ query: "always-500", limit: 3 })));
    expect(down.kind).toBe("unavailable");
    expect(down.message).toMatch(/Google Places is unavailable \(HTTP 500\)/);
  });
});

describe("LinkedIn provider client", () => {
  let api: Awaited<ReturnType<typeof fakeLinkedInProvider>>;
  let fetcher: SafeFetch;
  beforeAll(async () => {
    api = await fakeLinkedInProvider({ key: "li-key", total: 130 });
    fetcher = createSafeFetch({ allowlist: ["127.0.0.1"] });
  });
  afterAll(async () => {
    await fetcher.close();
    await api.close();
  });
  const client = (apiKey = "li-key") => createLinkedInProviderClient({ apiKey, baseUrl: api.url, fetch: fetcher, maxWaitMs: 10 });

  it("pages with next_cursor and sends the Bearer key", async () => {
    const pages = await collect(client().searchPeople({ search_url: "https://www.linkedin.com/sales/search/people?q=1", limit: 120 }));
    expect(pages.map((p) => p.length)).toEqual([100, 20]);
    expect(api.requests[0]).toMatchObject({
      path: "/v1/people/search",
      headers: { authorization: "Bearer li-key" },
      body: { search_url: "https://www.linkedin.com/sales/search/people?q=1", limit: 100 },
    });
    expect(api.requests[1]!.body).toMatchObject({ limit: 20, cursor: "c-100" });
    expect(personToLead(pages[0]![0]!)).toEqual({
      first_name: "Ada",
      last_name: "Person1",
      email: "ada.person1@company1.test",
      role: "VP Sales",
      company_name: "Company 1",
      website: "https://company1.test",
      linkedin_url: "https://www.linkedin.com/in/ada-person-1",
      phone: null,
      city: "Leeds",
      country: "United Kingdom",
      industry: null,
      custom_fields: undefined,
    });
  });

  it("maps 401 and 402 to clear messages and passes the provider's 422 text through", async () => {
    const unauthorized = await providerError(
      collect(client("nope").searchPeople({ profile_urls: ["https://linkedin.com/in/x"], limit: 1 })),
    );
    expect(unauthorized.message).toContain("LINKEDIN_PROVIDER_API_KEY");
    expect(unauthorized.status).toBe(401);
    const broke = await providerError(collect(client("broke").searchPeople({ profile_urls: ["https://linkedin.com/in/x"], limit: 1 })));
    expect(broke.kind).toBe("quota");
    const invalid = await providerError(collect(client().searchPeople({ search_url: "https://www.linkedin.com/feed/", limit: 1 })));
    expect(invalid.kind).toBe("bad_request");
    expect(invalid.message).toContain("not a people search URL");
  });
});

describe("provider HTTP", () => {
  it("reports a provider that answers non-JSON", async () => {
    const server = http.createServer((_req, res) => res.end("<html>gateway</html>"));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const fetcher = createSafeFetch({ allowlist: ["127.0.0.1"] });
    try {
      const c = createLinkedInProviderClient({
        apiKey: "k",
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        fetch: fetcher,
      });
      expect((await providerError(collect(c.searchPeople({ search_url: "https://linkedin.com/x", limit: 1 })))).kind).toBe("bad_response");
    } finally {
      await fetcher.close();
      server.close();
    }
  });
});
