/**
 * Machine opens and clicks: mail-privacy proxies that fetch every image on delivery (Apple Mail
 * Privacy Protection, Google/Yahoo image proxies) and security scanners that follow every link
 * (known user agents, HEAD requests, requests within seconds of delivery). Flagged, not dropped,
 * so they are counted apart from people.
 */

export interface RequestFacts {
  method: string;
  ip: string;
  userAgent: string;
  /** When the message was sent; null if unknown. */
  sentAt: Date | null;
  now: Date;
}

export interface BotVerdict {
  isBot: boolean;
  /** privacy_proxy | scanner | too_fast | head_request | no_user_agent */
  reason: string | null;
}

/** Faster than any person opens or clicks after delivery. */
export const TOO_FAST_MS = 10_000;

const PROXY_UA = /GoogleImageProxy|ggpht\.com|YahooMailProxy|Yahoo! Slurp/i;
const SCANNER_UA =
  /bot\b|crawler|spider|scanner|preview|barracuda|mimecast|proofpoint|messagelabs|symantec|trend ?micro|fireeye|forcepoint|sophos|safelinks|cisco|ironport|zscaler|python-requests|python-urllib|curl\/|wget\/|go-http-client|java\/|okhttp|axios|node-fetch|undici|libwww|httpclient|headless/i;

function ipv4ToInt(ip: string): number | null {
  const m = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return null;
  return (((parts[0] as number) << 24) >>> 0) + ((parts[1] as number) << 16) + ((parts[2] as number) << 8) + (parts[3] as number);
}

/** Apple owns 17.0.0.0/8; Mail Privacy Protection fetches from there with a bare "Mozilla/5.0". */
const APPLE = { base: ipv4ToInt("17.0.0.0") as number, mask: 0xff000000 };

export function isAppleProxy(ip: string, userAgent: string): boolean {
  const n = ipv4ToInt(ip);
  if (n !== null && (n & APPLE.mask) >>> 0 === APPLE.base) return true;
  // Seen from Apple's relays over IPv6 and some egress ranges: the UA carries nothing else.
  return userAgent.trim() === "Mozilla/5.0";
}

export function classifyRequest(r: RequestFacts): BotVerdict {
  if (r.method === "HEAD") return { isBot: true, reason: "head_request" };
  const ua = r.userAgent.trim();
  if (!ua) return { isBot: true, reason: "no_user_agent" };
  if (PROXY_UA.test(ua) || isAppleProxy(r.ip, ua)) return { isBot: true, reason: "privacy_proxy" };
  if (SCANNER_UA.test(ua)) return { isBot: true, reason: "scanner" };
  if (r.sentAt && r.now.getTime() - r.sentAt.getTime() < TOO_FAST_MS) return { isBot: true, reason: "too_fast" };
  return { isBot: false, reason: null };
}
