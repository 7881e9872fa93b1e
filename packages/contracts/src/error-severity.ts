/** Error severity (shell §8) without zod, so a page can derive it without loading the schemas. */
import type { ClientErrorType, ErrorSeverity } from "./error-reports.ts";

/** Shell §8: validation low; permission high; server high, critical for a 5xx; network and timeout medium. */
export function deriveSeverity(error: { type: ClientErrorType; status?: number | string | null; code?: string | null }): ErrorSeverity {
  switch (error.type) {
    case "validation":
      return "low";
    case "permission":
      return "high";
    case "server":
      return [error.status, error.code].some((v) => String(v ?? "").startsWith("5")) ? "critical" : "high";
    default:
      return "medium";
  }
}
