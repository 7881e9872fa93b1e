/** The ai-content routes' success bodies (see ../contract-routes.ts), copied from apps/server/src/features/ai-insights/content.routes.ts. */
import { ImagePage, MemoryLeadPage, MemorySearchPage, PersonalizedImage, TimelinePage, TimelineSummary } from "@prospector/contracts";
import type { StatusSchemas } from "../contract-routes.ts";

export const AI_CONTENT_ROUTES: Record<string, StatusSchemas> = {
  "GET /api/memory/leads": { 200: MemoryLeadPage },
  "GET /api/memory/leads/:id/timeline": { 200: TimelinePage },
  "GET /api/memory/leads/:id/summary": { 200: TimelineSummary },
  "GET /api/memory/search": { 200: MemorySearchPage },
  "GET /api/content/images": { 200: ImagePage },
  "POST /api/content/images": { 201: PersonalizedImage },
  "PATCH /api/content/images/:id": { 200: PersonalizedImage },
  "POST /api/content/images/:id/public-link": { 200: PersonalizedImage },
  "DELETE /api/content/images/:id/public-link": { 200: PersonalizedImage },
  "DELETE /api/content/images/:id": { 204: null },
};
