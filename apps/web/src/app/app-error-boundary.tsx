/**
 * Crash screens. The root one is the last line of defence; the route one (in RootRoute) catches a
 * page that throws while rendering, or whose chunk fails to load, and clears itself when the user
 * goes to another address. Both log what they caught.
 */
import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorFallback } from "../features/errors/components/error-fallback.tsx";
import { errorTracker } from "../lib/error-tracker.ts";

interface Props {
  children: ReactNode;
  /** Reported as the component that caught the error. */
  source?: string;
  /** A new value (the route's address) clears a caught error. */
  resetKey?: string;
}

export class AppErrorBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    errorTracker.trackException(error, {
      component: this.props.source ?? "AppErrorBoundary",
      componentStack: info.componentStack,
      path: window.location.pathname,
    });
  }

  componentDidUpdate(previous: Props): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  render(): ReactNode {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}
