import { defineErrors } from "./define-errors.ts";

export const commonErrors = defineErrors({
  VALIDATION_FAILED: { status: 422, detail: "Validation failed" },
  BAD_REQUEST: { status: 400, detail: "Bad request" },
  NOT_FOUND: { status: 404, detail: "Not found" },
  ROUTE_NOT_FOUND: { status: 404, detail: "No such API route" },
  CONFLICT: { status: 409, detail: "Conflict" },
  UNAUTHENTICATED: { status: 401, detail: "Authentication required. Please log in again." },
  FORBIDDEN: { status: 403, detail: "You do not have permission to perform this action." },
  RATE_LIMITED: { status: 429, detail: "Rate limit exceeded" },
  PAYLOAD_TOO_LARGE: { status: 413, detail: "Request too large" },
  INTERNAL: { status: 500, detail: "Server error occurred. Please try again later." },
  SERVICE_UNAVAILABLE: { status: 503, detail: "Service temporarily unavailable" },
});
