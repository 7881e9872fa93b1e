/**
 * Polling for tests: wait until a condition holds instead of sleeping a fixed time. Fails with
 * what was awaited and the last value seen, so a timeout explains itself.
 */
export interface WaitOptions {
  /** What is awaited, for the timeout message. */
  what: string;
  timeoutMs?: number;
  intervalMs?: number;
}

/** Resolves with fn's first truthy result (fn may be async); rejects after timeoutMs. */
export async function waitFor<T>(fn: () => T | Promise<T>, opts: WaitOptions): Promise<NonNullable<T>> {
  const { what, timeoutMs = 15_000, intervalMs = 50 } = opts;
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  for (;;) {
    try {
      last = await fn();
      lastError = undefined;
      if (last) return last as NonNullable<T>;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() >= deadline) {
      const seen = lastError
        ? `last error: ${lastError instanceof Error ? lastError.message : String(lastError)}`
        : `last value: ${JSON.stringify(last)}`;
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (${seen})`);
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** `promise`'s value, or "hung" when it has not settled within `ms` (for answers that must not hang). */
export function settledWithin<T>(promise: Promise<T>, ms: number): Promise<T | "hung"> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<"hung">((resolve) => {
    timer = setTimeout(() => resolve("hung"), ms);
  });
  return Promise.race([promise, hung]).finally(() => clearTimeout(timer));
}
