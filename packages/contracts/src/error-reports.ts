/**
 * Client error reports (shell §3 "Error object", §7 POST /api/errors/report, §8 severity). The
 * web app's error tracker posts one report per error; admins read them back with counts by type.
 */
import { z } from "zod";

export const ClientErrorType = z.enum(["validation", "network", "server", "permission", "timeout", "unknown"]);
export type ClientErrorType = z.infer<typeof ClientErrorType>;
export const ErrorSeverity = z.enum(["low", "medium", "high", "critical"]);
export type ErrorSeverity = z.infer<typeof ErrorSeverity>;

export const ERROR_REPORT_LIMITS = {
  messageChars: 2_000,
  stackChars: 20_000,
  contextChars: 16_384,
  /** Whole request body. */
  bodyBytes: 64 * 1024,
  /** Retention: the newest this many reports, none older than maxAgeDays. */
  maxRows: 10_000,
  maxAgeDays: 30,
  perIpPerMinute: 60,
} as const;

const jsonChars = (v: unknown) => JSON.stringify(v ?? null).length;
const bounded = (max: number, name: string) => z.string().max(max, `${name} must be at most ${max} characters`);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The spec's body is "the error object, context and stack trace": `{error: {type, message, …},
 * context, stackTrace}` is read as the flat report our web app sends (a wrapper's own context and
 * stack win over the error's). A body with a top-level type or message is flat already.
 */
function flattenWrapped(body: unknown): unknown {
  if (!isRecord(body) || !isRecord(body.error) || "type" in body || "message" in body) return body;
  const { error, context, stackTrace, stack_trace, stack, ...rest } = body;
  const merged = isRecord(context) && isRecord(error.context) ? { ...error.context, ...context } : (context ?? error.context);
  const trace = stackTrace ?? stack_trace ?? stack ?? error.stack;
  const { context: _context, stack: _stack, ...fields } = error;
  return { ...rest, ...fields, ...(merged === undefined ? {} : { context: merged }), ...(trace === undefined ? {} : { stack: trace }) };
}

/**
 * The error object plus context and stack, flat or wrapped (see flattenWrapped); unknown extra
 * fields are kept (bounded by the body limit).
 */
const FlatErrorReport = z.looseObject({
  type: ClientErrorType,
  message: z
    .string()
    .min(1, "message is required")
    .max(ERROR_REPORT_LIMITS.messageChars, `message must be at most ${ERROR_REPORT_LIMITS.messageChars} characters`),
  severity: ErrorSeverity.optional(),
  timestamp: z.union([z.string().max(64), z.number()]).optional(),
  retryable: z.boolean().optional(),
  field: bounded(200, "field").optional(),
  status: z.number().int().optional(),
  statusText: bounded(200, "statusText").optional(),
  code: bounded(100, "code").optional(),
  requiredPermission: bounded(200, "requiredPermission").optional(),
  timeout: z.number().optional(),
  constraints: z.array(bounded(500, "constraint")).max(50).optional(),
  url: bounded(2_000, "url").optional(),
  user_agent: bounded(500, "user_agent").optional(),
  stack: bounded(ERROR_REPORT_LIMITS.stackChars, "stack").optional(),
  context: z
    .record(z.string(), z.unknown())
    .refine((c) => jsonChars(c) <= ERROR_REPORT_LIMITS.contextChars, {
      message: `context must be at most ${ERROR_REPORT_LIMITS.contextChars} characters of JSON`,
    })
    .optional(),
});
export const ErrorReportRequest = z.preprocess(
  flattenWrapped,
  FlatErrorReport.describe("The error object's fields with `context` and `stack`; `{error, context, stackTrace}` is accepted too"),
);
export type ErrorReportRequest = z.infer<typeof ErrorReportRequest>;

export const ErrorReportAccepted = z.object({ id: z.string(), severity: ErrorSeverity });

export const ErrorReport = z.object({
  id: z.string(),
  type: z.string(),
  severity: z.string(),
  message: z.string(),
  stack: z.string().nullable(),
  context: z.record(z.string(), z.unknown()).nullable(),
  url: z.string().nullable(),
  user_agent: z.string().nullable(),
  user_id: z.string().nullable(),
  workspace_id: z.string().nullable(),
  created_at: z.string(),
});
export type ErrorReport = z.infer<typeof ErrorReport>;

export const ErrorReportListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100, "per_page must be at most 100").default(20),
  type: ClientErrorType.optional(),
  severity: ErrorSeverity.optional(),
});

export const ErrorReportList = z.object({
  reports: z.array(ErrorReport),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  /** Over every stored report, not just this page. */
  counts_by_type: z.record(z.string(), z.number().int()),
  counts_by_severity: z.record(z.string(), z.number().int()),
});
export type ErrorReportList = z.infer<typeof ErrorReportList>;
