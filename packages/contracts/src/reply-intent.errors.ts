/** Error codes of reply intent: the built-in reply classifier and each reply's class with its reasons (docs/ai/reply-intent.md). */
import { defineErrors } from "./define-errors.ts";

export const replyIntentErrors = defineErrors({});
