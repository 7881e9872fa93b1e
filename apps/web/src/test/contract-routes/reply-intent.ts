/** The reply-intent routes' success bodies (see ../contract-routes.ts), copied from apps/server/src/features/reply-intent/reply-intent.routes.ts. */
import { ReplyIntentJob, ReplyIntentModel, ReplyIntentReply, ReplyIntentReplyPage, ReplyIntentResult } from "@prospector/contracts";
import type { StatusSchemas } from "../contract-routes.ts";

export const REPLY_INTENT_ROUTES: Record<string, StatusSchemas> = {
  "POST /api/ai/reply-intent/classify": { 200: ReplyIntentResult },
  "GET /api/ai/reply-intent/replies": { 200: ReplyIntentReplyPage },
  "PATCH /api/ai/reply-intent/replies/:id": { 200: ReplyIntentReply },
  "GET /api/ai/reply-intent/model": { 200: ReplyIntentModel },
  "POST /api/ai/reply-intent/reclassify": { 202: ReplyIntentJob },
  "GET /api/ai/reply-intent/reclassify-jobs/:id": { 200: ReplyIntentJob },
};
