/** The analytics-intelligence routes' success bodies (see ../contract-routes.ts), as intelligence.routes.ts answers them. */
import {
  Benchmark,
  BenchmarkList,
  CompetitiveAnswer,
  InsightRun,
  InsightsAnswer,
  LeadSourceAnswer,
  ReportResult,
} from "@prospector/contracts";
import type { StatusSchemas } from "../contract-routes.ts";

export const ANALYTICS_INTELLIGENCE_ROUTES: Record<string, StatusSchemas> = {
  "GET /api/analytics/intelligence/insights": { 200: InsightsAnswer },
  "POST /api/analytics/intelligence/insights/recompute": { 200: InsightRun, 202: InsightRun },
  "GET /api/analytics/intelligence/insights/runs/:id": { 200: InsightRun },
  "GET /api/analytics/intelligence/competitive": { 200: CompetitiveAnswer },
  "GET /api/analytics/intelligence/benchmarks": { 200: BenchmarkList },
  "POST /api/analytics/intelligence/benchmarks": { 201: Benchmark },
  "PUT /api/analytics/intelligence/benchmarks/:id": { 200: Benchmark },
  "DELETE /api/analytics/intelligence/benchmarks/:id": { 204: null },
  "GET /api/analytics/intelligence/lead-sources": { 200: LeadSourceAnswer },
  // The engine's query, as the chart gallery calls it (also in analytics-engine.ts once its helper maps it; same schema).
  "POST /api/analytics/query": { 200: ReportResult },
};
