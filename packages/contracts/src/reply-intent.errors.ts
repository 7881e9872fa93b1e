/** Error codes of reply intent (docs/ai/reply-intent.md) and of feedback on AI outputs (docs/ai/feedback.md). */
import { defineErrors } from "./define-errors.ts";

export const replyIntentErrors = defineErrors({
  AI_FEEDBACK_ACTION_NOT_FOUND: { status: 404, detail: "No such AI action in this workspace" },
  AI_FEEDBACK_NOT_FOUND: { status: 404, detail: "You have not rated this AI action" },
  REPLY_INTENT_REPLY_NOT_FOUND: { status: 404, detail: "No classified reply with this id in this workspace" },
  REPLY_INTENT_RECLASSIFY_RUNNING: { status: 409, detail: "A reclassification of this workspace's replies is already queued or running" },
  REPLY_INTENT_JOB_NOT_FOUND: { status: 404, detail: "No such reclassification job in this workspace" },
});
