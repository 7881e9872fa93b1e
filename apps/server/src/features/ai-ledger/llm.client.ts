/**
 * A client for any OpenAI-compatible chat-completions API (OpenAI, Azure-style proxies, Ollama,
 * vLLM, LM Studio…): POST {base}/chat/completions with a bearer key. Failures become LlmError with
 * a text an administrator can act on (bad key, rate limit, provider down, timeout).
 */
import { errorText } from "../../platform/upstream-error.ts";

export type LlmFailure = "auth" | "rate_limited" | "unavailable" | "timeout" | "bad_request" | "bad_response";

export class LlmError extends Error {
  readonly kind: LlmFailure;
  readonly status: number | undefined;
  /** How long the provider asked us to wait before trying again (its Retry-After header). */
  readonly retryAfterMs: number | undefined;
  constructor(kind: LlmFailure, message: string, status?: number, retryAfterMs?: number) {
    super(message);
    this.name = "LlmError";
    this.kind = kind;
    this.status = status;
    this.retryAfterMs = retryAfterMs;
  }
}

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface LlmClientOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

export interface ChatResult {
  content: string;
  /** The model the provider says answered (it may resolve an alias). */
  model: string;
  /** Tokens as the provider counted them (absent when it sends no `usage`). */
  usage?: { promptTokens: number; completionTokens: number };
}

/** Retry-After as milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function createLlmClient(opts: LlmClientOptions) {
  const url = `${opts.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  const host = new URL(url).host;

  async function chat(messages: ChatMessage[], params: { temperature?: number; maxTokens?: number } = {}): Promise<ChatResult> {
    let res: Response;
    try {
      res = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: opts.model, messages, temperature: params.temperature ?? 0.7, max_tokens: params.maxTokens ?? 700 }),
        signal: AbortSignal.timeout(opts.timeoutMs),
        redirect: "error",
      });
    } catch (err) {
      const e = err as Error;
      if (e.name === "TimeoutError" || e.name === "AbortError") {
        throw new LlmError("timeout", `The language model at ${host} did not answer within ${Math.round(opts.timeoutMs / 1000)} s`);
      }
      const cause = (e.cause as Error | undefined)?.message ?? e.message;
      throw new LlmError("unavailable", `The language model at ${host} could not be reached: ${cause}`);
    }
    const raw = await res.text().catch(() => "");
    if (!res.ok) {
      const why = errorText(raw) || res.statusText;
      if (res.status === 401 || res.status === 403) {
        throw new LlmError(
          "auth",
          `The language model at ${host} refused the API key (HTTP ${res.status}: ${why}). Check LLM_API_KEY.`,
          res.status,
        );
      }
      const retryAfter = parseRetryAfter(res.headers.get("retry-after"));
      if (res.status === 429)
        throw new LlmError(
          "rate_limited",
          `The language model at ${host} is rate limiting requests (${why}); try again shortly`,
          429,
          retryAfter,
        );
      if (res.status >= 500)
        throw new LlmError("unavailable", `The language model at ${host} failed (HTTP ${res.status}: ${why})`, res.status, retryAfter);
      if (res.status === 404) {
        throw new LlmError(
          "bad_request",
          `The language model at ${host} does not know this model or path (HTTP 404: ${why}). Check LLM_MODEL and LLM_BASE_URL.`,
          404,
        );
      }
      throw new LlmError("bad_request", `The language model at ${host} rejected the request (HTTP ${res.status}: ${why})`, res.status);
    }
    let body: {
      model?: string;
      choices?: { message?: { content?: string | null } }[];
      usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
    };
    try {
      body = JSON.parse(raw);
    } catch {
      throw new LlmError("bad_response", `The language model at ${host} answered with something that is not JSON`);
    }
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== "string" || content.trim() === "") {
      throw new LlmError("bad_response", `The language model at ${host} returned no message`);
    }
    const u = body.usage;
    const counted = (n: unknown) => typeof n === "number" && Number.isInteger(n) && n >= 0;
    const usage =
      u && counted(u.prompt_tokens) && counted(u.completion_tokens)
        ? { promptTokens: u.prompt_tokens as number, completionTokens: u.completion_tokens as number }
        : undefined;
    return { content, model: body.model ?? opts.model, usage };
  }

  return { chat, model: opts.model };
}

export type LlmClient = ReturnType<typeof createLlmClient>;
