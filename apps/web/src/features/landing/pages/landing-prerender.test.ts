/**
 * The build's prerender step (scripts/prerender-landing.ts) run for real on a minimal index.html:
 * the page it writes for / must show every section without JavaScript, styled, with the scripts
 * untouched.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const SCRIPT = path.resolve(__dirname, "../../../../scripts/prerender-landing.ts");
const INDEX = `<!doctype html><html lang="en"><head><script type="module" async src="/assets/early-requests-E.js" data-early-requests></script><title>Prospector</title><script type="module" crossorigin src="/assets/index-A.js"></script></head><body><div id="root"></div><noscript>x</noscript></body></html>`;

describe("landing prerender (build step)", () => {
  let dist: string;
  let page: string;
  let markup: string;
  let css: string;
  let names: string[];
  beforeAll(() => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "prospector-prerender-"));
    fs.writeFileSync(path.join(dist, "index.html"), INDEX);
    fs.writeFileSync(
      path.join(dist, "route-preloads.json"),
      JSON.stringify({ "/": ["/assets/landing-B.js"], "/sign-in": ["/assets/x.js"] }),
    );
    execFileSync(process.execPath, [SCRIPT, dist], { stdio: "pipe", timeout: 90_000 });
    page = fs.readFileSync(path.join(dist, "landing.html"), "utf8");
    markup = /<div id="root" data-prerendered="landing">([\s\S]*)<\/div><noscript>/.exec(page)?.[1] ?? "";
    const style = /<style data-prerendered="landing" data-emotion="css ([\w ]+)">([\s\S]*?)<\/style>/.exec(page);
    names = style?.[1]?.split(" ") ?? [];
    css = style?.[2] ?? "";
  }, 120_000);
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it("keeps index.html's head, fills #root, and starts the scripts after the first paint", () => {
    expect(page.startsWith('<!doctype html><html lang="en"><head><title>Prospector</title>')).toBe(true);
    // The signed-in visit's early requests (src/boot/early-requests.ts) have nothing to do on /.
    expect(page).not.toContain("early-requests");
    expect(page).not.toContain('<div id="root"></div>');
    // One script runs from the page: the boot file. index.html's module script and the landing
    // page's own chunks (route-preloads.json for /) wait in a template until it adds them.
    const boot = /<script defer src="\/(assets\/landing-boot-\w+\.js)"><\/script>/.exec(page)?.[1] ?? "";
    expect(fs.readFileSync(path.join(dist, boot), "utf8")).toContain("landing-scripts");
    const template = /<template id="landing-scripts">(.*?)<\/template>/.exec(page)?.[1];
    expect(template).toBe(
      '<script type="module" crossorigin src="/assets/index-A.js"></script><link rel="modulepreload" crossorigin href="/assets/landing-B.js">',
    );
    expect(page.replace(/<template[\s\S]*?<\/template>/, "").match(/<script/g)).toHaveLength(1);
  });

  it("draws every section for a signed-out visitor, none hidden for a fade-in", () => {
    for (const id of ["features", "solutions", "pricing", "resources", "company"]) expect(markup).toContain(`id="${id}"`);
    expect(markup).toContain('href="/login?action=signup"');
    expect(markup).toContain(">Sign In<");
    // FadeIn's shown state (fade-in.tsx), never its hidden one.
    expect(css).toMatch(/\{opacity:1;[^}]*transform:none;[^}]*opacity 600ms/);
    expect(css).not.toContain("translateY(24px)");
  });

  it("carries a rule for every emotion class the markup uses", () => {
    const used = new Set(
      [...markup.matchAll(/class="([^"]*)"/g)].flatMap((m) => (m[1] ?? "").split(" ")).filter((c) => c.startsWith("css-")),
    );
    expect(used.size).toBeGreaterThan(20);
    // Classes of elements styled with nothing have no rule: emotion's css-0, and MUI's accordion
    // region (an unstyled slot) for the solutions section's steps.
    const unstyled = ["css-0", /class="MuiAccordion-region (css-\w+)"/.exec(markup)?.[1]];
    expect([...used].filter((c) => !css.includes(`.${c}`) && !unstyled.includes(c))).toEqual([]);
    // Emotion's names for them, so the browser's cache does not insert the same rules again.
    expect([...used].filter((c) => !names.includes(c.slice(4)) && !unstyled.includes(c))).toEqual([]);
  });

  it("writes brotli and gzip copies of the same page", () => {
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dist, "landing.html.br"))).toString()).toBe(page);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dist, "landing.html.gz"))).toString()).toBe(page);
  });
});
