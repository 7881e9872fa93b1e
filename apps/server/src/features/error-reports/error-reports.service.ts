/**
 * Stores what the web app's error tracker sends (shell §7, §8): severity derived when absent,
 * caller attached when signed in, and retention bounded on every insert (newest 10,000, 30 days).
 */
import {
  deriveSeverity,
  ERROR_REPORT_LIMITS,
  type ErrorReportList,
  type ErrorReportRequest,
  type ErrorSeverity,
  redactUrl,
  redactUrlsDeep,
  redactUrlsInText,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import * as repo from "./error-reports.repository.ts";

type Ctx = Pick<AppContext, "db" | "log">;

const KNOWN = new Set(["type", "message", "severity", "stack", "context", "url", "user_agent"]);

export async function submitErrorReport(
  ctx: Ctx,
  input: ErrorReportRequest,
  meta: { auth: AuthContext | null; userAgent?: string; ip: string },
  retention: { maxRows: number; maxAgeDays: number } = ERROR_REPORT_LIMITS,
): Promise<{ id: string; severity: ErrorSeverity }> {
  const severity = input.severity ?? deriveSeverity(input);
  // The rest of the error object (field, status, retryable, timestamp, …) is kept with the context.
  const error = Object.fromEntries(Object.entries(input).filter(([k]) => !KNOWN.has(k)));
  const url = input.url ?? (typeof input.context?.url === "string" ? input.context.url.slice(0, 2000) : null);
  // Older or other clients may still send URLs with reset/verification tokens: never store them.
  const row = await repo.insertErrorReport(ctx.db, {
    type: input.type,
    severity,
    message: redactUrlsInText(input.message),
    stack: input.stack ? redactUrlsInText(input.stack) : null,
    context: redactUrlsDeep({ ...(input.context ?? {}), error, ip: meta.ip }),
    url: url === null ? null : redactUrl(url),
    userAgent: (input.user_agent ?? meta.userAgent ?? "").slice(0, 500) || null,
    field: typeof input.field === "string" ? input.field.slice(0, 200) : "",
    component: typeof input.context?.component === "string" ? input.context.component.slice(0, 200) : "",
    userId: meta.auth?.userId ?? null,
    workspaceId: meta.auth?.workspaceId ?? null,
    createdAt: new Date(),
  });
  const pruned = await repo.pruneErrorReports(ctx.db, retention);
  if (pruned > 0) ctx.log.debug({ pruned }, "error reports pruned");
  return { id: row.id, severity };
}

/** Reports can hold URLs and messages from every organization: only instance admins read them. */
export async function listErrorReports(
  ctx: Ctx,
  auth: AuthContext,
  q: { page: number; per_page: number; type?: string; severity?: string },
): Promise<ErrorReportList> {
  if (!auth.isInstanceAdmin) throw new AppError("INSTANCE_ADMIN_REQUIRED");
  const [{ rows, total }, byType, bySeverity] = await Promise.all([
    repo.listErrorReports(ctx.db, q, { limit: q.per_page, offset: (q.page - 1) * q.per_page }),
    repo.countErrorReportsBy(ctx.db, "type"),
    repo.countErrorReportsBy(ctx.db, "severity"),
  ]);
  return {
    reports: rows.map((r) => ({
      id: r.id,
      type: r.type,
      severity: r.severity,
      message: r.message,
      stack: r.stack,
      context: r.context,
      url: r.url,
      user_agent: r.userAgent,
      user_id: r.userId,
      workspace_id: r.workspaceId,
      created_at: r.createdAt.toISOString(),
    })),
    total,
    page: q.page,
    per_page: q.per_page,
    counts_by_type: byType,
    counts_by_severity: bySeverity,
  };
}
