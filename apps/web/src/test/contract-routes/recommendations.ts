/** The recommendations routes' success bodies (see ../contract-routes.ts), as apps/server/src/features/recommendations/recommendations.routes.ts answers. */
import {
  Playbooks,
  PlaybookTemplateDetail,
  PlaybookTemplateUsed,
  Recommendation,
  RecommendationApplicationPage,
  RecommendationPage,
  RecommendationRun,
} from "@prospector/contracts";
import type { StatusSchemas } from "../contract-routes.ts";

export const RECOMMENDATIONS_ROUTES: Record<string, StatusSchemas> = {
  "GET /api/playbooks": { 200: Playbooks },
  "GET /api/playbooks/templates/:hash": { 200: PlaybookTemplateDetail },
  "POST /api/playbooks/templates/:hash/use": { 200: PlaybookTemplateUsed },
  "GET /api/recommendations": { 200: RecommendationPage },
  "GET /api/recommendations/applications": { 200: RecommendationApplicationPage },
  "POST /api/recommendations/runs": { 200: RecommendationRun, 202: RecommendationRun },
  "GET /api/recommendations/runs/latest": { 200: RecommendationRun.nullable() },
  "GET /api/recommendations/runs/:id": { 200: RecommendationRun },
  "GET /api/recommendations/:id": { 200: Recommendation },
  "POST /api/recommendations/:id/apply": { 200: Recommendation },
  "POST /api/recommendations/:id/dismiss": { 200: Recommendation },
  "POST /api/recommendations/:id/snooze": { 200: Recommendation },
};
