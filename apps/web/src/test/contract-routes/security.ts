/** The security routes' success bodies (see ../contract-routes.ts), copied from apps/server/src/features/security/detection.routes.ts. */
import {
  DetectionRun,
  DetectionStatus,
  SecurityAlertDetail,
  SecurityAlertPage,
  SecurityEventPage,
  SecurityRuleList,
  ThreatAnalytics,
} from "@prospector/contracts";
import type { StatusSchemas } from "../contract-routes.ts";

export const SECURITY_ROUTES: Record<string, StatusSchemas> = {
  "GET /api/security/alerts": { 200: SecurityAlertPage },
  "GET /api/security/alerts/:id": { 200: SecurityAlertDetail },
  "POST /api/security/alerts/:id/:action": { 200: SecurityAlertDetail },
  "GET /api/security/rules": { 200: SecurityRuleList },
  "PUT /api/security/rules/:rule": { 200: SecurityRuleList },
  "GET /api/security/detection": { 200: DetectionStatus },
  "GET /api/security/detection/runs/:id": { 200: DetectionRun },
  "POST /api/security/detection/run": { 202: DetectionRun },
  "GET /api/security/events": { 200: SecurityEventPage },
  "GET /api/security/analytics": { 200: ThreatAnalytics },
};
