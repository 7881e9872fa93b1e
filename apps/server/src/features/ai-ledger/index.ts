/** The AI gateway and ledger's surface for the features above it (docs/ai/activity.md). */
export {
  type AiCaller,
  type BuiltinAction,
  capState,
  costMicros,
  estimateTokens,
  failedActionId,
  type LlmChatOptions,
  type LlmChatResult,
  llmChat,
  llmConfigured,
  recordAiAction,
  usd,
} from "./ai-ledger.gateway.ts";
export * from "./ai-ledger.table.ts";
export { rate as rateAiAction } from "./feedback.service.ts";
export { type ChatMessage, createLlmClient, LlmError, type LlmFailure } from "./llm.client.ts";
