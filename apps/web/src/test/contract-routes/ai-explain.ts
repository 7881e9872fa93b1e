/** The ai-explain routes' success bodies (see ../contract-routes.ts), copied from apps/server/src/features/ai-insights/explain.routes.ts. */
import {
  AiOutputExplanation,
  AiOutputPage,
  LeadWhy,
  ModelPerformanceResult,
  ModelsOverview,
  PatternsResult,
  RecommendationWhy,
  RecommendationWhyPage,
  ReplyWhy,
} from "@prospector/contracts";
import type { StatusSchemas } from "../contract-routes.ts";

export const AI_EXPLAIN_ROUTES: Record<string, StatusSchemas> = {
  "GET /api/ai/explain/outputs": { 200: AiOutputPage },
  "GET /api/ai/explain/actions/:id": { 200: AiOutputExplanation },
  "GET /api/ai/explain/leads/:id": { 200: LeadWhy },
  "GET /api/ai/explain/replies/:id": { 200: ReplyWhy },
  "GET /api/ai/explain/recommendations": { 200: RecommendationWhyPage },
  "GET /api/ai/explain/recommendations/:id": { 200: RecommendationWhy },
  "GET /api/ai/explain/models": { 200: ModelsOverview },
  "GET /api/ai/explain/patterns": { 200: PatternsResult },
  "GET /api/ai/explain/performance": { 200: ModelPerformanceResult },
};
