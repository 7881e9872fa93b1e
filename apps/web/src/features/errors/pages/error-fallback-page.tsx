/** Route-level crash screen: logs what the router caught, then shows the shared fallback. */
import { useEffect } from "react";
import { useRouteError } from "react-router";
import { errorTracker } from "../../../lib/error-tracker.ts";
import { ErrorFallback } from "../components/error-fallback.tsx";

export default function ErrorFallbackPage() {
  const error = useRouteError();
  useEffect(() => {
    errorTracker.trackException(error, { component: "RouteErrorBoundary", path: window.location.pathname });
  }, [error]);
  return <ErrorFallback />;
}
