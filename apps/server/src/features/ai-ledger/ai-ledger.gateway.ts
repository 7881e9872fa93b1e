/**
 * The one door to AI for every feature (docs/ai/activity.md): `llmChat` calls the configured
 * OpenAI-compatible model and `recordAiAction` records a built-in model's decision; both write the
 * ledger row that /ai-activity, cost accounting, the monthly cap and transparency read.
 *
 * Skeleton: timeouts and the ledger work; retries, pricing, the monthly cap and token accounting are
 * completed by the AI gateway work (see the brief in docs/ai/activity.md).
 */
import type { AiActionExplanation, AiActionKind } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { insertAiAction } from "./ai-ledger.repository.ts";
import { type ChatMessage, createLlmClient, LlmError } from "./llm.client.ts";

type Ctx = Pick<AppContext, "db" | "config" | "log">;

export interface AiCaller {
  workspaceId: string;
  /** Who asked (null: a job or an agent on its schedule). */
  userId: string | null;
  kind: AiActionKind;
  subject?: { type: string; id: string };
  agentRunId?: string;
}

export interface LlmChatOptions {
  temperature?: number;
  maxTokens?: number;
  /** Shorter than LLM_TIMEOUT_SECONDS when the caller's budget says so. */
  timeoutMs?: number;
  /** What to store as the action's input (the facts the prompt was built from). */
  input?: Record<string, unknown>;
}

export interface LlmChatResult {
  actionId: string;
  content: string;
  model: string;
  tokensIn: number;
  tokensOut: number;
  costMicros: number;
  durationMs: number;
}

/** Whether a language model is configured (LLM_BASE_URL); without one, features use their built-in engines. */
export const llmConfigured = (ctx: Pick<AppContext, "config">): boolean => Boolean(ctx.config.LLM_BASE_URL);

/** Calls the model and records the call (its outcome too when it fails). Throws LlmError. */
export async function llmChat(ctx: Ctx, caller: AiCaller, messages: ChatMessage[], opts: LlmChatOptions = {}): Promise<LlmChatResult> {
  const baseUrl = ctx.config.LLM_BASE_URL;
  if (!baseUrl) throw new LlmError("bad_request", "No language model is configured (LLM_BASE_URL)");
  const client = createLlmClient({
    baseUrl,
    apiKey: ctx.config.LLM_API_KEY,
    model: ctx.config.LLM_MODEL,
    timeoutMs: opts.timeoutMs ?? ctx.config.LLM_TIMEOUT_SECONDS * 1000,
  });
  const started = Date.now();
  try {
    const answer = await client.chat(messages, { temperature: opts.temperature, maxTokens: opts.maxTokens });
    const durationMs = Date.now() - started;
    const actionId = await insertAiAction(ctx.db, {
      ...base(caller),
      engine: "llm",
      model: answer.model,
      prompt: messages,
      input: opts.input ?? {},
      output: { content: answer.content },
      durationMs,
      outcome: "ok",
    });
    return { actionId, content: answer.content, model: answer.model, tokensIn: 0, tokensOut: 0, costMicros: 0, durationMs };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await insertAiAction(ctx.db, {
      ...base(caller),
      engine: "llm",
      model: ctx.config.LLM_MODEL,
      prompt: messages,
      input: opts.input ?? {},
      durationMs: Date.now() - started,
      outcome: "error",
      error: message,
    });
    throw err;
  }
}

export interface BuiltinAction {
  /** The built-in model's name and version, e.g. "reply-intent rules v1" or "lead_score v3". */
  model: string;
  input: Record<string, unknown>;
  output: Record<string, unknown>;
  explanation?: AiActionExplanation;
  durationMs?: number;
  outcome?: "ok" | "error" | "refused" | "over_budget";
  error?: string;
}

/** Records a built-in engine's action (a template, rule set or trained model); returns its id. */
export async function recordAiAction(ctx: Pick<AppContext, "db">, caller: AiCaller, action: BuiltinAction): Promise<string> {
  return insertAiAction(ctx.db, {
    ...base(caller),
    engine: "builtin",
    model: action.model,
    input: action.input,
    output: action.output,
    explanation: action.explanation ?? null,
    durationMs: action.durationMs ?? 0,
    outcome: action.outcome ?? "ok",
    error: action.error ?? null,
  });
}

const base = (c: AiCaller) => ({
  workspaceId: c.workspaceId,
  userId: c.userId,
  kind: c.kind,
  subjectType: c.subject?.type ?? null,
  subjectId: c.subject?.id ?? null,
  agentRunId: c.agentRunId ?? null,
});
