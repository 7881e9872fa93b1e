/**
 * Leads end to end on the real server: sign up → import a CSV through the wizard → the leads in
 * the grid and the drawer → crawl a small site served here on 127.0.0.1 from /discovery → enrich
 * → merge duplicates → the data-quality report. Screenshots land in test-results/screens.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import { screenPath } from "../results-dir.ts";

const email = `leads-${Date.now()}@example.com`;
const password = "Prospect0r!leads";

// Apollo-style headers (matched automatically). Ada appears twice (same name, same company domain)
// and Grace twice (one address with a +tag): two duplicate groups. One row has a broken email.
const CSV = [
  "First Name,Last Name,Title,Company,Email,Website,City",
  "Ada,Lovelace,Chief Executive Officer,Analytical Engines,ada@analytical.io,analytical.io,London",
  "Ada,Lovelace,CEO,Analytical Engines Ltd,,https://analytical.io,",
  "Grace,Hopper,VP Engineering,Compilers Inc,grace.hopper@gmail.com,,New York",
  "Grace,Hopper,,Compilers Inc,grace.hopper+news@gmail.com,,",
  "Alan,Turing,Head of Research,Bletchley Labs,alan@bletchley.example,bletchley.example,Bletchley",
  "Broken,Row,,Nowhere,not-an-email,,",
].join("\n");

const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title><meta name="description" content="Orbit Labs builds satellite software."></head><body>${body}</body></html>`;

const SITE: Record<string, string> = {
  "/robots.txt": "User-agent: *\nAllow: /\n",
  "/": page("Orbit Labs", `<h1>Orbit Labs</h1><p>Satellite software.</p><a href="/team">Our team</a> <a href="/contact">Contact</a>`),
  "/team": page(
    "Team — Orbit Labs",
    `<h1>Our team</h1>
     <div class="team-member"><h3>Marie Curie</h3><p class="title">Chief Technology Officer</p><a href="mailto:marie.curie@orbitlabs.example">Email Marie</a></div>
     <div class="team-member"><h3>Pierre Dupont</h3><p class="title">Head of Sales</p><a href="mailto:pierre.dupont@orbitlabs.example">Email Pierre</a></div>`,
  ),
  "/contact": page("Contact — Orbit Labs", `<h1>Contact</h1><p>Write to hello [at] orbitlabs [dot] example or call +33 1 23 45 67 89.</p>`),
};

let site: http.Server;
let siteUrl = "";

test.beforeAll(async () => {
  site = http.createServer((req, res) => {
    const body = SITE[new URL(req.url ?? "/", "http://x").pathname];
    if (body === undefined) {
      res.writeHead(404).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": req.url === "/robots.txt" ? "text/plain" : "text/html; charset=utf-8" }).end(body);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
});

async function shot(p: Page, name: string) {
  await p.screenshot({ path: screenPath(name), fullPage: true });
}

test("import, discover, enrich, merge and check the quality of leads", async ({ page: p }) => {
  test.setTimeout(180_000);
  // Charts follow prefers-reduced-motion: still pictures for the screenshots.
  await p.emulateMedia({ reducedMotion: "reduce" });
  await p.setViewportSize({ width: 1440, height: 900 });

  await p.goto("/sign-up");
  await p.getByLabel("Full name").fill("Lena Leads");
  await p.getByLabel("Work email").fill(email);
  await p.getByLabel("Password", { exact: true }).fill(password);
  await p.getByRole("button", { name: "Create Account" }).click();
  await expect(p).toHaveURL(/\/dashboard$/);

  await p.getByRole("link", { name: "Leads" }).first().click();
  await expect(p).toHaveURL(/\/leads$/);
  await expect(p.getByText("No leads yet")).toBeVisible();

  // Import wizard: upload → mapping (preselected) → preview → duplicates → progress → result.
  await p.getByRole("button", { name: "Import CSV" }).first().click();
  const wizard = p.getByRole("dialog", { name: "Import leads from CSV" });
  await wizard.getByLabel("CSV file").setInputFiles({ name: "apollo-export.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
  await expect(wizard.getByRole("table", { name: "Column mapping" })).toBeVisible();
  await expect(wizard.getByLabel("Field for Email")).toHaveText("Email");
  await expect(wizard.getByLabel("Field for Title")).toHaveText("Role");
  await shot(p, "leads-import-mapping");
  await wizard.getByRole("button", { name: "Next" }).click();
  await expect(wizard.getByRole("table", { name: "Import preview" })).toContainText("ada@analytical.io");
  await wizard.getByRole("button", { name: "Next" }).click();
  await wizard.getByLabel("Keep both").check();
  await wizard.getByRole("button", { name: "Start import" }).click();
  await expect(wizard.getByText("Import finished")).toBeVisible({ timeout: 30_000 });
  await expect(wizard.getByLabel("Import counts")).toContainText("5 created");
  await expect(wizard.getByLabel("Import counts")).toContainText("1 failed");
  await expect(wizard.getByRole("button", { name: "Download error report (CSV)" })).toBeVisible();
  const download = p.waitForEvent("download");
  await wizard.getByRole("button", { name: "Download error report (CSV)" }).click();
  expect((await download).suggestedFilename()).toMatch(/errors\.csv$/);
  await shot(p, "leads-import-result");
  await wizard.getByRole("button", { name: "Done" }).click();

  const grid = p.getByRole("grid", { name: "Leads" });
  await expect(grid).toContainText("ada@analytical.io");
  await expect(grid).toContainText("alan@bletchley.example");
  await expect(p.getByText("5 in this workspace")).toBeVisible();

  // Search narrows the list (debounced) and the drawer opens from a row.
  await p.getByLabel("Search leads").fill("turing");
  await expect(grid.getByRole("row")).toHaveCount(2);
  await grid.getByText("alan@bletchley.example").click();
  await expect(p).toHaveURL(/selected=/);
  const drawer = p.getByRole("presentation").filter({ has: p.getByRole("button", { name: "Close lead" }) });
  await expect(drawer.getByRole("heading", { name: "Alan Turing" })).toBeVisible();
  await shot(p, "leads-drawer");
  await drawer.getByLabel("City").fill("Manchester");
  await drawer.getByRole("button", { name: "Save" }).click();
  await expect(p.getByText("Lead saved")).toBeVisible();
  await drawer.getByRole("button", { name: "Close lead" }).click();
  // Until the drawer has finished closing, its focus trap takes the focus back from the page.
  await expect(drawer).toBeHidden();
  await p.getByLabel("Search leads").fill("");
  await expect(grid.getByRole("row")).toHaveCount(6);
  await shot(p, "leads-grid");

  // Discovery: crawl the local site; the job's leads are linked from the job.
  await p.getByRole("link", { name: "Discovery" }).first().click();
  await expect(p.getByText("Website: ready")).toBeVisible();
  await p.getByLabel("Website").fill(siteUrl);
  await p.getByLabel("Pages at most").fill("5");
  await p.getByRole("button", { name: "Crawl website" }).click();
  const job = p.getByRole("article", { name: "Website job" }).first();
  await expect(job.getByText("Completed")).toBeVisible({ timeout: 60_000 });
  await expect(job.getByLabel("Job counts")).toContainText(/[1-9]\d* created/);
  await job.getByRole("button", { name: /Show created leads/ }).click();
  await expect(job.getByRole("list", { name: "Created leads" })).toContainText("marie.curie@orbitlabs.example");
  await shot(p, "discovery");
  await p.getByRole("tab", { name: "Multi-source" }).click();
  await shot(p, "discovery-multi-source");
  await job.getByRole("link", { name: /marie\.curie@orbitlabs\.example/ }).click();
  await expect(p).toHaveURL(/\/leads\?selected=/);
  await expect(p.getByRole("heading", { name: "Marie Curie" })).toBeVisible();
  await p.getByRole("button", { name: "Close lead" }).click();

  // Enrich two selected leads and read the summary.
  await p.getByRole("row").filter({ hasText: "ada@analytical.io" }).getByRole("checkbox").check();
  await p.getByRole("row").filter({ hasText: "alan@bletchley.example" }).getByRole("checkbox").check();
  await expect(p.getByRole("region", { name: "Bulk actions" })).toContainText("2 selected");
  await p.getByRole("button", { name: "Enrich" }).click();
  const enrichment = p.getByRole("dialog", { name: "Enrichment" });
  await expect(enrichment.getByText(/Enriched: 2 leads|Enriched: 1 lead|Nothing needed changing/)).toBeVisible({ timeout: 60_000 });
  await enrichment.getByRole("button", { name: "Done" }).click();
  await p.getByRole("row").filter({ hasText: "alan@bletchley.example" }).getByText("Alan Turing").click();
  await expect(p.getByLabel(/Score \d+ out of 100/)).toBeVisible();
  await expect(p.getByText(/^From (title analysis|email verification|name and title clean-up)/).first()).toBeVisible();
  await shot(p, "leads-drawer-enriched");
  await p.getByRole("button", { name: "Close lead" }).click();
  await expect(grid.getByRole("row").filter({ hasText: "ada@analytical.io" })).not.toContainText("—");

  // Merge duplicates: a dry run lists the groups, then confirm.
  await p.getByRole("button", { name: "Merge duplicates" }).click();
  const merge = p.getByRole("dialog", { name: "Merge duplicates" });
  await expect(merge.getByText("2 groups of duplicates", { exact: false })).toBeVisible();
  await expect(merge.getByText("Same name and company")).toBeVisible();
  await expect(merge.getByText("Same email")).toBeVisible();
  await merge.getByRole("button", { name: "Merge 2 groups" }).click();
  await expect(merge.getByText(/Merged 2 duplicate leads in 2 groups/)).toBeVisible();
  await merge.getByRole("button", { name: "Close" }).click();
  await expect(grid).not.toContainText("grace.hopper+news@gmail.com");

  // Quality report with its charts.
  await p.getByRole("tab", { name: "Data quality" }).click();
  await expect(p).toHaveURL(/view=quality/);
  await expect(p.getByText("Completeness per field")).toBeVisible();
  await expect(p.getByText("Email status", { exact: true })).toBeVisible();
  await expect(p.getByText("Score distribution")).toBeVisible();
  await expect(p.getByText("Duplicates", { exact: true })).toBeVisible();
  await shot(p, "leads-quality");
});
