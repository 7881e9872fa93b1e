/**
 * Client error tracking (shell spec §7 "Error report", §8): keeps the last 100 reports with
 * counts by type, field and component, and posts each one to /api/errors/report with a severity.
 * Sending is batched and retried on the next report, so a dropped connection loses nothing recent.
 * URLs lose their query values and fragments before a report is kept or sent: reset and
 * verification links put their tokens there.
 */
import { type ClientErrorType, redactUrl, redactUrlsDeep, redactUrlsInText } from "@prospector/contracts";
import { type ApiError, type ErrorSeverity, severityOf } from "./errors.ts";

export const ERROR_BUFFER_SIZE = 100;

/** The body of POST /api/errors/report (ErrorReportRequest in contracts). */
export interface ErrorReport {
  type: ClientErrorType;
  message: string;
  severity: ErrorSeverity;
  timestamp: string;
  url: string;
  user_agent: string;
  context: Record<string, unknown>;
  retryable?: boolean;
  status?: number;
  statusText?: string;
  code?: string;
  field?: string;
  constraints?: string[];
  requiredPermission?: string;
  timeout?: number;
  stack?: string;
}

export type ReportSender = (report: ErrorReport) => Promise<void>;

export interface ErrorStats {
  total: number;
  byType: Record<string, number>;
  byField: Record<string, number>;
  byComponent: Record<string, number>;
}

function bump(map: Record<string, number>, key: string | undefined): void {
  if (key) map[key] = (map[key] ?? 0) + 1;
}

export class ErrorTracker {
  private reports: ErrorReport[] = [];
  private pending: ErrorReport[] = [];
  private stats: ErrorStats = { total: 0, byType: {}, byField: {}, byComponent: {} };
  private flushing = false;
  private send: ReportSender | null = null;

  setSender(send: ReportSender): void {
    this.send = send;
  }

  trackApiError(error: ApiError, context: Record<string, unknown> = {}): void {
    this.track({
      type: error.type,
      severity: severityOf(error),
      message: error.message,
      retryable: error.retryable,
      status: error.status,
      statusText: error.statusText || undefined,
      code: error.code,
      field: error.field,
      constraints: error.constraints?.slice(0, 50),
      requiredPermission: error.requiredPermission,
      timeout: error.timeout,
      stack: error.stack?.slice(0, 20_000),
      context: { ...context, request: error.url === undefined ? undefined : redactUrl(error.url), http: error.httpLine },
    });
  }

  /** Errors that are not API errors: render crashes caught by the error boundary, unhandled rejections. */
  trackException(error: unknown, context: { component?: string; [k: string]: unknown } = {}): void {
    const err = error instanceof Error ? error : new Error(String(error));
    // Component stacks can be long; the server accepts 16 KB of context.
    const trimmed = Object.fromEntries(Object.entries(context).map(([k, v]) => [k, typeof v === "string" ? v.slice(0, 4000) : v]));
    this.track({
      type: "unknown",
      severity: "high",
      message: (err.message || "Unknown error").slice(0, 2000),
      stack: err.stack?.slice(0, 20_000),
      context: trimmed,
    });
  }

  private track(entry: Omit<ErrorReport, "url" | "user_agent" | "timestamp">): void {
    const report: ErrorReport = {
      ...entry,
      message: redactUrlsInText(entry.message),
      stack: entry.stack === undefined ? undefined : redactUrlsInText(entry.stack),
      context: redactUrlsDeep(entry.context),
      url: typeof window === "undefined" ? "" : redactUrl(window.location.href).slice(0, 2000),
      user_agent: typeof navigator === "undefined" ? "" : navigator.userAgent.slice(0, 500),
      timestamp: new Date().toISOString(),
    };
    this.reports.push(report);
    if (this.reports.length > ERROR_BUFFER_SIZE) this.reports.shift();
    this.pending.push(report);
    if (this.pending.length > ERROR_BUFFER_SIZE) this.pending.shift();
    this.stats.total += 1;
    bump(this.stats.byType, report.type);
    bump(this.stats.byField, report.field);
    bump(this.stats.byComponent, report.context.component as string | undefined);
    void this.flush();
  }

  async flush(): Promise<void> {
    if (this.flushing || !this.send) return;
    this.flushing = true;
    try {
      while (this.pending.length > 0) {
        const next = this.pending[0]!;
        try {
          await this.send(next);
        } catch {
          return; // Keep it for the next attempt; the server may be down right now.
        }
        this.pending.shift();
      }
    } finally {
      this.flushing = false;
    }
  }

  recent(): readonly ErrorReport[] {
    return this.reports;
  }

  pendingCount(): number {
    return this.pending.length;
  }

  getStats(): ErrorStats {
    return structuredClone(this.stats);
  }
}

export const errorTracker = new ErrorTracker();
