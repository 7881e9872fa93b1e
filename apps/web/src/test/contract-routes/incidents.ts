/** The incidents and configuration scan routes' success bodies (see ../contract-routes.ts), copied from apps/server/src/features/security/incidents.routes.ts and scan.routes.ts. */
import {
  ContainmentResult,
  ContainmentTargets,
  IncidentDetail,
  IncidentPage,
  ScanHistory,
  ScanResult,
  ScanRunRecorded,
} from "@prospector/contracts";
import type { StatusSchemas } from "../contract-routes.ts";

export const INCIDENTS_ROUTES: Record<string, StatusSchemas> = {
  "GET /api/incidents": { 200: IncidentPage },
  "POST /api/incidents": { 201: IncidentDetail },
  "GET /api/incidents/containment-targets": { 200: ContainmentTargets },
  "GET /api/incidents/:id": { 200: IncidentDetail },
  "PATCH /api/incidents/:id": { 200: IncidentDetail },
  "POST /api/incidents/:id/comments": { 201: IncidentDetail },
  "POST /api/incidents/:id/actions": { 200: ContainmentResult },
  "GET /api/security/scan": { 200: ScanResult },
  "POST /api/security/scan": { 201: ScanRunRecorded },
  "GET /api/security/scan/history": { 200: ScanHistory },
};
