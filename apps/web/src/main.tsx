/** Browser entry: providers around the router, crash reporting for anything unhandled. */
import { type ComponentType, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter, useLocation } from "react-router";
import { AppErrorBoundary } from "./app/app-error-boundary.tsx";
import { startEarly } from "./app/early-start.ts";
import { AppProviders } from "./app/providers.tsx";
import { createQueryClient } from "./app/query-client.ts";
import { markLandingPrerendered } from "./features/landing/lib/prerendered.ts";
import { errorTracker } from "./lib/error-tracker.ts";
import { ApiError } from "./lib/errors.ts";
import { AppRoutes } from "./router.tsx";

// zod probes for eval (new Function) to speed up parsing; under our Content-Security-Policy the
// probe fails and is reported as a violation, so it must not try. zod reads its settings from this
// global (its `config()` writes there too); setting it here keeps zod itself out of the public
// pages, which load none of it. e2e/specs/csp.spec.ts fails if a probe happens.
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodSettings.__zod_globalConfig = { ...zodSettings.__zod_globalConfig, jitless: true };

window.addEventListener("unhandledrejection", (event) => {
  // API errors are reported by the client itself; the rest would otherwise vanish.
  if (!(event.reason instanceof ApiError)) errorTracker.trackException(event.reason, { component: "unhandledrejection" });
});

const queryClient = createQueryClient();
// A signed-in visit to an app page asks for its session, settings and modules now, not one after another.
startEarly(queryClient, window.location.pathname);

const container = document.getElementById("root")!;

/**
 * `landing`: the landing page's module, loaded before the first render when the server sent `/` with
 * the page already drawn in #root (apps/web/scripts/prerender-landing.ts). Rendering it directly,
 * not through the router's lazy route, means React's first commit replaces the markup with the same
 * page instead of a "Loading..." placeholder. Any other address goes through the router as usual.
 */
function Pages({ landing: Landing }: { landing: ComponentType | null }) {
  const { pathname } = useLocation();
  if (Landing && pathname === "/") {
    return (
      <AppErrorBoundary source="RouteErrorBoundary">
        <Landing />
      </AppErrorBoundary>
    );
  }
  return <AppRoutes />;
}

function render(landing: ComponentType | null) {
  createRoot(container).render(
    <StrictMode>
      <AppErrorBoundary>
        <AppProviders client={queryClient}>
          <BrowserRouter>
            <Pages landing={landing} />
          </BrowserRouter>
        </AppProviders>
      </AppErrorBoundary>
    </StrictMode>,
  );
}

if (window.location.pathname === "/" && container.dataset.prerendered === "landing") {
  markLandingPrerendered();
  import("./features/landing/pages/landing-page.tsx").then(
    (module) => render(module.default),
    () => render(null),
  );
} else {
  render(null);
}
