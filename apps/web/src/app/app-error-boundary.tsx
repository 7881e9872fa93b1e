/** Last line of defence for crashes outside the router's own error handling; logs them. */
import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorFallback } from "../features/errors/components/error-fallback.tsx";
import { errorTracker } from "../lib/error-tracker.ts";

export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    errorTracker.trackException(error, { component: "AppErrorBoundary", componentStack: info.componentStack });
  }

  render(): ReactNode {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}
