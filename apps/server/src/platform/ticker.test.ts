import { afterEach, describe, expect, it, vi } from "vitest";
import { startTicker } from "./ticker.ts";

const log = () => ({ error: vi.fn(), warn: vi.fn() });
const ctxOf = (JOBS: string, NODE_ENV: string, l = log()) => ({ config: { JOBS, NODE_ENV }, log: l }) as never;

describe("startTicker", () => {
  afterEach(() => vi.useRealTimers());

  it("starts nothing under tests or where jobs do not run inline", () => {
    const tick = vi.fn(async () => {});
    expect(startTicker(ctxOf("inline", "test"), { name: "t", everyMs: 10, tick })).toBeNull();
    expect(startTicker(ctxOf("off", "production"), { name: "t", everyMs: 10, tick })).toBeNull();
  });

  it("ticks first after the delay and then every period, skips while a tick runs, logs failures and stops", async () => {
    vi.useFakeTimers();
    const l = log();
    let release: () => void = () => {};
    let calls = 0;
    const tick = vi.fn(() => {
      calls++;
      if (calls === 2) return new Promise<void>((r) => (release = r));
      if (calls === 3) return Promise.reject(new Error("boom"));
      return Promise.resolve();
    });
    const t = startTicker(ctxOf("inline", "production", l), { name: "demo", everyMs: 1000, firstAfterMs: 100, tick, failureLevel: "warn" });
    expect(t).not.toBeNull();
    await vi.advanceTimersByTimeAsync(100);
    expect(tick).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(900); // 1000: the second tick starts and hangs
    expect(tick).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000); // 2000: skipped, the second still runs
    expect(tick).toHaveBeenCalledTimes(2);
    release();
    await vi.advanceTimersByTimeAsync(1000); // 3000: the third fails and is logged
    expect(tick).toHaveBeenCalledTimes(3);
    expect(l.warn).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), "demo tick failed");
    t?.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(tick).toHaveBeenCalledTimes(3);
  });
});
