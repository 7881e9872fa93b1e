/**
 * A feature's background ticker: `tick` every `everyMs`, and once `firstAfterMs` after start when
 * given, in processes that run jobs inline (JOBS=inline); none elsewhere and none under
 * NODE_ENV=test, where a feature's tests call its tick themselves (a ticker would otherwise act in
 * the middle of other features' assertions). A tick still running makes the next one skip; a
 * failing tick is logged and the next one tries again. Timers never keep the process alive.
 */
import type { AppContext } from "../context.ts";

export interface Ticker {
  stop(): void;
}

export interface TickerOptions {
  /** Names the ticker in the log ("<name> tick failed"). */
  name: string;
  everyMs: number;
  /** A first tick this long after start (a fresh process should not wait a whole period). */
  firstAfterMs?: number;
  tick: () => Promise<unknown>;
  /** "warn" where a failure is usual and passing (the database away for a minute). */
  failureLevel?: "warn" | "error";
}

/** Null where jobs do not run inline, and under NODE_ENV=test. */
export function startTicker(ctx: Pick<AppContext, "config" | "log">, opts: TickerOptions): Ticker | null {
  if (ctx.config.JOBS !== "inline" || ctx.config.NODE_ENV === "test") return null;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await opts.tick();
    } catch (err) {
      ctx.log[opts.failureLevel ?? "error"]({ err }, `${opts.name} tick failed`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), opts.everyMs);
  timer.unref();
  const first = opts.firstAfterMs === undefined ? null : setTimeout(() => void run(), opts.firstAfterMs);
  first?.unref();
  return {
    stop() {
      clearInterval(timer);
      if (first) clearTimeout(first);
    },
  };
}
