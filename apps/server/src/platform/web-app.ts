/**
 * Serves the built web app from the API's own origin. The build writes content-hashed files under
 * assets/ with brotli and gzip copies beside them (the precompress plugin in apps/web/vite.config.ts); they are
 * sent by content negotiation and cached for a year, since a changed file gets a new name.
 * index.html (any client-side route) is revalidated on every visit so a deploy is picked up at once,
 * and comes with `Link: rel=modulepreload` for the chunks of the page at that address (the build's
 * route-preloads.json), which the browser would otherwise request only after the entry has run.
 * For exactly `/` it sends landing.html instead when the build wrote one: the same page with the
 * landing page's first screen already in it (apps/web/scripts/prerender-landing.ts), compressed and
 * revalidated like index.html, without the Link header (the page names its chunks itself).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Config } from "../config.ts";

export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
export const REVALIDATE_CACHE = "no-cache";

/** The landing page prerendered at build time, sent for `/` only. */
const LANDING_HTML = "landing.html";

/** Hashed build output: the only files that may be cached for good. */
const ASSETS_PREFIX = "/assets/";

export function webDistDir(config: Config): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(config.WEB_DIST ?? path.join(here, "../../../web/dist"));
}

/** Serves the built web app, with index.html for client-side routes; does nothing when not built. */
export function registerWebApp(app: FastifyInstance, config: Config): void {
  const dist = webDistDir(config);
  if (!fs.existsSync(path.join(dist, "index.html"))) {
    app.log.warn(`web app not built (${dist}); run npm run build`);
    return;
  }
  const preloads = readPreloads(dist);
  // Checked per request, like the assets: a rebuild while the server runs is picked up.
  const landingHtml = path.join(dist, LANDING_HTML);
  const setCache = (reply: FastifyReply, file: string) => {
    const hashed = path.relative(dist, file).startsWith(`assets${path.sep}`);
    reply.header("cache-control", hashed ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
  };
  // Hashed assets: looked up per request (a rebuild while the server runs is served too); a
  // missing one is a 404, never index.html, so a stale page's import fails cleanly.
  app.register(fastifyStatic, {
    root: path.join(dist, "assets"),
    prefix: ASSETS_PREFIX,
    decorateReply: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply) => reply.header("cache-control", IMMUTABLE_CACHE),
  });
  // The rest of dist (index.html and any unhashed file placed there) through reply.sendFile.
  app.register(fastifyStatic, {
    root: dist,
    serve: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, file) => setCache(reply, file),
  });
  app.get("/*", { schema: { hide: true } }, (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    if (pathname.startsWith("/api/") || pathname.startsWith("/ws/")) {
      return reply.status(404).send({ detail: `No route ${request.method} ${pathname}`, code: "ROUTE_NOT_FOUND" });
    }
    let file: string;
    try {
      file = path.join(dist, decodeURIComponent(pathname));
    } catch {
      file = dist;
    }
    if (file.startsWith(`${dist}${path.sep}`) && !/\.(br|gz)$/.test(file) && isFile(file)) {
      return reply.sendFile(path.relative(dist, file));
    }
    // landing.html lists its chunks itself, at low priority: a Link header would fetch them at
    // high priority, ahead of the page that is already drawn.
    if (pathname === "/" && isFile(landingHtml)) return reply.sendFile(LANDING_HTML);
    const links = preloads.get(pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname);
    if (links) reply.header("link", links);
    return reply.sendFile("index.html");
  });
}

/** route-preloads.json ({"/sign-in": ["/assets/…js", …]}) as ready Link header values. */
function readPreloads(dist: string): Map<string, string> {
  const preloads = new Map<string, string>();
  try {
    const routes = JSON.parse(fs.readFileSync(path.join(dist, "route-preloads.json"), "utf8")) as Record<string, string[]>;
    for (const [route, files] of Object.entries(routes)) {
      const safe = files.filter((f) => /^\/assets\/[\w.-]+\.js$/.test(f));
      if (safe.length) preloads.set(route, safe.map((f) => `<${f}>; rel=modulepreload`).join(", "));
    }
  } catch {
    // An older build without the file: pages still load, one round trip later.
  }
  return preloads;
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
