/** Browser entry: providers around the router, crash reporting for anything unhandled. */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AppErrorBoundary } from "./app/app-error-boundary.tsx";
import { AppProviders } from "./app/providers.tsx";
import { errorTracker } from "./lib/error-tracker.ts";
import { ApiError } from "./lib/errors.ts";
import { createAppRouter } from "./router.tsx";

window.addEventListener("unhandledrejection", (event) => {
  // API errors are reported by the client itself; the rest would otherwise vanish.
  if (!(event.reason instanceof ApiError)) errorTracker.trackException(event.reason, { component: "unhandledrejection" });
});

const router = createAppRouter();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <AppErrorBoundary>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </AppErrorBoundary>
  </StrictMode>,
);
