/**
 * Build step after `vite build` (package.json "build"): writes dist/landing.html, the landing page's
 * first screen as HTML, so a visitor of / sees the page before any JavaScript has downloaded and run
 * (bench/README.md, bench/web fourth round). It is dist/index.html with the landing page's markup
 * inside #root and its critical CSS (the emotion styles that markup uses) in a <style> tag; the
 * scripts are the same, and on / the entry renders the app over the markup (src/main.tsx). The
 * server sends it for exactly / (apps/server/src/platform/web-app.ts), with brotli and gzip copies
 * written here like the build's own.
 *
 * The render runs the app's modules through Vite's SSR loader (src/features/landing/pages/landing-page.tsx
 * inside the app's providers, see prerender-entry.tsx), as a signed-out visitor with the default
 * (light) theme.
 *
 *   node scripts/prerender-landing.ts [distDir]
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import react from "@vitejs/plugin-react";
import { createServer, type Plugin } from "vite";

process.env.NODE_ENV = "production";

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.resolve(process.argv[2] ?? path.join(webRoot, "dist"));
const ROOT_TAG = '<div id="root"></div>';

/** The session module the prerender renders with: nobody is signed in at build time. */
function signedOutSession(): Plugin {
  const real = path.join(webRoot, "src/features/auth/api/use-session.ts");
  const replacement = path.join(webRoot, "scripts/prerender-session.ts");
  return {
    name: "prospector:prerender-session",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!source.includes("use-session")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === real ? replacement : null;
    },
  };
}

/**
 * Starts the app once the prerendered page has painted: it adds the tags of index.html's scripts
 * (kept in <template id="landing-scripts">) to the document. Fetched before the first paint, the
 * 168 KB of scripts would share the connection with the page itself and hold back its paint on a
 * slow line; the page is already readable without them. A script file, not inline: the
 * Content-Security-Policy allows only the site's own scripts.
 */
export const BOOT_JS = `(() => {
  let started = false;
  const start = () => {
    const list = document.getElementById("landing-scripts");
    if (started || !list) return;
    started = true;
    for (const tag of list.content.children) {
      const el = document.createElement(tag.tagName);
      for (const { name, value } of tag.attributes) el.setAttribute(name, value);
      document.head.append(el);
    }
  };
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);
})();
`;

const SCRIPT_TAGS = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g;
/**
 * The boot file that sends a signed-in visit's first requests (src/boot/early-requests.ts, tagged
 * by vite.config.ts): it does nothing on /, so the landing page does not load it.
 */
const EARLY_REQUESTS_TAG = /<script [^>]*data-early-requests[^>]*><\/script>/g;

/**
 * index.html with the markup in #root and the CSS before </head>; fails loudly if the shape changed.
 * Its script tags move into a template that `bootSrc` (BOOT_JS) starts after the first paint, with
 * `preloads`, the landing page's own chunks (route-preloads.json), which index.html gets as a Link
 * header instead (the server sends none with landing.html).
 */
export function landingHtml(
  index: string,
  markup: string,
  css: string,
  bootSrc: string,
  preloads: string[] = [],
  names: string[] = [],
): string {
  if (!index.includes(ROOT_TAG) || !index.includes("</head>")) throw new Error(`index.html has no ${ROOT_TAG} or </head>`);
  if (!markup.trim()) throw new Error("the landing page rendered nothing");
  const html = index.replace(EARLY_REQUESTS_TAG, "");
  const scripts = html.match(SCRIPT_TAGS) ?? [];
  if (!scripts.some((tag) => tag.startsWith("<script"))) throw new Error("index.html has no module script");
  const emotion = names.length ? ` data-emotion="css ${names.join(" ")}"` : "";
  const style = `<style data-prerendered="landing"${emotion}>${css.replaceAll("</style", "<\\/style")}</style>`;
  const links = preloads.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join("");
  const template = `<template id="landing-scripts">${scripts.join("")}${links}</template>`;
  return html
    .replace(SCRIPT_TAGS, "")
    .replace("</head>", `<script defer src="${bootSrc}"></script>${template}${style}</head>`)
    .replace(ROOT_TAG, `<div id="root" data-prerendered="landing">${markup}</div>`);
}

/** The landing page's chunks from the build's route-preloads.json (none if it is missing). */
async function landingPreloads(): Promise<string[]> {
  try {
    const routes = JSON.parse(await readFile(path.join(dist, "route-preloads.json"), "utf8")) as Record<string, string[]>;
    return (routes["/"] ?? []).filter((f) => /^\/assets\/[\w.-]+\.js$/.test(f));
  } catch {
    return [];
  }
}

async function main(): Promise<void> {
  const index = await readFile(path.join(dist, "index.html"), "utf8");
  const server = await createServer({
    root: webRoot,
    configFile: false,
    mode: "production",
    logLevel: "warn",
    appType: "custom",
    plugins: [signedOutSession(), react()],
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const entry = (await server.ssrLoadModule("/scripts/prerender-entry.tsx")) as typeof import("./prerender-entry.tsx");
    const { html, css, names } = entry.renderLanding();
    const boot = `assets/landing-boot-${createHash("sha256").update(BOOT_JS).digest("hex").slice(0, 10)}.js`;
    await mkdir(path.join(dist, "assets"), { recursive: true });
    await writeFile(path.join(dist, boot), BOOT_JS);
    const page = landingHtml(index, html, css, `/${boot}`, await landingPreloads(), names);
    const file = path.join(dist, "landing.html");
    const body = Buffer.from(page);
    const [br, gz] = await Promise.all([
      promisify(zlib.brotliCompress)(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      promisify(zlib.gzip)(body, { level: 9 }),
    ]);
    await Promise.all([writeFile(file, body), writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    console.log(
      `landing.html: ${(body.length / 1024).toFixed(1)} KB (${(css.length / 1024).toFixed(1)} KB of CSS), brotli ${(br.length / 1024).toFixed(1)} KB`,
    );
  } finally {
    await server.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
