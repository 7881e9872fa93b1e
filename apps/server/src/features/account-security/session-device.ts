/**
 * What the sessions list shows about a sign-in: the device from its user agent (browser and
 * operating system) and where it came from. Without a GeoIP database a public address is
 * "Unknown": the server never guesses a place it cannot look up.
 */
import { BlockList, isIP } from "node:net";
import { UAParser } from "ua-parser-js";
import { CLIs, Fetchers, Libraries } from "ua-parser-js/extensions";

export interface DeviceInfo {
  device: string;
  browser: string | null;
  os: string | null;
}

// ua-parser-js knows the browsers and systems; its command-line and HTTP-library extensions
// name scripted clients (curl, Postman, node-fetch). Its names get the shorter labels of the list.
const parser = new UAParser([CLIs, Fetchers, Libraries].flat());

const LABELS: Record<string, string> = {
  "Chrome OS": "ChromeOS",
  PostmanRuntime: "Postman",
  "node-fetch": "Node.js",
  undici: "Node.js",
  axios: "Node.js",
  "python-requests": "Python",
};

/** "Mobile Safari" is Safari on a phone: the system already says which. */
function label(name: string | undefined): string | null {
  if (!name) return null;
  const plain = name.replace(/^Mobile /, "");
  return LABELS[plain] ?? plain;
}

export function describeDevice(userAgent: string | null | undefined): DeviceInfo {
  const ua = userAgent?.trim() ?? "";
  if (!ua) return { device: "Unknown device", browser: null, os: null };
  const result = parser.setUA(ua).getResult();
  const browser = label(result.browser.name);
  const os = label(result.os.name);
  const device = browser && os ? `${browser} on ${os}` : (browser ?? os ?? "Unknown device");
  return { device, browser, os };
}

const LOCAL = new BlockList();
for (const [net, bits] of [
  ["10.0.0.0", 8],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
] as const) {
  LOCAL.addSubnet(net, bits, "ipv4");
}
LOCAL.addAddress("::1", "ipv6");
LOCAL.addSubnet("fc00::", 7, "ipv6");
LOCAL.addSubnet("fe80::", 10, "ipv6");

/** Maps a public address to a place; none is configured in this build (see the README). */
export type IpLocator = (ip: string) => string | null;

export function describeLocation(ip: string | null | undefined, locate?: IpLocator): string {
  const address = normalizeIp(ip);
  if (!address) return "Unknown";
  const family = isIP(address) === 6 ? "ipv6" : "ipv4";
  if (LOCAL.check(address, family)) return "Local network";
  return locate?.(address) ?? "Unknown";
}

/** The address as a bare IP: better-auth may store "", and IPv4 can arrive mapped into IPv6. */
export function normalizeIp(ip: string | null | undefined): string | null {
  const trimmed = ip?.trim();
  if (!trimmed) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  const address = mapped?.[1] ?? trimmed;
  return isIP(address) ? address : null;
}
