/** The ai-ledger and LLM console routes' success bodies (see ../contract-routes.ts), copied from apps/server/src/features/ai-ledger/ai-ledger.routes.ts and email-generation/email-generation.routes.ts. */
import {
  AiActionDetail,
  AiActionPage,
  AiSettings,
  AiUnreadCount,
  AiUsage,
  LlmConsoleRun,
  SavedEmailTemplate,
  SavedEmailTemplatePage,
} from "@prospector/contracts";
import type { StatusSchemas } from "../contract-routes.ts";

export const AI_LEDGER_ROUTES: Record<string, StatusSchemas> = {
  "GET /api/ai/activity": { 200: AiActionPage },
  "GET /api/ai/activity/unread-count": { 200: AiUnreadCount },
  "POST /api/ai/activity/seen": { 200: AiUnreadCount },
  "GET /api/ai/activity/:id": { 200: AiActionDetail },
  "GET /api/ai/usage": { 200: AiUsage },
  "PUT /api/ai/settings": { 200: AiSettings },
  "POST /api/ai/console/run": { 200: LlmConsoleRun },
  "GET /api/ai/email-templates": { 200: SavedEmailTemplatePage },
  "POST /api/ai/email-templates": { 201: SavedEmailTemplate },
  "DELETE /api/ai/email-templates/:id": { 204: null },
};
