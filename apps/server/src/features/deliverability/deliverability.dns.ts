/**
 * The DNS client of the deliverability checks: node:dns's Resolver against DNS_SERVERS (or the
 * system's servers), built once by the feature's register and put on ctx so tests point it at the
 * local DNS fixture. Every failure is classified, so a check can say "unknown, because …" instead
 * of guessing: a name that does not exist or has no such record is an answer; a timeout, SERVFAIL
 * or a garbled reply is not.
 */
import type { Config } from "../../config.ts";
import { createResolver } from "../../platform/safe-fetch.ts";

export interface DeliverabilityDns {
  resolveTxt(name: string): Promise<string[][]>;
  resolveMx(name: string): Promise<{ priority: number; exchange: string }[]>;
  resolve4(name: string): Promise<string[]>;
}

declare module "../../context.ts" {
  interface AppContext {
    deliverabilityDns: DeliverabilityDns;
  }
}

export function createDeliverabilityDns(config: Pick<Config, "DNS_SERVERS" | "DNS_TIMEOUT_MS">): DeliverabilityDns {
  const resolver = createResolver(config.DNS_SERVERS, { timeoutMs: config.DNS_TIMEOUT_MS });
  return {
    resolveTxt: (name) => resolver.resolveTxt(name),
    resolveMx: (name) => resolver.resolveMx(name),
    resolve4: (name) => resolver.resolve4(name),
  };
}

/** What a lookup came to: records, a definite "none" (the name or the type is absent), or no answer. */
export type Lookup<T> = { kind: "ok"; records: T } | { kind: "none"; nxdomain: boolean } | { kind: "error"; reason: string };

const REASONS: Record<string, string> = {
  ETIMEOUT: "the DNS server did not answer in time",
  ECONNREFUSED: "the DNS server refused the connection",
  ESERVFAIL: "the DNS server failed to answer (SERVFAIL)",
  EBADRESP: "the DNS server answered something that is not a valid DNS reply",
  EFORMERR: "the DNS server answered something that is not a valid DNS reply",
  EREFUSED: "the DNS server refused the query",
  EBADNAME: "the name is not a valid DNS name",
  ECANCELLED: "the lookup was cancelled",
};

export async function lookup<T>(run: () => Promise<T>): Promise<Lookup<T>> {
  try {
    return { kind: "ok", records: await run() };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? "";
    if (code === "ENOTFOUND") return { kind: "none", nxdomain: true };
    if (code === "ENODATA") return { kind: "none", nxdomain: false };
    return { kind: "error", reason: REASONS[code] ?? `the lookup failed (${code || (err as Error).message})` };
  }
}
