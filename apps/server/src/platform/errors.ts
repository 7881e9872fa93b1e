/**
 * One error type for the whole server. Services throw `AppError(code)`; the error handler turns
 * it into `{detail, code, errors?}` with the status from the contracts' exhaustive map.
 */
import { type ErrorBody, type ErrorCode, errorDetail, errorStatus, type FieldError } from "@prospector/contracts";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly extra: Partial<ErrorBody>;
  constructor(code: ErrorCode, detail?: string, extra: Partial<Omit<ErrorBody, "code" | "detail">> = {}) {
    super(detail ?? errorDetail[code]);
    this.code = code;
    this.status = errorStatus[code];
    this.extra = extra;
  }
  toBody(): ErrorBody {
    return { detail: this.message, code: this.code, ...this.extra };
  }
}

export const notFound = (what: string) => new AppError("NOT_FOUND", `${what} not found`);
export const validationError = (errors: FieldError[], detail?: string) =>
  new AppError("VALIDATION_FAILED", detail ?? errors[0]?.message ?? "Validation failed", { errors });

/** The volume (or the quota) a write went to is full: ENOSPC or EDQUOT from the filesystem. */
export function isDiskFull(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "ENOSPC" || code === "EDQUOT";
}

/** 507 INSUFFICIENT_STORAGE for a write refused by a full disk (any upload or file the server keeps). */
export const storageFull = (detail = "Not enough storage space on the server. Free some space or try again later.") =>
  new AppError("INSUFFICIENT_STORAGE", detail);

/**
 * PostgreSQL data exceptions (SQLSTATE class 22) that a client's value causes when it reaches a
 * query: text that is not a uuid, number or date where one is compared (22P02, 22007, 22008), a
 * number beyond its column (22003), a string over its column (22001), NUL or a lone surrogate in
 * text or JSON (22021, 22P05, and 22P02 for JSON). Drizzle wraps the driver's error: look through
 * `cause`. Returns the SQLSTATE, or null for any other error.
 */
const INPUT_SQLSTATES = new Set(["22P02", "22003", "22001", "22021", "22P05", "22007", "22008"]);
export function databaseInputError(err: unknown): string | null {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === "object" && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && INPUT_SQLSTATES.has(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * The database is out of reach, not the request at fault: the connection was refused, reset or
 * timed out, PostgreSQL is shutting down or starting (57P01–57P03), or a connection exception
 * (SQLSTATE class 08). Such a request can be retried once the database is back
 * (/api/health/ready says when). Looks through `cause` like databaseInputError.
 */
const UNREACHABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "57P01", "57P02", "57P03"]);
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/;
export function databaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === "object" && depth < 4; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof message === "string" && UNREACHABLE_MESSAGES.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client is asked to wait before retrying while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      // A lockout says when to come back the same way as a rate limit (RFC 9110 allows it on any status).
      if ((err.code === "RATE_LIMITED" || err.code === "ACCOUNT_LOCKED") && err.extra.retryAfter) {
        reply.header("retry-after", String(err.extra.retryAfter));
      }
      return reply.status(err.status).send(err.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body",
        message: v.message ?? "Invalid value",
      }));
      const body: ErrorBody = { detail: errors[0]?.message ?? "Validation failed", code: "VALIDATION_FAILED", errors };
      return reply.status(422).send(body);
    }
    if (isDiskFull(err)) {
      request.log.error({ err }, "request failed: no space left on the storage volume");
      return reply.status(507).send(storageFull().toBody());
    }
    const sqlstate = databaseInputError(err);
    if (sqlstate) {
      // The request's value, not the server, is at fault: a 422 like any invalid value, logged so
      // a route that should have validated it earlier can still be found.
      request.log.warn({ err, sqlstate }, "request refused by the database: a value it cannot store or compare");
      const body: ErrorBody = {
        detail: "A value in the request is not valid here (an id, number, date or text the database cannot use)",
        code: "VALIDATION_FAILED",
      };
      return reply.status(422).send(body);
    }
    if (databaseUnavailable(err)) {
      request.log.error({ err }, "request failed: the database is unavailable");
      reply.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
      const body: ErrorBody = { detail: "The database is unavailable; try again in a few seconds", code: "SERVICE_UNAVAILABLE" };
      return reply.status(503).send(body);
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, "request failed");
      const body: ErrorBody = { detail: errorDetail.INTERNAL, code: "INTERNAL" };
      return reply.status(500).send(body);
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type): keep its message.
    const code: ErrorCode =
      status === 413 ? "PAYLOAD_TOO_LARGE" : status === 404 ? "NOT_FOUND" : status === 429 ? "RATE_LIMITED" : "BAD_REQUEST";
    return reply.status(status).send({ detail: err.message, code } satisfies ErrorBody);
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith("/api/") || request.url === "/api") {
      return reply
        .status(404)
        .send({ detail: `No route ${request.method} ${request.url.split("?")[0]}`, code: "ROUTE_NOT_FOUND" } satisfies ErrorBody);
    }
    return reply.status(404).send({ detail: "Not found", code: "NOT_FOUND" } satisfies ErrorBody);
  });
}
