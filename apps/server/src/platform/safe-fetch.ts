/**
 * The one outbound HTTP client (crawler, Google Places, data providers, enrichment): only http(s),
 * never private/loopback/link-local/metadata addresses unless allowlisted, redirects re-checked,
 * size and time limits. The socket connects to the very IP that was checked (no DNS rebinding).
 */
import dns from "node:dns";
import net from "node:net";
import { Agent, request } from "undici";

export type SafeFetchFailure = "bad_url" | "bad_scheme" | "blocked_address" | "too_many_redirects" | "too_large" | "timeout" | "network";

export class SafeFetchError extends Error {
  readonly reason: SafeFetchFailure;
  readonly url: string | undefined;
  constructor(reason: SafeFetchFailure, message: string, url?: string) {
    super(message);
    this.name = "SafeFetchError";
    this.reason = reason;
    this.url = url;
  }
}

export interface SafeResponse {
  status: number;
  headers: Record<string, string>;
  /** Address after redirects. */
  url: string;
  body: Buffer;
  text(): string;
  json<T = unknown>(): T;
}

export interface SafeFetchInit {
  method?: "GET" | "POST" | "HEAD";
  headers?: Record<string, string>;
  body?: string;
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  signal?: AbortSignal;
}

export type SafeFetch = ((url: string, init?: SafeFetchInit) => Promise<SafeResponse>) & {
  /** Resolves the URL's host and throws SafeFetchError unless every address is allowed. */
  assertAllowed(url: string): Promise<URL>;
  close(): Promise<void>;
};

type LookupAll = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface SafeFetchOptions {
  /** OUTBOUND_ALLOWLIST entries: host names, IPs or CIDRs allowed despite the private-address rule. */
  allowlist?: string[];
  userAgent?: string;
  /** Defaults: 5 MB, 15 s, 5 redirects. */
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /** DNS resolution; injectable so tests can make a name resolve to a metadata address. */
  lookup?: LookupAll;
}

// Not globally routable (RFC 6890 and friends). IPv6 is allowed only inside 2000::/3 (global
// unicast) minus the special ranges there; everything else (::1, fc00::/7, fe80::/10, ff00::/8,
// ::/96 compatible, 64:ff9b::/96 NAT64 …) is refused. IPv4-mapped IPv6 is checked as IPv4.
const blockedV4: [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];
const blockedV6Inside2000: [string, number][] = [
  ["2001::", 23], // IETF protocol assignments, incl. Teredo 2001::/32
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4 embeds an IPv4 address we would not check
  ["3fff::", 20], // documentation (RFC 9637)
];

const blocked = new net.BlockList();
for (const [a, p] of blockedV4) blocked.addSubnet(a, p, "ipv4");
for (const [a, p] of blockedV6Inside2000) blocked.addSubnet(a, p, "ipv6");
const globalV6 = new net.BlockList();
globalV6.addSubnet("2000::", 3, "ipv6");

/** IPv4 embedded in ::ffff:a.b.c.d (either spelling), else null. */
function mappedV4(ip: string): string | null {
  const lower = ip.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:0{0,4}:){0,5}ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower.replace(/^::/, "0:0:0:0:0:"));
  if (hex) {
    const hi = Number.parseInt(hex[1]!, 16);
    const lo = Number.parseInt(hex[2]!, 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return null;
}

/** True when an IP literal is private, loopback, link-local, CGNAT, multicast, reserved or metadata. */
export function isBlockedIp(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 4) return blocked.check(ip, "ipv4");
  if (family === 6) {
    const v4 = mappedV4(ip);
    if (v4) return blocked.check(v4, "ipv4");
    if (!globalV6.check(ip, "ipv6")) return true;
    return blocked.check(ip, "ipv6");
  }
  return true; // not an IP at all: refuse rather than guess
}

export interface Allowlist {
  allowsHost(hostname: string): boolean;
  allowsIp(ip: string): boolean;
}

export function parseAllowlist(entries: string[]): Allowlist {
  const hosts = new Set<string>();
  const ips = new net.BlockList();
  for (const raw of entries.map((e) => e.trim().toLowerCase()).filter(Boolean)) {
    const [addr, prefix] = raw.replace(/^\[|\]$/g, "").split("/") as [string, string | undefined];
    const family = net.isIP(addr);
    if (family === 0) hosts.add(addr.replace(/\.$/, ""));
    else if (prefix !== undefined) ips.addSubnet(addr, Number(prefix), family === 4 ? "ipv4" : "ipv6");
    else ips.addAddress(addr, family === 4 ? "ipv4" : "ipv6");
  }
  return {
    allowsHost: (h) => hosts.has(h.toLowerCase().replace(/\.$/, "")),
    allowsIp: (ip) => {
      const family = net.isIP(ip);
      if (family === 0) return false;
      const v4 = family === 6 ? mappedV4(ip) : null;
      return v4 ? ips.check(v4, "ipv4") : ips.check(ip, family === 4 ? "ipv4" : "ipv6");
    },
  };
}

const defaultLookup: LookupAll = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** Parses and normalizes (127.1, 0x7f.1, 2130706433 → 127.0.0.1 by the WHATWG URL rules). */
function parseUrl(raw: string | URL): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SafeFetchError("bad_url", `Not a valid URL: ${String(raw).slice(0, 200)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new SafeFetchError("bad_scheme", `Only http and https addresses can be fetched (got ${url.protocol})`, url.href);
  }
  if (url.username || url.password) throw new SafeFetchError("bad_url", "Addresses with credentials are not fetched", url.origin);
  return url;
}

const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, "");

/** One resolved address of a host. */
export type Resolved = { address: string; family: number };

/**
 * The private-address rule for every outbound connection (HTTP fetches, SMTP, IMAP): a host is
 * refused when it is, or resolves to, an address that is not globally routable, unless
 * OUTBOUND_ALLOWLIST lists the name or the address.
 */
export interface AddressGuard {
  /** Resolves the host (IP literals as they are) and throws SafeFetchError unless every address is allowed. */
  check(host: string): Promise<Resolved[]>;
  /** Throws for an IP literal that is refused; false when the host is a name (checked at lookup). */
  checkLiteral(host: string): boolean;
  /** A `lookup` for net/tls.connect that only ever answers with checked addresses. */
  lookup: net.LookupFunction;
  /** A TCP connection to a checked address of host (the very address that was checked). */
  connect(host: string, port: number, timeoutMs: number): Promise<net.Socket>;
}

export interface AddressGuardOptions {
  allowlist?: string[];
  lookup?: LookupAll;
}

const ALLOW_HINT = "outbound connections there are refused unless OUTBOUND_ALLOWLIST lists it";

export function createAddressGuard(opts: AddressGuardOptions = {}): AddressGuard {
  const allow = parseAllowlist(opts.allowlist ?? []);
  const lookupAll = opts.lookup ?? defaultLookup;

  function checkLiteral(raw: string): boolean {
    const host = raw.replace(/^\[|\]$/g, "");
    if (net.isIP(host) === 0) return false;
    if (isBlockedIp(host) && !allow.allowsIp(host) && !allow.allowsHost(host)) {
      throw new SafeFetchError("blocked_address", `${host} is a private or reserved address; ${ALLOW_HINT}`);
    }
    return true;
  }

  /** Every address the name resolves to must pass; one private answer taints the name. */
  async function resolveChecked(hostname: string): Promise<Resolved[]> {
    let addrs: Resolved[];
    try {
      addrs = await lookupAll(hostname);
    } catch (err) {
      throw new SafeFetchError("network", `Could not resolve ${hostname}: ${(err as NodeJS.ErrnoException).code ?? "lookup failed"}`);
    }
    if (addrs.length === 0) throw new SafeFetchError("network", `Could not resolve ${hostname}`);
    if (!allow.allowsHost(hostname)) {
      const bad = addrs.find((a) => isBlockedIp(a.address) && !allow.allowsIp(a.address));
      if (bad) {
        throw new SafeFetchError("blocked_address", `${hostname} resolves to ${bad.address}, a private or reserved address; ${ALLOW_HINT}`);
      }
    }
    return addrs;
  }

  const check = async (raw: string): Promise<Resolved[]> => {
    const host = raw.replace(/^\[|\]$/g, "");
    if (checkLiteral(host)) return [{ address: host, family: net.isIP(host) }];
    return resolveChecked(host);
  };

  // net.connect skips `lookup` for IP literals: callers check those with checkLiteral first.
  const lookup = ((hostname: string, options: dns.LookupOptions, cb: (...args: unknown[]) => void) => {
    resolveChecked(hostname).then(
      (addrs) => {
        const wanted = options.family === 4 || options.family === 6 ? addrs.filter((a) => a.family === options.family) : addrs;
        const list = wanted.length ? wanted : addrs;
        if (options.all) cb(null, list);
        else cb(null, list[0]!.address, list[0]!.family);
      },
      (err: Error) => cb(err),
    );
  }) as unknown as net.LookupFunction;

  const connect = (host: string, port: number, timeoutMs: number): Promise<net.Socket> =>
    new Promise((resolve, reject) => {
      const bare = host.replace(/^\[|\]$/g, "");
      try {
        checkLiteral(bare);
      } catch (err) {
        return reject(err);
      }
      // A name goes through `lookup`: every address is checked, then tried in turn (IPv6 and IPv4).
      const socket = net.connect({ host: bare, port, lookup, autoSelectFamily: true });
      const timer = setTimeout(() => {
        socket.destroy();
        reject(Object.assign(new Error(`Connection to ${host}:${port} timed out`), { code: "ETIMEDOUT" }));
      }, timeoutMs);
      const failed = (err: Error) => {
        clearTimeout(timer);
        reject(err);
      };
      socket.once("error", failed);
      socket.once("connect", () => {
        clearTimeout(timer);
        socket.off("error", failed);
        resolve(socket);
      });
    });

  return { check, checkLiteral, lookup, connect };
}

/** Credentials a redirect to another origin must not carry (as browsers and the Fetch standard do). */
const CREDENTIAL_HEADERS = new Set(["authorization", "cookie", "proxy-authorization"]);

export function createSafeFetch(opts: SafeFetchOptions = {}): SafeFetch {
  const guard = createAddressGuard({ allowlist: opts.allowlist, lookup: opts.lookup });
  const maxBytesDefault = opts.maxBytes ?? 5 * 1024 * 1024;
  const timeoutDefault = opts.timeoutMs ?? 15_000;
  const maxRedirectsDefault = opts.maxRedirects ?? 5;

  const checkLiteral = (url: URL): boolean => {
    try {
      return guard.checkLiteral(bareHost(url));
    } catch (err) {
      throw new SafeFetchError("blocked_address", (err as Error).message, url.href);
    }
  };

  // Names are checked at connect time and the socket dials the address that passed.
  const agent = new Agent({ connections: 8, connect: { lookup: guard.lookup } });

  const safeFetch = (async (raw: string, init: SafeFetchInit = {}) => {
    const maxBytes = init.maxBytes ?? maxBytesDefault;
    const maxRedirects = init.maxRedirects ?? maxRedirectsDefault;
    const timeout = AbortSignal.timeout(init.timeoutMs ?? timeoutDefault);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    let url = parseUrl(raw);
    let method = init.method ?? "GET";
    let body = init.body;
    let headers: Record<string, string> = { ...init.headers };
    const origin = url.origin;
    for (let hop = 0; ; hop++) {
      checkLiteral(url);
      let res: Awaited<ReturnType<typeof request>>;
      try {
        res = await request(url, {
          dispatcher: agent,
          method,
          body,
          signal,
          headers: { "user-agent": opts.userAgent ?? "Prospector", "accept-encoding": "identity", ...headers },
        });
      } catch (err) {
        throw wrap(err, url, timeout);
      }
      const answer = flatten(res.headers);
      if ([301, 302, 303, 307, 308].includes(res.statusCode) && answer.location) {
        res.body.resume();
        if (hop >= maxRedirects) throw new SafeFetchError("too_many_redirects", `More than ${maxRedirects} redirects`, url.href);
        url = parseUrl(new URL(answer.location, url));
        // Once the chain leaves the first origin, its credentials stay behind (also on the way back).
        if (url.origin !== origin)
          headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !CREDENTIAL_HEADERS.has(k.toLowerCase())));
        if (res.statusCode === 303 || ((res.statusCode === 301 || res.statusCode === 302) && method === "POST")) {
          method = "GET";
          body = undefined;
        }
        continue;
      }
      const declared = Number(answer["content-length"] ?? "0");
      if (declared > maxBytes) {
        res.body.destroy();
        throw new SafeFetchError("too_large", `Response larger than ${maxBytes} bytes`, url.href);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const chunk of res.body) {
          size += (chunk as Buffer).length;
          if (size > maxBytes) {
            res.body.destroy();
            throw new SafeFetchError("too_large", `Response larger than ${maxBytes} bytes`, url.href);
          }
          chunks.push(chunk as Buffer);
        }
      } catch (err) {
        throw wrap(err, url, timeout);
      }
      const buf = Buffer.concat(chunks);
      const final = url.href;
      return {
        status: res.statusCode,
        headers: answer,
        url: final,
        body: buf,
        text: () => buf.toString("utf8"),
        json: <T>() => JSON.parse(buf.toString("utf8")) as T,
      };
    }
  }) as SafeFetch;

  safeFetch.assertAllowed = async (raw: string) => {
    const url = parseUrl(raw);
    try {
      await guard.check(bareHost(url));
    } catch (err) {
      if (err instanceof SafeFetchError) throw new SafeFetchError(err.reason, err.message, url.href);
      throw err;
    }
    return url;
  };
  safeFetch.close = () => agent.close();
  return safeFetch;
}

function wrap(err: unknown, url: URL, timeout: AbortSignal): SafeFetchError {
  if (err instanceof SafeFetchError) return err;
  const e = err as Error & { code?: string; cause?: unknown };
  if (e.cause instanceof SafeFetchError) return e.cause;
  if (timeout.aborted || e.name === "TimeoutError" || e.code === "UND_ERR_HEADERS_TIMEOUT" || e.code === "UND_ERR_BODY_TIMEOUT") {
    return new SafeFetchError("timeout", `Timed out fetching ${url.origin}`, url.href);
  }
  return new SafeFetchError("network", `Could not fetch ${url.origin}: ${e.code ?? e.message}`, url.href);
}

function flatten(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(", ") : v;
  return out;
}

export const parseDnsServers = (value: string | undefined): string[] =>
  (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The one way the app builds a DNS resolver: DNS_SERVERS (comma-separated ip or ip:port) when set,
 * else the system's servers; each query waits `timeoutMs` and is tried `tries` times.
 */
export function createResolver(dnsServers: string | undefined, opts: { timeoutMs?: number; tries?: number } = {}): dns.promises.Resolver {
  const resolver = new dns.promises.Resolver({ timeout: opts.timeoutMs ?? 3000, tries: opts.tries ?? 2 });
  const servers = parseDnsServers(dnsServers);
  if (servers.length) resolver.setServers(servers);
  return resolver;
}

/** Host lookups against explicit DNS servers (A and AAAA), instead of the system resolver. */
export function resolverLookup(servers: string[]): LookupAll {
  const resolver = createResolver(servers.join(","));
  return async (hostname) => {
    if (net.isIP(hostname)) return [{ address: hostname, family: net.isIP(hostname) }];
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)]);
    const out = [
      ...(v4.status === "fulfilled" ? v4.value.map((address) => ({ address, family: 4 })) : []),
      ...(v6.status === "fulfilled" ? v6.value.map((address) => ({ address, family: 6 })) : []),
    ];
    if (out.length === 0) throw Object.assign(new Error(`No address for ${hostname}`), { code: "ENOTFOUND" });
    return out;
  };
}

type OutboundConfig = { OUTBOUND_ALLOWLIST: string; DNS_SERVERS?: string };

/** The address rule from config (OUTBOUND_ALLOWLIST, DNS_SERVERS) for connections other than HTTP: SMTP and IMAP. */
export function createOutboundGuard(config: OutboundConfig): AddressGuard {
  const servers = parseDnsServers(config.DNS_SERVERS);
  return createAddressGuard({
    allowlist: config.OUTBOUND_ALLOWLIST.split(","),
    lookup: servers.length ? resolverLookup(servers) : undefined,
  });
}

/** The app's outbound fetcher from config: OUTBOUND_ALLOWLIST, CRAWL_USER_AGENT and DNS_SERVERS. */
export function createOutboundFetch(config: { OUTBOUND_ALLOWLIST: string; CRAWL_USER_AGENT: string; DNS_SERVERS?: string }): SafeFetch {
  const servers = parseDnsServers(config.DNS_SERVERS);
  return createSafeFetch({
    allowlist: config.OUTBOUND_ALLOWLIST.split(","),
    userAgent: config.CRAWL_USER_AGENT,
    lookup: servers.length ? resolverLookup(servers) : undefined,
  });
}
