/** The system-health routes' success bodies (see ../contract-routes.ts), copied from apps/server/src/features/health/metrics.part.ts. */
import { HealthLive, HealthReady, SystemHistory, SystemInfrastructure, SystemStatus } from "@prospector/contracts";
import type { StatusSchemas } from "../contract-routes.ts";

export const SYSTEM_HEALTH_ROUTES: Record<string, StatusSchemas> = {
  "GET /api/health/live": { 200: HealthLive },
  "GET /api/health/ready": { 200: HealthReady, 503: HealthReady },
  "GET /api/system-health/status": { 200: SystemStatus },
  "GET /api/system-health/history": { 200: SystemHistory },
  "GET /api/system-health/infrastructure": { 200: SystemInfrastructure },
};
