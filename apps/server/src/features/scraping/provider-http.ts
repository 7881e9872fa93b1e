/**
 * JSON calls to external data providers through safe-fetch, with the failures users can act on
 * (bad key, no credits, rate limit, provider down) turned into one error type with a clear text.
 * 429 and 5xx are retried a few times, honouring Retry-After.
 */
import type { SafeFetch } from "../../platform/safe-fetch.ts";
import { errorText } from "../../platform/upstream-error.ts";

export type ProviderFailure = "auth" | "quota" | "rate_limited" | "bad_request" | "unavailable" | "bad_response";

export class ProviderError extends Error {
  readonly provider: string;
  readonly kind: ProviderFailure;
  readonly status: number | undefined;
  constructor(provider: string, kind: ProviderFailure, message: string, status?: number) {
    super(message);
    this.name = "ProviderError";
    this.provider = provider;
    this.kind = kind;
    this.status = status;
  }
}

export interface ProviderCall {
  provider: string;
  /** Env var holding the key, named in auth errors so the admin knows what to fix. */
  keyEnv: string;
  fetch: SafeFetch;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** Retries after 429/5xx (default 2). */
  retries?: number;
  /** Upper bound on one wait (default 30 s); tests pass small values. */
  maxWaitMs?: number;
  signal?: AbortSignal;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function callProvider<T>(call: ProviderCall): Promise<T> {
  const retries = call.retries ?? 2;
  const maxWait = call.maxWaitMs ?? 30_000;
  for (let attempt = 0; ; attempt++) {
    let res: Awaited<ReturnType<SafeFetch>>;
    try {
      res = await call.fetch(call.url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json", ...call.headers },
        body: JSON.stringify(call.body),
        timeoutMs: 30_000,
        signal: call.signal,
      });
    } catch (err) {
      if (attempt < retries) {
        await sleep(Math.min(maxWait, 1000 * 2 ** attempt));
        continue;
      }
      throw new ProviderError(call.provider, "unavailable", `${call.provider} could not be reached: ${(err as Error).message}`);
    }
    const text = res.text();
    if (res.status >= 200 && res.status < 300) {
      try {
        return JSON.parse(text) as T;
      } catch {
        throw new ProviderError(call.provider, "bad_response", `${call.provider} answered with something that is not JSON`, res.status);
      }
    }
    const why = errorText(text);
    const keyProblem = res.status === 401 || res.status === 403 || /api key|apikey|api_key/i.test(why);
    if (keyProblem) {
      throw new ProviderError(
        call.provider,
        "auth",
        `${call.provider} refused the API key (HTTP ${res.status}): ${why || "unauthorized"}. Check ${call.keyEnv}.`,
        res.status,
      );
    }
    if (res.status === 402) {
      throw new ProviderError(call.provider, "quota", `${call.provider} says the account is out of credits or quota: ${why}`, 402);
    }
    if ((res.status === 429 || res.status >= 500) && attempt < retries) {
      const retryAfter = Number(res.headers["retry-after"]);
      await sleep(Math.min(maxWait, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 1000 * 2 ** attempt));
      continue;
    }
    if (res.status === 429) {
      throw new ProviderError(call.provider, "rate_limited", `${call.provider} rate limit reached; try again later (${why})`, 429);
    }
    if (res.status >= 500) {
      throw new ProviderError(call.provider, "unavailable", `${call.provider} is unavailable (HTTP ${res.status}): ${why}`, res.status);
    }
    throw new ProviderError(call.provider, "bad_request", `${call.provider} rejected the request (HTTP ${res.status}): ${why}`, res.status);
  }
}
