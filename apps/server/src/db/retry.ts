/**
 * Re-runs a whole transaction when PostgreSQL picked it as a deadlock victim (40P01) or could not
 * serialize it (40001): both mean "nothing was written, try again". Lock order is the real cure
 * (docs/campaigns.md); this is the safety net for orders no single feature controls.
 */

/** SQLSTATEs after which the same transaction may simply run again. */
export const RETRYABLE_SQLSTATES = ["40P01", "40001"] as const;

/** A deadlock or serialization failure, also when Drizzle wraps the driver's error (`cause`). */
export function isRetryable(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if ((RETRYABLE_SQLSTATES as readonly unknown[]).includes(e.code)) return true;
  }
  return false;
}

export interface RetryOptions {
  /** Runs in all, the first included (default 3). */
  attempts?: number;
  /** Called before each re-run, e.g. to log it. */
  onRetry?: (err: unknown, attempt: number) => void;
}

/**
 * `run` must open its own transaction, so a re-run starts from scratch; it must not have side
 * effects outside the database (jobs, sockets) before it returns.
 */
export async function retryTransaction<T>(run: () => Promise<T>, opts: RetryOptions = {}): Promise<T> {
  const attempts = opts.attempts ?? 3;
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= attempts || !isRetryable(err)) throw err;
      opts.onRetry?.(err, attempt);
      // A short random pause, so the two sides of a deadlock do not meet again in step.
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * attempt));
    }
  }
}
