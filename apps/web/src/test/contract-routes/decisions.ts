/** The decisions routes' success bodies (see ../contract-routes.ts), copied from apps/server/src/features/decisions/decisions.routes.ts. */
import { Decision, DecisionEvent, DecisionLinkable, DecisionPage, DecisionThread } from "@prospector/contracts";
import type { StatusSchemas } from "../contract-routes.ts";

export const DECISIONS_ROUTES: Record<string, StatusSchemas> = {
  "GET /api/decisions": { 200: DecisionPage },
  "POST /api/decisions": { 201: Decision },
  "GET /api/decisions/linkable": { 200: DecisionLinkable },
  "GET /api/decisions/:id": { 200: Decision },
  "PATCH /api/decisions/:id": { 200: Decision },
  "PUT /api/decisions/:id/votes": { 200: Decision },
  "DELETE /api/decisions/:id/votes": { 200: Decision },
  "POST /api/decisions/:id/decide": { 200: Decision },
  "POST /api/decisions/:id/reopen": { 200: Decision },
  "POST /api/decisions/:id/cancel": { 200: Decision },
  "GET /api/decisions/:id/comments": { 200: DecisionThread },
  "POST /api/decisions/:id/comments": { 201: DecisionEvent },
};
