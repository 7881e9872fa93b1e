/** The ai-feedback routes' success bodies (see ../contract-routes.ts), copied from apps/server/src/features/ai-ledger/feedback.routes.ts. */
import { AiFeedback, AiFeedbackQueuePage, AiFeedbackSummary } from "@prospector/contracts";
import type { StatusSchemas } from "../contract-routes.ts";

export const AI_FEEDBACK_ROUTES: Record<string, StatusSchemas> = {
  "POST /api/ai/feedback": { 200: AiFeedback },
  "DELETE /api/ai/feedback/:actionId": { 204: null },
  "GET /api/ai/feedback/queue": { 200: AiFeedbackQueuePage },
  "GET /api/ai/feedback/summary": { 200: AiFeedbackSummary },
};
