/** The optimization routes' success bodies (see ../contract-routes.ts), as optimization.routes.ts answers them. */
import {
  CalculatorPrefill,
  CostModelAnswer,
  FunnelAnswer,
  LiveEventPage,
  PerformanceAnswer,
  RoiAnswer,
  Scenario,
  ScenarioPage,
} from "@prospector/contracts";
import type { StatusSchemas } from "../contract-routes.ts";

export const OPTIMIZATION_ROUTES: Record<string, StatusSchemas> = {
  "GET /api/analytics/optimization/funnel": { 200: FunnelAnswer },
  "GET /api/analytics/optimization/funnel/compare": { 200: FunnelAnswer },
  "GET /api/analytics/optimization/cost-model": { 200: CostModelAnswer },
  "PUT /api/analytics/optimization/cost-model": { 200: CostModelAnswer },
  "GET /api/analytics/optimization/roi": { 200: RoiAnswer },
  "GET /api/analytics/optimization/calculator/prefill": { 200: CalculatorPrefill },
  "GET /api/analytics/optimization/scenarios": { 200: ScenarioPage },
  "POST /api/analytics/optimization/scenarios": { 201: Scenario },
  "PATCH /api/analytics/optimization/scenarios/:id": { 200: Scenario },
  "DELETE /api/analytics/optimization/scenarios/:id": { 204: null },
  "GET /api/analytics/optimization/performance": { 200: PerformanceAnswer },
  "GET /api/analytics/optimization/events": { 200: LiveEventPage },
};
