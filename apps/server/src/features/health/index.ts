/** The health check's public surface: the response schema of GET /api/health. */
export { HealthResponse } from "./health.routes.ts";
