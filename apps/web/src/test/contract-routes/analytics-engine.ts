/** The analytics-engine routes' success bodies (see ../contract-routes.ts), as engine.routes.ts answers them. */
import { AnalyticsCatalog, AnalyticsRefreshStatus, ReportResult } from "@prospector/contracts";
import type { StatusSchemas } from "../contract-routes.ts";

export const ANALYTICS_ENGINE_ROUTES: Record<string, StatusSchemas> = {
  "GET /api/analytics/catalog": { 200: AnalyticsCatalog },
  "POST /api/analytics/query": { 200: ReportResult },
  "GET /api/analytics/refresh": { 200: AnalyticsRefreshStatus },
  "POST /api/analytics/refresh": { 202: AnalyticsRefreshStatus },
};
