/**
 * Web benchmark: builds the web app, starts the real server (API + built app) on 127.0.0.1 with a
 * temporary DATA_DIR, and runs Lighthouse (mobile preset: simulated slow 4G and a 4× slower CPU)
 * on a cold cache against `/`, `/sign-in` and, signed in, `/dashboard`. For each route it prints
 * the JavaScript bytes on the wire (compressed, with headers) and uncompressed, the request count,
 * the same for CSS (stylesheet files, plus the CSS the HTML carries inline and the CSS the page
 * holds once it has rendered, most of it inserted by emotion at run time), and the performance and
 * accessibility scores, beside the targets. Prints one JSON object; exits
 * non-zero only when something crashes. Chromium is Debian's (CHROME_PATH, default
 * /usr/bin/chromium); Lighthouse never downloads a browser.
 *
 *   npm run bench:web -w bench               # build, then measure
 *   BENCH_WEB_BUILD=0 npm run bench:web -w bench   # measure the existing apps/web/dist
 *   BENCH_WEB_RUNS=3 …                       # Lighthouse runs per route (median score counts)
 *   BENCH_WEB_ROUTES=/,/sign-in …            # only these routes
 *   BENCH_WEB_REPORTS=<dir> …                # also write each Lighthouse report (JSON) there
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { CHROMIUM_FLAGS } from "../e2e/chromium.ts";
import { startServer } from "./server-process.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_FLAGS];
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 1);
const REPORTS = process.env.BENCH_WEB_REPORTS;
const TARGETS = {
  "/": { js_kb: 170, performance: 95, accessibility: 100 },
  "/sign-in": { js_kb: 170, performance: 90, accessibility: 100 },
  "/dashboard": { js_kb: null, performance: 90, accessibility: 100 },
} as const;
type Route = keyof typeof TARGETS;

interface Measure {
  performance: number;
  accessibility: number;
  fcp_ms: number;
  lcp_ms: number;
  tbt_ms: number;
  js_kb_wire: number;
  js_kb_raw: number;
  js_requests: number;
  js_not_compressed: string[];
  /** Stylesheet files (<link rel=stylesheet>, @import): transferred with headers, and uncompressed. */
  css_kb_wire: number;
  css_kb_raw: number;
  css_requests: number;
}

/** CSS that is not a file of its own, measured once per route outside Lighthouse. */
interface PageCss {
  /** <style> elements in the HTML as the server sends it (uncompressed; on the wire inside the document). */
  css_kb_inline_html: number;
  /** Every rule of every style sheet once the page has rendered (network idle), as cssText. */
  css_kb_in_page: number;
  css_rules_in_page: number;
}

async function signUp(base: string, setupToken: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "bench@example.com", password: "Bench-web-1234!", full_name: "Bench Web", setup_token: setupToken }),
  });
  const body = (await res.json()) as { access_token?: string | null; detail?: string };
  if (!res.ok || !body.access_token) throw new Error(`sign-up failed (${res.status}): ${JSON.stringify(body)}`);
  return body.access_token;
}

/** One Lighthouse run in a fresh browser profile (cold cache); `token` signs the page in first. */
async function audit(base: string, route: Route, token?: string): Promise<Measure> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    if (token) {
      // The web app keeps the bearer token in localStorage (apps/web/src/lib/storage.ts). Set it
      // on a same-origin address that loads no script, so no app file enters the cache.
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      await page.goto(`${base}/api/health`);
      await page.evaluate((t) => window.localStorage.setItem("token", t), token);
      await page.close();
      await browser.disconnect();
    }
    const result = await lighthouse(`${base}${route}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
      // Keeps the token above; the profile is new, so the cache is cold all the same.
      disableStorageReset: Boolean(token),
    });
    if (!result) throw new Error(`no Lighthouse result for ${route}`);
    const { lhr } = result;
    if (REPORTS) {
      fs.mkdirSync(REPORTS, { recursive: true });
      fs.writeFileSync(path.join(REPORTS, `${route.replace(/\W+/g, "_") || "root"}-${Date.now()}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`${route}: ${lhr.runtimeError.message}`);
    if (token && !lhr.finalDisplayedUrl.endsWith(route)) throw new Error(`${route} was not shown signed in: ${lhr.finalDisplayedUrl}`);
    const requests = (lhr.audits["network-requests"]?.details as { items: NetworkItem[] } | undefined)?.items ?? [];
    const scripts = requests.filter((r) => r.resourceType === "Script");
    const sheets = requests.filter((r) => r.resourceType === "Stylesheet");
    const metric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      fcp_ms: metric("first-contentful-paint"),
      lcp_ms: metric("largest-contentful-paint"),
      tbt_ms: metric("total-blocking-time"),
      js_kb_wire: kb(scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0)),
      js_kb_raw: kb(scripts.reduce((sum, r) => sum + (r.resourceSize ?? 0), 0)),
      js_requests: scripts.length,
      js_not_compressed: await notCompressed(scripts),
      css_kb_wire: kb(sheets.reduce((sum, r) => sum + (r.transferSize ?? 0), 0)),
      css_kb_raw: kb(sheets.reduce((sum, r) => sum + (r.resourceSize ?? 0), 0)),
      css_requests: sheets.length,
    };
  } finally {
    chrome.kill();
  }
}

/** The CSS a route carries outside stylesheet files: inline in its HTML, and in the page once rendered. */
async function pageCss(base: string, route: Route, token?: string): Promise<PageCss> {
  const html = await (await fetch(`${base}${route}`)).text();
  const inline = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].reduce((sum, m) => sum + Buffer.byteLength(m[1] ?? ""), 0);
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    if (token) {
      await page.goto(`${base}/api/health`);
      await page.evaluate((t) => window.localStorage.setItem("token", t), token);
    }
    await page.goto(`${base}${route}`, { waitUntil: "networkidle0", timeout: 60_000 });
    const inPage = await page.evaluate(() => {
      let bytes = 0;
      let rules = 0;
      const encoder = new TextEncoder();
      for (const sheet of Array.from(document.styleSheets)) {
        for (const rule of Array.from(sheet.cssRules)) {
          bytes += encoder.encode(rule.cssText).length;
          rules++;
        }
      }
      return { bytes, rules };
    });
    await browser.disconnect();
    return { css_kb_inline_html: kb(inline), css_kb_in_page: kb(inPage.bytes), css_rules_in_page: inPage.rules };
  } finally {
    chrome.kill();
  }
}

/**
 * Scripts over 2 KB the server sends without Content-Encoding. The transfer size alone cannot tell
 * (a 2.5 KB file compressed to 1 KB still costs about 1 KB of response headers on a cold cache),
 * so a script whose transfer is close to its size is asked for again, as a browser asks, and the
 * answer's Content-Encoding decides.
 */
async function notCompressed(scripts: NetworkItem[]): Promise<string[]> {
  const suspects = scripts.filter((r) => (r.resourceSize ?? 0) > 2048 && (r.transferSize ?? 0) > 0.6 * (r.resourceSize ?? 0));
  const plain = await Promise.all(
    suspects.map(async (r) => {
      const res = await fetch(r.url, { headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
      await res.arrayBuffer();
      return res.headers.get("content-encoding") ? null : r.url;
    }),
  );
  return plain.filter((url): url is string => url !== null);
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function main(): Promise<void> {
  if (process.env.BENCH_WEB_BUILD !== "0") {
    const build = spawnSync("npm", ["run", "build", "-w", "apps/web"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
    if (build.status !== 0) throw new Error("web build failed");
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "prospector-bench-web-"));
  const setupToken = randomBytes(16).toString("hex");
  const { base, proc } = await startServer({ DATA_DIR: dataDir, SETUP_TOKEN: setupToken });
  try {
    const token = await signUp(base, setupToken);
    const routes: Record<string, unknown> = {};
    const only = process.env.BENCH_WEB_ROUTES?.split(",").map((r) => r.trim());
    for (const route of (Object.keys(TARGETS) as Route[]).filter((r) => !only || only.includes(r))) {
      const runs: Measure[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(base, route, route === "/dashboard" ? token : undefined));
      const best = runs.find((r) => r.performance === median(runs.map((m) => m.performance))) as Measure;
      const target = TARGETS[route];
      routes[route] = {
        ...best,
        ...(await pageCss(base, route, route === "/dashboard" ? token : undefined)),
        performance_runs: runs.map((r) => r.performance),
        target,
        met: {
          js_kb: target.js_kb === null || best.js_kb_wire <= target.js_kb,
          performance: best.performance >= target.performance,
          accessibility: best.accessibility >= target.accessibility,
        },
      };
    }
    console.log(
      JSON.stringify(
        { bench: "web", lighthouse: "mobile preset, simulated throttling", runs_per_route: RUNS, chromium: CHROME_PATH, routes },
        null,
        2,
      ),
    );
  } finally {
    proc.kill("SIGTERM");
    await new Promise((r) => proc.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
