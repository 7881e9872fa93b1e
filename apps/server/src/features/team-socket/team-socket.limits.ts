/**
 * Limits of the team socket (values in contracts' SOCKET_LIMITS): the message rate of one
 * connection is counted here, in the process holding it; the per-user counts (connections, locks)
 * live in the shared RealtimeState so they hold across API processes.
 */
import { SOCKET_LIMITS } from "@prospector/contracts";

export type SocketLimits = { -readonly [K in keyof typeof SOCKET_LIMITS]: number };

export const DEFAULT_SOCKET_LIMITS: SocketLimits = { ...SOCKET_LIMITS };

/** A token bucket: `perSecond` sustained, up to `burst` at once. */
export class MessageRate {
  private tokens: number;
  private last: number;

  private readonly perSecond: number;
  private readonly burst: number;
  private readonly now: () => number;

  constructor(perSecond: number, burst: number, now: () => number = Date.now) {
    this.perSecond = perSecond;
    this.burst = burst;
    this.now = now;
    this.tokens = burst;
    this.last = now();
  }

  /** Counts one message; false when it is over the rate. */
  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) * this.perSecond) / 1000);
    this.last = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
