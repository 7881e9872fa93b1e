/** The lead-scoring routes' success bodies (see ../contract-routes.ts), copied from apps/server/src/features/lead-scoring/lead-scoring.routes.ts. */
import { LeadPredictionPage, LeadScoreExplanation, LeadScoreOverview, LeadScoreTrainJob } from "@prospector/contracts";
import type { StatusSchemas } from "../contract-routes.ts";

export const LEAD_SCORING_ROUTES: Record<string, StatusSchemas> = {
  "GET /api/lead-scoring/model": { 200: LeadScoreOverview },
  "POST /api/lead-scoring/train": { 202: LeadScoreTrainJob },
  "GET /api/lead-scoring/train-jobs/:id": { 200: LeadScoreTrainJob },
  "GET /api/lead-scoring/predictions": { 200: LeadPredictionPage },
  "GET /api/lead-scoring/leads/:id": { 200: LeadScoreExplanation },
};
