/** Test fixtures: a local multi-page company website served on 127.0.0.1 (used by crawler, job and enrichment tests). */
import http from "node:http";
import type { AddressInfo } from "node:net";

export const page = (title: string, body: string, head = "") =>
  `<!doctype html><html><head><title>${title}</title>${head}</head><body>${body}</body></html>`;

/** A small company site: robots rules, a team page, obfuscated emails and an off-site link. */
export function companySite(port: () => number): Record<string, string> {
  return {
    "/robots.txt": "User-agent: *\nDisallow: /private\n",
    "/": page(
      "Acme Robotics | Home",
      `<h1>Welcome</h1>
       <a href="/about">About</a> <a href="/team">Our team</a> <a href="/contact#form">Contact</a>
       <a href="/private/secret">Internal</a> <a href="/blog/post-1?utm_source=x">Blog</a>
       <a href="http://localhost:${port()}/offsite">Partner</a>
       <a href="https://www.linkedin.com/company/acme-robotics/">LinkedIn</a>
       <a href="https://twitter.com/acmerobotics">Twitter</a>
       <a href="https://www.facebook.com/sharer/sharer.php?u=x">Share</a>`,
      `<meta property="og:site_name" content="Acme Robotics"><meta name="description" content="Acme builds warehouse robots for logistics teams.">`,
    ),
    "/about": page(
      "About us | Acme Robotics",
      `<p>Founded in 2015.</p><script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Acme Robotics Inc",
        "address":{"@type":"PostalAddress","addressLocality":"Leeds","addressCountry":"GB"}}</script>`,
    ),
    "/team": page(
      "Team | Acme Robotics",
      `<h2>Meet the team</h2>
       <div class="grid">
         <div class="member"><h3>Jane Doe</h3><p class="role">Chief Executive Officer</p>
           <a href="mailto:jane.doe@acme-robotics.test?subject=Hi">Email Jane</a>
           <a href="https://www.linkedin.com/in/janedoe/">LinkedIn</a></div>
         <div class="member"><h3>John Smith</h3><p>Head of Sales</p><span>john.smith [at] acme-robotics [dot] test</span></div>
         <div class="member"><h3>Mary-Ann O'Neil</h3><p>Lead Engineer</p></div>
       </div>`,
    ),
    "/contact": page(
      "Contact | Acme Robotics",
      `<p>Write to info(at)acme-robotics.test or &#115;ales&#64;acme-robotics&#46;test.</p>
       <p>Press: <a href="/cdn-cgi/l/email-protection" class="__cf_email__" data-cfemail="${cfEncode("press@acme-robotics.test", 0x42)}">[email protected]</a></p>
       <p>Call <a href="tel:+442079460958">+44 20 7946 0958</a></p>`,
    ),
    "/private/secret": page("Secret", `<p>Do not harvest: hidden.person@acme-robotics.test</p>`),
    "/blog/post-1": page("Post", `<p>Nothing here but words.</p>`),
    "/offsite": page("Offsite", `<p>offsite@elsewhere.test</p>`),
  };
}

/**
 * A studio's site served as www.northwind.test: the team page has no cards, only a name heading
 * followed by sibling paragraphs (title, then a mailto link or an "[at]"/"[dot]" address); more
 * personal addresses sit in the footer, on the contact page and in the journal.
 */
export function siblingTeamSite(): Record<string, string> {
  const footer = `<footer><p>Northwind Studio, Keizersgracht 1, Amsterdam</p><p>Studio manager: lisa.meyer@northwind.test</p></footer>`;
  return {
    "/": page(
      "Northwind Studio",
      `<nav><a href="/team">Team</a> <a href="/contact">Contact</a> <a href="/journal">Journal</a></nav>
       <h1>Architecture for public buildings</h1>${footer}`,
      `<meta property="og:site_name" content="Northwind Studio">`,
    ),
    "/team": page(
      "Team | Northwind Studio",
      `<main>
         <h1>Our people</h1>
         <h2>Anna Kowalski</h2>
         <p>Managing Director</p>
         <p><a href="mailto:anna.kowalski@northwind.test">anna.kowalski@northwind.test</a></p>
         <h2>Pieter van den Berg</h2>
         <p>Head of Design</p>
         <p>pieter.vandenberg [at] northwind [dot] test</p>
         <h2>Maria dos Santos</h2>
         <p>Senior Architect</p>
         <h2>Our studio</h2>
         <p>We design libraries and schools. Write to m.dossantos@northwind.test about commissions.</p>
       </main>${footer}`,
    ),
    "/contact": page(
      "Contact | Northwind Studio",
      `<p>Sales enquiries: sales@northwind.test</p><p>Tom answers the phone and tom@northwind.test.</p>${footer}`,
    ),
    "/journal": page(
      "Journal | Northwind Studio",
      `<article><h2>A library in Delft</h2><p>Photos: j.bakker@northwind.test</p>
       <p>Newsletter: noreply@northwind.test · Jobs: jobs@northwind.test · hello@northwind.test</p>
       <p>Our mailing partner: info@mailer.test</p></article>${footer}`,
    ),
  };
}

/**
 * A firm's site served as harbor.test mixing the layouts found in the wild: cards (one with a
 * labelled title and LinkedIn only), a table, a list of "Name – Title – address" items, flat text
 * lines, and name-shaped phrases that are not people (a footer line, product headings).
 */
export function mixedTeamSite(): Record<string, string> {
  const footer = `<footer><p>Harbor Legal · 1 Dock Street · hello@harbor.test · grace@harbor.test</p>
    <p>Webmaster: r.feynman@harbor.test</p></footer>`;
  return {
    "/": page(
      "Harbor Legal",
      `<a href="/people">People</a> <a href="/contact">Contact</a>
       <section><h3>Warehouse Robots</h3><p>Our robots move 2,000 parcels an hour.</p>
       <ul><li>Cloud Storage – for product teams</li></ul></section>${footer}`,
      `<meta property="og:site_name" content="Harbor Legal">`,
    ),
    "/people": page(
      "People | Harbor Legal",
      `<h1>Leadership</h1>
       <div class="cards">
         <div class="card"><img src="/g.jpg" alt=""><h3 class="name">Grace Hopper</h3><span class="title">Chief Technology Officer</span>
           <a href="https://www.linkedin.com/in/gracehopper/" aria-label="LinkedIn"></a></div>
         <div class="card"><h3>Alan Turing</h3><p>Head of Research</p><a href="mailto:alan.turing@harbor.test">Email Alan</a></div>
       </div>
       <h2>Partners</h2>
       <table>
         <tr><th>Name</th><th>Role</th><th>Email</th></tr>
         <tr><td>Ada Lovelace</td><td>Finance Director</td><td><a href="mailto:ada.lovelace@harbor.test">ada.lovelace@harbor.test</a></td></tr>
         <tr><td>Charles Babbage</td><td>Operations Manager</td><td>c.babbage (at) harbor (dot) test</td></tr>
       </table>
       <h2>Advisors</h2>
       <ul>
         <li>Katherine Johnson – Senior Advisor – katherine@harbor.test</li>
         <li><strong>Dorothy Vaughan</strong>, Account Executive, <a href="mailto:dorothy.vaughan@harbor.test">email</a></li>
       </ul>${footer}`,
    ),
    "/contact": page(
      "Contact | Harbor Legal",
      `<p>Questions about an invoice? Write to billing@harbor.test.<br>Mary Jackson, Customer Success Manager: mary.jackson@harbor.test<br>Office hours 9–5</p>${footer}`,
    ),
  };
}

/**
 * A home page with `count` same-site links (about 4.5 MB for 200k, under the fetcher's 5 MB cap),
 * the team page linked last. Every linked page is a 404 except /team.
 */
export function linkFloodSite(count: number) {
  return (): Record<string, string> => {
    const links: string[] = [];
    for (let i = 0; i < count; i++) links.push(`<a href=/p/${i}>.</a>`);
    return {
      "/": page("Flood", `${links.join("")}<a href="/team">Team</a>`),
      "/team": page(
        "Team",
        `<div class="member"><h3>Jane Doe</h3><p>Chief Executive Officer</p><a href="mailto:jane.doe@flood.test">Email</a></div>`,
      ),
    };
  };
}

function cfEncode(email: string, key: number): string {
  return [key, ...[...email].map((c) => c.charCodeAt(0) ^ key)].map((n) => n.toString(16).padStart(2, "0")).join("");
}

export async function serveSite(routes: (port: () => number) => Record<string, string>) {
  const hits: string[] = [];
  let port = 0;
  const site = routes(() => port);
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    hits.push(path);
    const body = site[path];
    if (body === undefined) {
      res.writeHead(404, { "content-type": "text/html" });
      return res.end("<h1>Not found</h1>");
    }
    res.writeHead(200, { "content-type": path.endsWith(".txt") ? "text/plain" : "text/html; charset=utf-8" });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

interface Recorded {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

async function jsonServer(handle: (req: Recorded, res: http.ServerResponse) => void) {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const rec: Recorded = { path: req.url ?? "/", headers: req.headers, body: raw ? JSON.parse(raw) : {} };
      requests.push(rec);
      handle(rec, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
};

/**
 * Speaks Places API (New) Text Search: key in X-Goog-Api-Key, field mask required, 20 per page,
 * Google's error shape. `websiteFor(i)` gives each place's website (e.g. a local test site).
 */
export function fakeGooglePlaces(opts: { key: string; total: number; websiteFor?: (i: number) => string | undefined }) {
  const flaky = new Set<string>();
  return jsonServer((req, res) => {
    if (req.path !== "/v1/places:searchText") return send(res, 404, { error: { code: 404, message: "Not found", status: "NOT_FOUND" } });
    const key = req.headers["x-goog-api-key"];
    if (key === "restricted") {
      return send(res, 403, { error: { code: 403, message: "Requests to this API are blocked.", status: "PERMISSION_DENIED" } });
    }
    if (key !== opts.key) {
      return send(res, 400, {
        error: { code: 400, message: "API key not valid. Please pass a valid API key.", status: "INVALID_ARGUMENT" },
      });
    }
    if (!req.headers["x-goog-fieldmask"]) {
      return send(res, 400, { error: { code: 400, message: "FieldMask is a required parameter", status: "INVALID_ARGUMENT" } });
    }
    const body = req.body as { textQuery: string; pageSize?: number; pageToken?: string };
    if (body.textQuery === "always-500") return send(res, 500, { error: { code: 500, message: "Internal error", status: "INTERNAL" } });
    if (body.textQuery === "flaky-once" && !flaky.has("x")) {
      flaky.add("x");
      return send(res, 429, { error: { code: 429, message: "Quota exceeded", status: "RESOURCE_EXHAUSTED" } }, { "retry-after": "0" });
    }
    const start = body.pageToken ? (Number(body.pageToken.replace("page-", "")) - 1) * 20 : 0;
    const size = Math.min(body.pageSize ?? 20, 20);
    const places = [];
    for (let i = start + 1; i <= Math.min(opts.total, start + size); i++) {
      places.push({
        id: `place-${i}`,
        displayName: { text: `Leeds Dental ${i}`, languageCode: "en" },
        formattedAddress: `${i} High St, Leeds LS1 1AA, UK`,
        nationalPhoneNumber: `0113 496 ${String(i).padStart(4, "0")}`,
        internationalPhoneNumber: `+44 113 496 ${String(i).padStart(4, "0")}`,
        websiteUri: opts.websiteFor ? opts.websiteFor(i) : `http://127.0.0.1:9/site-${i}`,
        types: ["dentist", "health", "point_of_interest"],
        addressComponents: [
          { longText: "Leeds", shortText: "Leeds", types: ["postal_town"] },
          { longText: "United Kingdom", shortText: "GB", types: ["country", "political"] },
        ],
      });
    }
    const page = start / 20 + 1;
    send(res, 200, { places, ...(start + size < opts.total && page < 3 ? { nextPageToken: `page-${page + 1}` } : {}) });
  });
}

/** Speaks the LinkedIn data-provider contract of docs/integrations.md. */
export function fakeLinkedInProvider(opts: { key: string; total: number }) {
  return jsonServer((req, res) => {
    if (req.path !== "/v1/people/search") return send(res, 404, { error: "not found" });
    const auth = req.headers.authorization;
    if (auth === "Bearer broke") return send(res, 402, { error: "No credits left on this plan" });
    if (auth !== `Bearer ${opts.key}`) return send(res, 401, { error: "Invalid API key" });
    const body = req.body as { search_url?: string; profile_urls?: string[]; company_urls?: string[]; limit: number; cursor?: string };
    if (body.search_url && !/\/(sales\/search|search\/results)\//.test(body.search_url)) {
      return send(res, 422, { error: "search_url is not a people search URL" });
    }
    const total = body.profile_urls ? body.profile_urls.length : opts.total;
    const start = body.cursor ? Number(body.cursor.replace("c-", "")) : 0;
    const people = [];
    for (let i = start + 1; i <= Math.min(total, start + body.limit); i++) {
      people.push({
        first_name: "Ada",
        last_name: `Person${i}`,
        title: i % 2 ? "VP Sales" : "Software Engineer",
        company: `Company ${i}`,
        company_domain: `company${i}.test`,
        linkedin_url: body.profile_urls?.[i - 1] ?? `https://www.linkedin.com/in/ada-person-${i}`,
        email: i % 3 === 0 ? null : `ada.person${i}@company${i}.test`,
        location: "Leeds, England, United Kingdom",
      });
    }
    const next = start + body.limit;
    send(res, 200, { people, next_cursor: next < total ? `c-${next}` : null });
  });
}
