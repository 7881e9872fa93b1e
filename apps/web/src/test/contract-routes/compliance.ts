/** The compliance routes' success bodies (see ../contract-routes.ts), copied from apps/server/src/features/compliance/compliance.routes.ts. */
import {
  ComplianceRequest,
  ComplianceRequestPage,
  ConsentOverview,
  FooterSettings,
  RetentionRun,
  RetentionRunPage,
  RetentionSettings,
} from "@prospector/contracts";
import type { StatusSchemas } from "../contract-routes.ts";

export const COMPLIANCE_ROUTES: Record<string, StatusSchemas> = {
  "GET /api/compliance/requests": { 200: ComplianceRequestPage },
  "GET /api/compliance/requests/:id": { 200: ComplianceRequest },
  "POST /api/compliance/requests/export": { 202: ComplianceRequest },
  "POST /api/compliance/requests/erasure": { 202: ComplianceRequest },
  "GET /api/compliance/requests/:id/download": { 200: null },
  "GET /api/compliance/overview": { 200: ConsentOverview },
  "GET /api/compliance/retention": { 200: RetentionSettings },
  "PUT /api/compliance/retention": { 200: RetentionSettings },
  "POST /api/compliance/retention/run": { 202: RetentionRun },
  "GET /api/compliance/retention/runs": { 200: RetentionRunPage },
  "GET /api/compliance/retention/runs/:id": { 200: RetentionRun },
  "GET /api/compliance/footer": { 200: FooterSettings },
  "PUT /api/compliance/footer": { 200: FooterSettings },
  "GET /api/compliance/audit-export": { 200: null },
};
