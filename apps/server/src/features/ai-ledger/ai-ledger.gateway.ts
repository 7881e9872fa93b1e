/**
 * The one door to AI for every feature (docs/ai/activity.md): `llmChat` calls the configured
 * OpenAI-compatible model — the workspace's monthly cap checked first, retries with backoff on
 * rate limits, outages and timeouts, tokens and cost counted — and `recordAiAction` records a
 * built-in model's decision; both write the ledger row that /ai-activity, cost accounting, the
 * monthly cap and transparency read.
 */
import type { AiActionExplanation, AiActionKind } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";
import { findSettings, insertAiAction, spentSince } from "./ai-ledger.repository.ts";
import { type ChatMessage, type ChatResult, createLlmClient, LlmError } from "./llm.client.ts";

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
  /** Shorter than LLM_TIMEOUT_SECONDS when the caller's budget says so (per attempt). */
  timeoutMs?: number;
  /** What to store as the action's input (the facts the prompt was built from). */
  input?: Record<string, unknown>;
  /** Why the output is what it is (default: the model and the prompt's size). */
  explanation?: AiActionExplanation;
  /** Retries after the first attempt (default LLM_RETRIES). */
  retries?: number;
}

export interface LlmChatResult {
  actionId: string;
  content: string;
  model: string;
  tokensIn: number;
  tokensOut: number;
  /** The provider sent no usage: tokens were estimated at about 4 characters each. */
  tokensEstimated: boolean;
  costMicros: number;
  durationMs: number;
  attempts: number;
}

/** Whether a language model is configured (LLM_BASE_URL); without one, features use their built-in engines. */
export const llmConfigured = (ctx: Pick<AppContext, "config">): boolean => Boolean(ctx.config.LLM_BASE_URL);

/** The first instant of the UTC month `at` falls in. */
export const monthStart = (at: Date): Date => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));

export const usd = (micros: number): number => Math.round(micros) / 1_000_000;
const dollars = (micros: number) => `$${usd(micros).toFixed(2)}`;

/** About 4 characters per token: the usual rule of thumb for English text with GPT-style tokenizers. */
export const estimateTokens = (text: string): number => (text.length === 0 ? 0 : Math.max(1, Math.ceil(text.length / 4)));

/** Cost in millionths of a dollar: a price per million tokens is exactly micro-dollars per token. */
export const costMicros = (
  config: Pick<AppContext["config"], "LLM_PRICE_INPUT_PER_MTOK" | "LLM_PRICE_OUTPUT_PER_MTOK">,
  tokensIn: number,
  tokensOut: number,
) => Math.round(tokensIn * config.LLM_PRICE_INPUT_PER_MTOK + tokensOut * config.LLM_PRICE_OUTPUT_PER_MTOK);

export interface CapState {
  capMicros: number;
  source: "workspace" | "default";
  spentMicros: number;
  capped: boolean;
}

/** The workspace's cap (its own, or LLM_MONTHLY_CAP_USD) and this UTC month's spend. */
export async function capState(ctx: Pick<AppContext, "db" | "config">, workspaceId: string, now = new Date()): Promise<CapState> {
  const [settings, spentMicros] = await Promise.all([findSettings(ctx.db, workspaceId), spentSince(ctx.db, workspaceId, monthStart(now))]);
  const own = settings?.monthlyCapMicros ?? null;
  const capMicros = own ?? Math.round(ctx.config.LLM_MONTHLY_CAP_USD * 1_000_000);
  return { capMicros, source: own === null ? "default" : "workspace", spentMicros, capped: spentMicros >= capMicros };
}

const failedActions = new WeakMap<object, string>();

/** The ledger row llmChat wrote for a call that threw (an error or a refusal), so a caller can link to it. */
export const failedActionId = (err: unknown): string | undefined => (typeof err === "object" && err ? failedActions.get(err) : undefined);

const RETRYABLE = new Set(["rate_limited", "unavailable", "timeout"]);
const BACKOFF_BASE_MS = 400;

/** Exponential backoff with jitter (half fixed, half random), never shorter than the provider's Retry-After. */
export function retryDelayMs(attempt: number, retryAfterMs: number | undefined, random = Math.random): number {
  const exp = BACKOFF_BASE_MS * 2 ** (attempt - 1);
  const jittered = exp / 2 + random() * (exp / 2);
  return Math.max(jittered, retryAfterMs ?? 0);
}

/** Calls the model and records the call (its outcome too when it fails or the cap refuses it). Throws LlmError, or AppError AI_MONTHLY_CAP_REACHED. */
export async function llmChat(ctx: Ctx, caller: AiCaller, messages: ChatMessage[], opts: LlmChatOptions = {}): Promise<LlmChatResult> {
  const baseUrl = ctx.config.LLM_BASE_URL;
  if (!baseUrl) throw new LlmError("bad_request", "No language model is configured (LLM_BASE_URL)");
  const input = opts.input ?? {};
  const cap = await capState(ctx, caller.workspaceId);
  if (cap.capped) {
    const detail = `This workspace has spent ${dollars(cap.spentMicros)} of its ${dollars(cap.capMicros)} monthly language-model cap this month; an admin can raise it on AI Activity`;
    const refusedId = await insertAiAction(ctx.db, {
      ...base(caller),
      engine: "llm",
      model: ctx.config.LLM_MODEL,
      prompt: messages,
      input,
      outcome: "refused",
      error: detail,
      explanation: { summary: "Refused before calling the model: the monthly spend cap is reached.", source: "monthly cap" },
    });
    const refusal = new AppError("AI_MONTHLY_CAP_REACHED", detail);
    failedActions.set(refusal, refusedId);
    throw refusal;
  }

  const timeoutMs = opts.timeoutMs ?? ctx.config.LLM_TIMEOUT_SECONDS * 1000;
  const client = createLlmClient({ baseUrl, apiKey: ctx.config.LLM_API_KEY, model: ctx.config.LLM_MODEL, timeoutMs });
  const retries = opts.retries ?? ctx.config.LLM_RETRIES;
  const started = Date.now();
  let attempts = 0;
  let answer: ChatResult | undefined;
  let failure: unknown;
  while (!answer) {
    attempts += 1;
    try {
      answer = await client.chat(messages, { temperature: opts.temperature, maxTokens: opts.maxTokens });
    } catch (err) {
      failure = err;
      const retryable = err instanceof LlmError && RETRYABLE.has(err.kind) && attempts <= retries;
      // A provider asking for a longer pause than one call may take is not worth waiting for.
      const wait = retryable ? retryDelayMs(attempts, err.retryAfterMs) : 0;
      if (!retryable || wait > timeoutMs) break;
      ctx.log.warn({ kind: err.kind, attempt: attempts, waitMs: Math.round(wait) }, "language model call failed; retrying");
      await new Promise((r) => setTimeout(r, wait));
    }
  }
  const durationMs = Date.now() - started;
  if (!answer) {
    const message = failure instanceof Error ? failure.message : String(failure);
    const errorId = await insertAiAction(ctx.db, {
      ...base(caller),
      engine: "llm",
      model: ctx.config.LLM_MODEL,
      prompt: messages,
      input,
      durationMs,
      attempts,
      outcome: "error",
      error: message,
      explanation: {
        summary: `The model did not answer after ${attempts} attempt${attempts === 1 ? "" : "s"}.`,
        source: ctx.config.LLM_MODEL,
      },
    });
    if (typeof failure === "object" && failure) failedActions.set(failure, errorId);
    throw failure;
  }
  const tokensEstimated = !answer.usage;
  const tokensIn = answer.usage?.promptTokens ?? estimateTokens(messages.map((m) => m.content).join("\n"));
  const tokensOut = answer.usage?.completionTokens ?? estimateTokens(answer.content);
  const cost = costMicros(ctx.config, tokensIn, tokensOut);
  const actionId = await insertAiAction(ctx.db, {
    ...base(caller),
    engine: "llm",
    model: answer.model,
    prompt: messages,
    input,
    output: { content: answer.content },
    explanation: opts.explanation ?? {
      summary: `Written by ${answer.model} from a ${messages.length}-message prompt (${tokensIn} tokens in, ${tokensOut} out${tokensEstimated ? ", estimated" : ""}).`,
      source: answer.model,
    },
    tokensIn,
    tokensOut,
    tokensEstimated,
    costMicros: cost,
    durationMs,
    attempts,
    outcome: "ok",
  });
  return {
    actionId,
    content: answer.content,
    model: answer.model,
    tokensIn,
    tokensOut,
    tokensEstimated,
    costMicros: cost,
    durationMs,
    attempts,
  };
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
