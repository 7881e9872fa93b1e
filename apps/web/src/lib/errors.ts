/**
 * The web app's one error type (shell spec §3 "Error object") and the message tables of §8:
 * request cause → message → retryable, generic messages, recovery hints and report severity.
 */

import { type ClientErrorType, deriveSeverity, type ErrorSeverity } from "@prospector/contracts";

export type ApiErrorType = ClientErrorType;
export type { ErrorSeverity };

export interface FieldError {
  field: string;
  message: string;
}

export const REQUEST_MESSAGES = {
  timeout: "Request timed out. Please try again.",
  // outreach-core §8 text, preferred over the shell's generic line: it tells a self-hoster what to check.
  network: "Cannot connect to server. Please ensure the backend is running on port 8000.",
  unauthorized: "You are not authorized to perform this action.",
  forbidden: "You do not have permission to perform this action.",
  validation: "Validation failed",
  server: "Server error. Please try again later.",
  unexpected: "An unexpected error occurred.",
} as const;

export const GENERIC_MESSAGES: Record<Exclude<ApiErrorType, "unknown">, string> = {
  validation: "Please check your input and try again.",
  network: "Connection problem. Please check your internet and try again.",
  server: "Something went wrong on our end. Please try again.",
  permission: "You don't have permission to do this.",
  timeout: "Request took too long. Please try again.",
};

export const RECOVERY_HINTS: Record<ApiErrorType, string[]> = {
  validation: ["Check your input", "Try again"],
  network: ["Check your connection", "Try again", "Refresh the page"],
  server: ["Wait a moment and try again", "Contact support if the problem persists"],
  permission: ["Contact your administrator"],
  timeout: ["Try again with a smaller request", "Wait a moment and try again"],
  unknown: ["Try again", "Refresh the page", "Contact support if the problem persists"],
};

export interface ApiErrorInit {
  type: ApiErrorType;
  message: string;
  retryable: boolean;
  status?: number;
  statusText?: string;
  code?: string;
  field?: string;
  constraints?: string[];
  requiredPermission?: string;
  detail?: string;
  errors?: FieldError[];
  timeout?: number;
  url?: string;
  /** The server's JSON error body as sent, for answers that carry more than detail and code (TWO_FACTOR_REQUIRED's token). */
  body?: unknown;
}

export class ApiError extends Error {
  readonly type: ApiErrorType;
  readonly retryable: boolean;
  readonly status?: number;
  readonly statusText?: string;
  readonly code?: string;
  readonly field?: string;
  readonly constraints?: string[];
  readonly requiredPermission?: string;
  readonly detail?: string;
  readonly errors?: FieldError[];
  readonly timeout?: number;
  readonly url?: string;
  readonly body?: unknown;
  readonly timestamp: string;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = "ApiError";
    this.type = init.type;
    this.retryable = init.retryable;
    this.status = init.status;
    this.statusText = init.statusText;
    this.code = init.code;
    this.field = init.field;
    this.constraints = init.constraints;
    this.requiredPermission = init.requiredPermission;
    this.detail = init.detail;
    this.errors = init.errors;
    this.timeout = init.timeout;
    this.url = init.url;
    this.body = init.body;
    this.timestamp = new Date().toISOString();
  }

  /** The shared client's status line, "HTTP {status}: {statusText}" (§8). */
  get httpLine(): string | undefined {
    return this.status === undefined ? undefined : `HTTP ${this.status}: ${this.statusText ?? ""}`.trim();
  }
}

/** Shell §8 severity; one rule shared with the server, which re-derives it from the report. */
export function severityOf(error: Pick<ApiError, "type" | "code" | "status">): ErrorSeverity {
  return deriveSeverity(error);
}

/** A message fit for a toast or an alert, whatever was thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    return error.requiredPermission ? `${error.message} (requires ${error.requiredPermission})` : error.message;
  }
  if (error instanceof Error && error.message) return error.message;
  return REQUEST_MESSAGES.unexpected;
}
