/** Browser entry: providers around the router, crash reporting for anything unhandled. */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppErrorBoundary } from "./app/app-error-boundary.tsx";
import { startEarly } from "./app/early-start.ts";
import { AppProviders } from "./app/providers.tsx";
import { createQueryClient } from "./app/query-client.ts";
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

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <AppErrorBoundary>
      <AppProviders client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </AppErrorBoundary>
  </StrictMode>,
);
