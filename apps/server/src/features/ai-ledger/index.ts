/** The AI gateway and ledger's surface for the features above it (docs/ai/activity.md). */
export {
  type AiCaller,
  type BuiltinAction,
  type LlmChatOptions,
  type LlmChatResult,
  llmChat,
  llmConfigured,
  recordAiAction,
} from "./ai-ledger.gateway.ts";
export * from "./ai-ledger.table.ts";
export { type ChatMessage, createLlmClient, LlmError, type LlmFailure } from "./llm.client.ts";
