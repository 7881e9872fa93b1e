/**
 * What the sessions list shows about a sign-in: the device from its user agent (browser and
 * operating system) and where it came from. Without a GeoIP database a public address is
 * "Unknown": the server never guesses a place it cannot look up.
 */
import { BlockList, isIP } from "node:net";

export interface DeviceInfo {
  device: string;
  browser: string | null;
  os: string | null;
}

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bVivaldi\//, "Vivaldi"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/\bcurl\//i, "curl"],
  [/\bPostmanRuntime\//, "Postman"],
  [/\b(?:node-fetch|undici|node)\b/i, "Node.js"],
  [/\bpython-requests\//i, "Python"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bUbuntu\b/, "Ubuntu"],
  [/\bLinux\b/, "Linux"],
];

export function describeDevice(userAgent: string | null | undefined): DeviceInfo {
  const ua = userAgent?.trim() ?? "";
  if (!ua) return { device: "Unknown device", browser: null, os: null };
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1] ?? null;
  const os = SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? null;
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
