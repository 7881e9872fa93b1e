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
