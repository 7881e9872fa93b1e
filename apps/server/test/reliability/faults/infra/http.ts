/**
 * HTTP over loopback for the infrastructure fault suite: every call bounded by a timeout, and every
 * answer (or transport failure) recorded with its latency, so a suite can say what the clients saw.
 */
export interface Answer {
  status: number;
  /** The parsed JSON body, or null. */
  body: unknown;
  ms: number;
  /** Set when no HTTP answer came: "timeout" or the transport error. */
  error?: string;
  /** Milliseconds since the epoch when the request was sent. */
  at: number;
}

export async function call(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const at = Date.now();
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  try {
    const res = await fetch(base + path, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
    });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    return { status: res.status, body, ms: Date.now() - at, at };
  } catch (err) {
    const e = err as Error;
    return { status: 0, body: null, ms: Date.now() - at, at, error: e.name === "TimeoutError" ? "timeout" : `${e.name}: ${e.message}` };
  }
}

/** A clean failure: a 5xx whose body is the API's error envelope with a code. */
export function isCleanServerError(a: Answer): boolean {
  const b = a.body as { code?: unknown; detail?: unknown } | null;
  return a.status >= 500 && a.status <= 599 && typeof b?.code === "string" && typeof b?.detail === "string";
}

export function countBy<T>(items: T[], key: (t: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const i of items) out[key(i)] = (out[key(i)] ?? 0) + 1;
  return out;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Lines of a child's output that show an unhandled failure (what must never appear). */
export function crashLines(output: string): string[] {
  return output.split("\n").filter((l) => /unhandled rejection|uncaughtException|Unhandled 'error' event|FATAL ERROR/i.test(l));
}
