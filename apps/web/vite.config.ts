/**
 * Web app build: React, the dev proxy to the API on :8000 (so /api, /ws and /docs share one
 * origin as in production), and a build into apps/web/dist that the API server serves, with a
 * brotli and a gzip copy of every text file (apps/server/src/platform/web-app.ts picks one by
 * Accept-Encoding). Route chunking and its budget: bench/web and bench/README.md.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import react from "@vitejs/plugin-react";
import type { ChunkingContext, OutputBundle, OutputChunk } from "rolldown";
import { defineConfig, type Plugin } from "vite";

const apiTarget = process.env.PROSPECTOR_API_URL ?? "http://127.0.0.1:8000";

/** The pages a first visit lands on: the landing page and the auth screens (and the entry). */
const LANDING = 1;
const AUTH = 2;
function publicRoot(id: string): number {
  if (/[\\/]src[\\/]main\.tsx$/.test(id)) return LANDING | AUTH;
  if (/[\\/]src[\\/]features[\\/]landing[\\/]pages[\\/][^\\/]+-page\.tsx$/.test(id)) return LANDING;
  if (/[\\/]src[\\/]features[\\/]auth[\\/]pages[\\/][^\\/]+-page\.tsx$/.test(id)) return AUTH;
  return 0;
}
/** What every page runs: React, the router, MUI's styling engine, the query cache. */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@emotion[\\/][^\\/]+|stylis|hoist-non-react-statics|@babel[\\/]runtime|clsx|prop-types|react-is|@mui[\\/](system|styled-engine|utils|private-theming)|@tanstack[\\/](query-core|react-query))[\\/]/;
/**
 * Parts of TanStack Query only app pages call (several queries at once, infinite lists). The
 * walk below reaches every module of the package through its index, so without this they would
 * sit in the framework chunk every public page loads.
 */
const APP_ONLY_FRAMEWORK =
  /node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]build[\\/]modern[\\/](useQueries|queriesObserver|useInfiniteQuery|infiniteQueryObserver|useSuspenseQueries|useSuspenseInfiniteQuery|useMutationState|useIsFetching)\.js$/;
/** UI libraries whose modules a page loads one by one (each MUI component is its own module). */
const UI_LIBRARY = /node_modules[\\/](@mui[\\/](material|icons-material)|react-transition-group|@popperjs)[\\/]/;
/**
 * Small modules of our own that the first pages load: each alone would be a file of a few hundred
 * bytes, and on a cold cache every file costs its response headers too (about 0.7 KB here, more
 * than these modules). They go into the shared public UI chunk, which every page loads anyway.
 */
const PUBLIC_SMALL =
  /([\\/]src[\\/]features[\\/]landing[\\/]components[\\/]brand-mark\.tsx|[\\/]packages[\\/]contracts[\\/]src[\\/]plans\.ts)$/;
/**
 * What a signed-in first visit renders: the app shell and the dashboard, the page sign-in leads to.
 * Their libraries and shared modules go into one `app-shell` chunk (see appShellChunk).
 */
const APP_ROOT = /[\\/]src[\\/](app[\\/]layout[\\/]app-layout|features[\\/]dashboard[\\/]pages[\\/]dashboard-page)\.tsx$/;
/** The dashboard's own modules stay in its page chunk: other app pages never load them. */
const DASHBOARD_OWN = /[\\/]src[\\/]features[\\/]dashboard[\\/]/;
/** Pages a visitor reaches without signing in, besides the landing and auth pages. */
const PUBLIC_OTHER = /[\\/]src[\\/]features[\\/]errors[\\/]pages[\\/][^\\/]+-page\.tsx$/;
/** Entry modules whose lazy imports lead into the signed-in app (its routes, its early start). */
const APP_LOADERS = /[\\/]src[\\/](main\.tsx|router\.tsx|app[\\/]early-start\.ts)$/;
/** Package entry files re-export everything, so being imported by one says nothing about use. */
const BARREL = /node_modules[\\/]@mui[\\/](material|icons-material)[\\/]index\.m?js$/;

/**
 * Names the chunks of the libraries the public pages use. The framework chunk holds the parts of
 * React, the router, MUI's styling engine and TanStack Query that those pages run (the parts only
 * app pages use are split by route). UI-library modules go into three chunks: those both the
 * landing page and the auth screens use, and those only one of them uses. Left to automatic
 * splitting, each MUI component shared with the app became its own small chunk: 40 files for the
 * landing page, about 19 KB more on the wire than the same code in a few files. App pages load
 * these chunks too, and split the rest of MUI (and all of MUI X) by route.
 */
function publicUiChunks() {
  const roots = new Map<string, number>();
  let usedBy: Map<string, number> | undefined;
  /** Static imports from each public page, not through package entry files. */
  const walk = (ctx: ChunkingContext) => {
    const found = new Map<string, number>();
    for (const [root, pages] of roots) {
      const stack = [root];
      while (stack.length) {
        const id = stack.pop() as string;
        const seen = found.get(id) ?? 0;
        if ((seen & pages) === pages) continue;
        found.set(id, seen | pages);
        if (BARREL.test(id)) continue;
        stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
      }
    }
    return found;
  };
  const names = ["", "landing-ui", "auth-ui", "public-ui"];
  const plugin: Plugin = {
    name: "prospector:public-pages",
    apply: "build",
    transform(_code, id) {
      const pages = publicRoot(id);
      if (pages) roots.set(id, pages);
      return null;
    },
  };
  const appShell = appShellChunk();
  const name = (id: string, ctx: ChunkingContext): string | null => {
    const library =
      FRAMEWORK.test(id) && !APP_ONLY_FRAMEWORK.test(id)
        ? "framework"
        : UI_LIBRARY.test(id)
          ? "ui"
          : PUBLIC_SMALL.test(id)
            ? "small"
            : null;
    usedBy ??= walk(ctx);
    const pages = library ? (usedBy.get(id) ?? 0) : 0;
    if (!pages) return appShell.name(id, ctx);
    if (library === "small") return "public-ui";
    return library === "framework" ? "framework" : (names[pages] ?? null);
  };
  return { plugin: [plugin, appShell.plugin], name };
}

/**
 * Two chunks for the modules the app layout and the dashboard page import statically (libraries
 * and our own), except the dashboard's own modules and what the public pages load first (those
 * keep their chunks): `app-ui` for those the public pages' lazy parts use too (the landing's
 * phone menu and newsletter form load it instead of a dozen small MUI files), `app-shell` for
 * the rest. Left to automatic splitting, a signed-in first visit to /dashboard fetched 49 files,
 * most of them a few hundred bytes of MUI each: on a cold cache every file costs a request and
 * its response headers, six at a time on HTTP/1.1. Every app page is inside the layout, so all
 * of them load these chunks anyway; the few modules in them only the dashboard uses cost the
 * other pages a few kilobytes.
 */
function appShellChunk() {
  const appRoots = new Set<string>();
  const publicRoots = new Set<string>();
  /** Our modules' named imports from MUI's package entry, as the component modules they mean. */
  const muiImports = new Map<string, string[]>();
  let groups: Map<string, string> | undefined;
  /** Static imports from `roots`; with `dynamic`, lazy imports too, except APP_LOADERS'. */
  const closure = (ctx: ChunkingContext, roots: Iterable<string>, dynamic: boolean) => {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      if (BARREL.test(id)) continue;
      const info = ctx.getModuleInfo(id);
      const lazy = dynamic && !APP_LOADERS.test(id) ? (info?.dynamicallyImportedIds ?? []) : [];
      stack.push(...(info?.importedIds ?? []), ...(muiImports.get(id) ?? []), ...lazy);
    }
    return seen;
  };
  const plugin: Plugin = {
    name: "prospector:app-shell",
    apply: "build",
    async transform(code, id) {
      if (APP_ROOT.test(id)) appRoots.add(id);
      else if (PUBLIC_OTHER.test(id) || publicRoot(id)) publicRoots.add(id);
      // `import { Box, Stack } from "@mui/material"` names the package entry, which says nothing
      // about which components are used; Box and Stack have modules of their own.
      if (id.includes("node_modules")) return null;
      const names = [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']@mui\/material["']/g)].flatMap((m) =>
        (m[1] ?? "")
          .split(",")
          .map(
            (n) =>
              n
                .trim()
                .split(/\s+as\s+/)[0]
                ?.trim() ?? "",
          )
          .filter((n) => /^[A-Z]\w*$|^use[A-Z]\w*$/.test(n)),
      );
      if (names.length) {
        const resolved = await Promise.all(names.map((n) => this.resolve(`@mui/material/${n}`, id).catch(() => null)));
        muiImports.set(
          id,
          resolved.flatMap((r) => (r && !r.external ? [r.id] : [])),
        );
      }
      return null;
    },
  };
  const name = (id: string, ctx: ChunkingContext): string | null => {
    if (!groups) {
      // The entry and the public pages as they load (static imports), and with what they may
      // load later (their own lazy parts, such as the landing's phone menu and newsletter form),
      // but not the entry's lazy routes and early start, which lead into the app.
      const publicFirst = closure(ctx, publicRoots, false);
      const publicAll = closure(ctx, publicRoots, true);
      groups = new Map();
      for (const m of closure(ctx, appRoots, false)) {
        if (APP_ONLY_FRAMEWORK.test(m)) groups.set(m, "app-shell");
        if (DASHBOARD_OWN.test(m) || publicFirst.has(m)) continue;
        groups.set(m, publicAll.has(m) ? "app-ui" : "app-shell");
      }
    }
    return groups.get(id) ?? null;
  };
  return { plugin, name };
}

const publicUi = publicUiChunks();

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes name.br (quality 11) and name.gz (level 9) next to each text file of the build, once at
 * build time, so the server never compresses a static file per request. A copy that would not be
 * smaller is not written; the server then sends the file as it is.
 */
function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "prospector:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const body = await readFile(full);
          const [br, gz] = await Promise.all([
            brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
            gzip(body, { level: 9 }),
          ]);
          if (br.length < body.length) await writeFile(`${full}.br`, br);
          if (gz.length < body.length) await writeFile(`${full}.gz`, gz);
        }),
      );
    },
  };
}

/** The boot file that sends a signed-in first visit's requests before the app's scripts arrive. */
const EARLY_REQUESTS = "src/boot/early-requests.ts";
/** The addresses it sends requests for (its EARLY_PATHS). */
const EARLY_REQUEST_ROUTES = ["/dashboard"];

/** The boot file's chunk in the build's output; the build fails without it. */
function earlyRequestsChunk(bundle: OutputBundle): OutputChunk {
  const chunk = Object.values(bundle).find(
    (c): c is OutputChunk => c.type === "chunk" && c.isEntry && Boolean(c.facadeModuleId?.endsWith(EARLY_REQUESTS)),
  );
  if (!chunk) throw new Error(`no chunk for ${EARLY_REQUESTS}`);
  return chunk;
}

/**
 * The page modules each address renders first (router.tsx). A page's chunks load only once the
 * entry has run and the router has matched: one more round trip on a first visit. The server sends
 * these as `Link: rel=modulepreload` with index.html (platform/web-app.ts), so the browser fetches
 * them alongside the entry.
 */
const ROUTE_MODULES: Record<string, string[]> = {
  "/": ["src/features/landing/pages/landing-page.tsx"],
  "/landing": ["src/features/landing/pages/landing-page.tsx"],
  "/sign-in": ["src/features/auth/pages/sign-in-page.tsx"],
  "/sign-up": ["src/features/auth/pages/sign-up-page.tsx"],
  "/forgot-password": ["src/features/auth/pages/forgot-password-page.tsx"],
  "/reset-password": ["src/features/auth/pages/reset-password-page.tsx"],
  "/verify-email": ["src/features/auth/pages/verify-email-page.tsx"],
  "/dashboard": ["src/app/app-routes.tsx", "src/app/layout/app-layout.tsx", "src/features/dashboard/pages/dashboard-page.tsx"],
  "/leads": ["src/app/app-routes.tsx", "src/app/layout/app-layout.tsx", "src/features/leads/pages/leads-page.tsx"],
  "/campaigns": ["src/app/app-routes.tsx", "src/app/layout/app-layout.tsx", "src/features/campaigns/pages/campaigns-page.tsx"],
  "/analytics": ["src/app/app-routes.tsx", "src/app/layout/app-layout.tsx", "src/features/analytics/pages/analytics-page.tsx"],
};
export const ROUTE_PRELOADS_FILE = "route-preloads.json";

/** Writes route-preloads.json: for each address, the files of its pages not already in index.html. */
function routePreloads(): Plugin {
  let root = "";
  return {
    name: "prospector:route-preloads",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === "chunk");
      // The chunk that holds each module (a page's own chunk, or a named group such as app-shell).
      const byModule = new Map(chunks.flatMap((c) => c.moduleIds.map((m) => [m, c] as const)));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (files: string[]) => {
        const seen = new Set<string>();
        const stack = [...files];
        while (stack.length) {
          const file = stack.pop() as string;
          if (seen.has(file)) continue;
          seen.add(file);
          stack.push(...(byFile.get(file)?.imports ?? []));
        }
        return seen;
      };
      const entry = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
      const preloads: Record<string, string[]> = {};
      for (const [route, modules] of Object.entries(ROUTE_MODULES)) {
        const files = modules.map((m) => {
          const chunk = byModule.get(path.resolve(root, m));
          if (!chunk) throw new Error(`route-preloads: no chunk for ${m} (${route}); update ROUTE_MODULES`);
          return chunk.fileName;
        });
        preloads[route] = [...closure(files)].filter((f) => !entry.has(f)).map((f) => `/${f}`);
      }
      // Where the boot file sends requests, it comes first: the browser then asks for it before
      // the page's chunks take its six connections, and the requests it sends leave sooner.
      const early = earlyRequestsChunk(bundle).fileName;
      for (const route of EARLY_REQUEST_ROUTES) preloads[route]?.unshift(`/${early}`);
      this.emitFile({ type: "asset", fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 2)}\n` });
    },
  };
}

/**
 * Builds src/boot/early-requests.ts as an entry of its own (it imports nothing, so it waits for no
 * other file) and puts it first in index.html's head, `async`: it runs as soon as it arrives,
 * while the app's entry and its chunks are still downloading.
 */
function earlyRequests(): Plugin {
  return {
    name: "prospector:early-requests",
    config: (_config, { command }) =>
      command === "build" ? { build: { rolldownOptions: { input: { index: "index.html", "early-requests": EARLY_REQUESTS } } } } : {},
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        // In development the file is served from source.
        const src = `/${ctx.bundle ? earlyRequestsChunk(ctx.bundle).fileName : EARLY_REQUESTS}`;
        // data-early-requests: the landing's prerender (scripts/prerender-landing.ts) leaves it out.
        return [{ tag: "script", attrs: { type: "module", async: true, src, "data-early-requests": true }, injectTo: "head-prepend" }];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), publicUi.plugin, routePreloads(), earlyRequests()],
  server: {
    proxy: {
      "/api": { target: apiTarget, changeOrigin: false },
      "/ws": { target: apiTarget.replace(/^http/, "ws"), ws: true },
      "/docs": { target: apiTarget },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      treeshake: {
        // The contracts package is schemas and constants: importing PLANS must not bring every
        // schema (and with them zod) into the landing page. Building a zod schema has no effect
        // outside its value, so an unused one may be dropped. (Configure zod through `config`
        // from "zod/v4/core", never `z.config`, which this would drop.)
        moduleSideEffects: [{ test: /packages[\\/]contracts[\\/]/, sideEffects: false }],
        manualPureFunctions: ["z"],
      },
      output: {
        // Chunks follow the routes (lazy pages in router.tsx): a page downloads the libraries it
        // renders and nothing else, so the public pages never fetch MUI X or the app's code.
        codeSplitting: {
          groups: [{ name: publicUi.name, debugName: "public-pages", includeDependenciesRecursively: false }],
        },
      },
    },
  },
});
