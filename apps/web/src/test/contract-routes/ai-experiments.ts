/** The ai-experiments routes' success bodies (see ../contract-routes.ts), copied from apps/server/src/features/ai-insights/experiments.routes.ts. */
import { BanditList, CausalAbResult, CausalChangeResult, CausalOptions, Diagnosis, DoctorCampaigns } from "@prospector/contracts";
import type { StatusSchemas } from "../contract-routes.ts";

export const AI_EXPERIMENTS_ROUTES: Record<string, StatusSchemas> = {
  "GET /api/ai/bandit": { 200: BanditList },
  "GET /api/ai/causal/options": { 200: CausalOptions },
  "GET /api/ai/causal/ab": { 200: CausalAbResult },
  "GET /api/ai/causal/change": { 200: CausalChangeResult },
  "GET /api/ai/doctor/campaigns": { 200: DoctorCampaigns },
  "POST /api/ai/doctor": { 200: Diagnosis },
};
