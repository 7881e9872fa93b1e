/** The reply-intent feature's surface for the features above it (docs/ai/reply-intent.md). */
export { CLASS_LABELS, type Classification, TRAINED_CLASSES, type TrainedClass } from "./reply-intent.model.ts";
export {
  classifyReply,
  type ReplyClassChange,
  type ReplyEventRef,
  type ReplyIntentModelInfo,
  replyIntentModelInfo,
  restoreReplyClass,
  setReplyClass,
} from "./reply-intent.service.ts";
export * from "./reply-intent.table.ts";
