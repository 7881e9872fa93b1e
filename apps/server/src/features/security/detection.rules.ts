/**
 * The detection rules: each a pure function over events and thresholds that answers findings
 * (docs/security-operations.md). A finding only counts when one of its events is newer than
 * `since` (the run's watermark), so a run looks back far enough for its windows but never reports
 * an old pattern again.
 */
import type { AlertSeverity, SecurityRuleId, SignInOutcome } from "@prospector/contracts";
import { distanceKm, expandIpv6, type GeoPoint } from "./geoip.ts";

export interface SignIn {
  id: string;
  outcome: SignInOutcome;
  email: string;
  userId: string | null;
  ip: string | null;
  userAgent: string | null;
  at: Date;
}

/** One hour of one key from one address. */
export interface KeyHour {
  apiKeyId: string;
  workspaceId: string;
  keyName: string;
  hour: Date;
  ip: string;
  requests: number;
  denied: number;
}

export interface PrivilegeEvent {
  id: string;
  workspaceId: string;
  /** The person whose permissions changed. */
  userId: string | null;
  event: string;
  resource: string | null;
  action: string | null;
  detail: Record<string, unknown> | null;
  at: Date;
}

export interface Finding {
  rule: SecurityRuleId;
  severity: AlertSeverity;
  subject: string;
  title: string;
  /** The newest event of the finding. */
  at: Date;
  /** Ids of the events behind it: a repeat with no new id is the same finding (idempotent runs). */
  eventIds: string[];
  /** Users concerned (sign-in rules: their workspaces get the alert). */
  userIds: string[];
  /** Set for rules over one workspace's records (API keys, privilege changes). */
  workspaceId?: string;
  evidence: Record<string, unknown>;
}

export type Thresholds = Record<string, number>;

export interface ThresholdSpec {
  key: string;
  label: string;
  default: number;
  min: number;
  max: number;
}

export interface RuleSpec {
  name: string;
  explanation: string;
  severity: AlertSeverity;
  thresholds: ThresholdSpec[];
}

export const EVIDENCE_EVENTS_MAX = 20;
const MINUTE = 60_000;
const HOUR = 3_600_000;

export const RULES: Record<SecurityRuleId, RuleSpec> = {
  brute_force: {
    name: "Brute force",
    explanation:
      "Failed sign-ins (wrong password, wrong two-factor code, locked) on one account reach the limit within the window. Critical when a successful sign-in follows the burst.",
    severity: "high",
    thresholds: [
      { key: "attempts", label: "Failed attempts", default: 5, min: 2, max: 1000 },
      { key: "minutes", label: "Window (minutes)", default: 10, min: 1, max: 1440 },
    ],
  },
  credential_stuffing: {
    name: "Credential stuffing",
    explanation:
      "One address fails to sign in to many distinct accounts (existing or not) within the window. The instance admin sees the whole attack; each workspace sees only its own members.",
    severity: "high",
    thresholds: [
      { key: "accounts", label: "Distinct accounts", default: 10, min: 2, max: 10_000 },
      { key: "minutes", label: "Window (minutes)", default: 10, min: 1, max: 1440 },
    ],
  },
  impossible_travel: {
    name: "Impossible travel",
    explanation:
      "Two successful sign-ins of one user from places farther apart than anyone could travel in the time between them (located with the GeoIP database).",
    severity: "high",
    thresholds: [
      { key: "speed_kmh", label: "Speed (km/h)", default: 900, min: 100, max: 20_000 },
      { key: "min_km", label: "Ignore distances under (km)", default: 100, min: 0, max: 5000 },
    ],
  },
  new_device: {
    name: "New device",
    explanation:
      "A successful sign-in from a browser family and operating system on a network (/24, IPv6 /48) the user has not signed in from in the lookback; only for users with sign-in history.",
    severity: "low",
    thresholds: [{ key: "lookback_days", label: "Lookback (days)", default: 90, min: 7, max: 90 }],
  },
  api_key_volume: {
    name: "API key volume spike",
    explanation:
      "An hour's requests of one key exceed the larger of a floor and a multiple of the key's median active hour over the previous 7 days.",
    severity: "medium",
    thresholds: [
      { key: "min_requests", label: "Floor (requests per hour)", default: 1000, min: 10, max: 10_000_000 },
      { key: "multiplier", label: "Multiple of the median hour", default: 5, min: 1.5, max: 1000 },
    ],
  },
  api_key_new_address: {
    name: "API key from a new address",
    explanation: "A key that already has history is used from a client address it never used in the lookback.",
    severity: "medium",
    thresholds: [{ key: "lookback_days", label: "Lookback (days)", default: 30, min: 1, max: 90 }],
  },
  api_key_denied: {
    name: "API key refusals",
    explanation:
      "A recognised key is refused (401/403: outside its scopes or its owner's permissions) many times in a short time, as when a stolen key is probed.",
    severity: "medium",
    thresholds: [
      { key: "denied", label: "Refused calls", default: 20, min: 1, max: 1_000_000 },
      { key: "minutes", label: "Window (minutes, whole hours)", default: 60, min: 60, max: 1440 },
    ],
  },
  privilege_change: {
    name: "Privilege change",
    explanation: "A role is assigned or a permission granted. Escalation to admin or to every permission (*:*) is high severity.",
    severity: "low",
    thresholds: [],
  },
};

export const RULE_IDS = Object.keys(RULES) as SecurityRuleId[];

export function defaultThresholds(rule: SecurityRuleId): Thresholds {
  return Object.fromEntries(RULES[rule].thresholds.map((t) => [t.key, t.default]));
}

const FAILED_ON_ACCOUNT: ReadonlySet<SignInOutcome> = new Set(["bad_password", "two_factor_failed", "locked"]);
const FAILED: ReadonlySet<SignInOutcome> = new Set(["bad_password", "two_factor_failed", "locked", "unknown_account", "inactive"]);

const byTime = <T extends { at: Date }>(a: T, b: T) => a.at.getTime() - b.at.getTime();
const cap = <T>(list: T[]) => list.slice(-EVIDENCE_EVENTS_MAX);
const eventView = (e: SignIn) => ({
  id: e.id,
  at: e.at.toISOString(),
  outcome: e.outcome,
  email: e.email,
  ip: e.ip,
  user_agent: e.userAgent,
});

function groupBy<T>(list: readonly T[], key: (t: T) => string | null): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of list) {
    const k = key(item);
    if (k === null) continue;
    const g = out.get(k);
    if (g) g.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/** The largest window of `minutes` (by a measure) whose last event is newer than `since`. */
function bestWindow<T extends { at: Date }>(
  sorted: T[],
  minutes: number,
  since: Date,
  measure: (w: T[]) => number,
): { window: T[]; value: number } | null {
  let best: { window: T[]; value: number } | null = null;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    const last = sorted[end] as T;
    while (last.at.getTime() - (sorted[start] as T).at.getTime() > minutes * MINUTE) start++;
    if (last.at <= since) continue;
    const window = sorted.slice(start, end + 1);
    const value = measure(window);
    if (!best || value >= best.value) best = { window, value };
  }
  return best;
}

export function bruteForce(events: readonly SignIn[], t: Thresholds, since: Date): Finding[] {
  const attempts = t.attempts as number;
  const minutes = t.minutes as number;
  const out: Finding[] = [];
  const byAccount = groupBy(
    events.filter((e) => e.userId),
    (e) => e.userId,
  );
  for (const [userId, list] of byAccount) {
    const sorted = [...list].sort(byTime);
    const failed = sorted.filter((e) => FAILED_ON_ACCOUNT.has(e.outcome));
    let best = bestWindow(failed, minutes, since, (w) => w.length);
    if (best && best.value < attempts) best = null;
    // A success newer than the watermark right after a burst (the burst itself may be older): critical.
    let burstBeforeSuccess: SignIn[] | null = null;
    const successAfterBurst = sorted.find((s) => {
      if (s.outcome !== "success" || s.at <= since) return false;
      const before = failed.filter((e) => e.at <= s.at && s.at.getTime() - e.at.getTime() <= minutes * MINUTE);
      if (before.length < attempts) return false;
      burstBeforeSuccess = before;
      return true;
    });
    if (!best && burstBeforeSuccess) best = { window: burstBeforeSuccess, value: (burstBeforeSuccess as SignIn[]).length };
    if (!best) continue;
    const first = best.window[0] as SignIn;
    const last = best.window[best.window.length - 1] as SignIn;
    const success =
      successAfterBurst ??
      sorted.find((e) => e.outcome === "success" && e.at >= first.at && e.at.getTime() <= last.at.getTime() + minutes * MINUTE);
    out.push({
      rule: "brute_force",
      severity: success ? "critical" : "high",
      subject: `user:${userId}`,
      title: `${best.value} failed sign-ins on ${last.email} in ${minutes} min${success ? ", then a successful sign-in" : ""}`,
      at: (success && success.at > last.at ? success : last).at,
      eventIds: [...best.window.map((e) => e.id), ...(success ? [success.id] : [])],
      userIds: [userId],
      evidence: {
        account: last.email,
        failed: best.value,
        sources: [...new Set(best.window.map((e) => e.ip).filter(Boolean))],
        success_after: success ? eventView(success) : null,
        events: cap(best.window).map(eventView),
        thresholds: { attempts, minutes },
      },
    });
  }
  return out;
}

export function credentialStuffing(events: readonly SignIn[], t: Thresholds, since: Date): Finding[] {
  const accounts = t.accounts as number;
  const minutes = t.minutes as number;
  const out: Finding[] = [];
  const byIp = groupBy(
    events.filter((e) => FAILED.has(e.outcome)),
    (e) => e.ip,
  );
  for (const [ip, list] of byIp) {
    const sorted = [...list].sort(byTime);
    const best = bestWindow(sorted, minutes, since, (w) => new Set(w.map((e) => e.email)).size);
    if (!best || best.value < accounts) continue;
    const last = best.window[best.window.length - 1] as SignIn;
    out.push({
      rule: "credential_stuffing",
      severity: "high",
      subject: `ip:${ip}`,
      title: `${ip} failed to sign in to ${best.value} accounts in ${minutes} min`,
      at: last.at,
      eventIds: best.window.map((e) => e.id),
      userIds: [...new Set(best.window.map((e) => e.userId).filter((u): u is string => u !== null))],
      evidence: {
        ip,
        distinct_accounts: best.value,
        attempts: best.window.length,
        accounts: [...new Set(best.window.map((e) => e.email))].slice(0, 50),
        events: cap(best.window).map(eventView),
        thresholds: { accounts, minutes },
      },
    });
  }
  return out;
}

export function impossibleTravel(
  successes: readonly SignIn[],
  locate: (ip: string) => GeoPoint | null,
  t: Thresholds,
  since: Date,
): Finding[] {
  const speedLimit = t.speed_kmh as number;
  const minKm = t.min_km as number;
  const out: Finding[] = [];
  const byUser = groupBy(
    successes.filter((e) => e.outcome === "success"),
    (e) => e.userId,
  );
  for (const [userId, list] of byUser) {
    const sorted = [...list].sort(byTime);
    let worst: { a: SignIn; b: SignIn; pa: GeoPoint; pb: GeoPoint; km: number; kmh: number } | null = null;
    for (let i = 1; i < sorted.length; i++) {
      const a = sorted[i - 1] as SignIn;
      const b = sorted[i] as SignIn;
      if (b.at <= since || !a.ip || !b.ip || a.ip === b.ip) continue;
      const pa = locate(a.ip);
      const pb = locate(b.ip);
      if (!pa || !pb) continue;
      const km = distanceKm(pa, pb);
      if (km < minKm) continue;
      // At least a minute apart: two sign-ins in the same second are not infinitely fast.
      const hours = Math.max(b.at.getTime() - a.at.getTime(), MINUTE) / HOUR;
      const kmh = km / hours;
      if (kmh > speedLimit && (!worst || kmh > worst.kmh)) worst = { a, b, pa, pb, km, kmh };
    }
    if (!worst) continue;
    const place = (p: GeoPoint) => [p.city, p.country].filter(Boolean).join(", ") || `${p.lat.toFixed(2)}, ${p.lon.toFixed(2)}`;
    out.push({
      rule: "impossible_travel",
      severity: "high",
      subject: `user:${userId}`,
      title: `${worst.b.email} signed in from ${place(worst.pa)} and ${place(worst.pb)} ${Math.round(worst.km)} km apart (${Math.round(worst.kmh)} km/h)`,
      at: worst.b.at,
      eventIds: [worst.a.id, worst.b.id],
      userIds: [userId],
      evidence: {
        distance_km: Math.round(worst.km),
        speed_kmh: Math.round(worst.kmh),
        minutes_between: Math.round((worst.b.at.getTime() - worst.a.at.getTime()) / MINUTE),
        from: { ...eventView(worst.a), place: place(worst.pa) },
        to: { ...eventView(worst.b), place: place(worst.pb) },
        events: [
          { ...eventView(worst.a), place: place(worst.pa) },
          { ...eventView(worst.b), place: place(worst.pb) },
        ],
        thresholds: { speed_kmh: speedLimit, min_km: minKm },
      },
    });
  }
  return out;
}

/** "Chrome on Windows": the browser family and operating system of a user agent. */
export function deviceOf(userAgent: string | null): string {
  const ua = userAgent ?? "";
  const family = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\//.test(ua)
      ? "Opera"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /Chrome\/|CriOS\//.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua) && /Version\//.test(ua)
            ? "Safari"
            : (ua.match(/^([A-Za-z][\w.-]*)/)?.[1] ?? "unknown");
  const os = /Windows/.test(ua)
    ? "Windows"
    : /iPhone|iPad|iPod/.test(ua)
      ? "iOS"
      : /Android/.test(ua)
        ? "Android"
        : /Mac OS X|Macintosh/.test(ua)
          ? "macOS"
          : /Linux/.test(ua)
            ? "Linux"
            : "other";
  return `${family} on ${os}`;
}

/** The /24 of an IPv4 address, the /48 of an IPv6 one. */
export function networkOf(ip: string | null): string {
  if (!ip) return "unknown";
  const v4 = ip.replace(/^::ffff:/i, "");
  if (/^\d+\.\d+\.\d+\.\d+$/.test(v4)) return `${v4.split(".").slice(0, 3).join(".")}.0/24`;
  if (ip.includes(":")) return `${expandIpv6(ip).slice(0, 3).join(":")}::/48`;
  return ip;
}

export function newDevice(successes: readonly SignIn[], t: Thresholds, since: Date): Finding[] {
  const lookback = (t.lookback_days as number) * 24 * HOUR;
  const out: Finding[] = [];
  const byUser = groupBy(
    successes.filter((e) => e.outcome === "success"),
    (e) => e.userId,
  );
  for (const [userId, list] of byUser) {
    const sorted = [...list].sort(byTime);
    const fresh: SignIn[] = [];
    for (let i = 0; i < sorted.length; i++) {
      const e = sorted[i] as SignIn;
      if (e.at <= since) continue;
      const history = sorted.slice(0, i).filter((p) => e.at.getTime() - p.at.getTime() <= lookback);
      if (history.length === 0) continue;
      const key = `${deviceOf(e.userAgent)}|${networkOf(e.ip)}`;
      if (history.some((p) => `${deviceOf(p.userAgent)}|${networkOf(p.ip)}` === key)) continue;
      // Two sign-ins from the same new device in one run are one finding.
      if (fresh.some((p) => `${deviceOf(p.userAgent)}|${networkOf(p.ip)}` === key)) continue;
      fresh.push(e);
    }
    if (fresh.length === 0) continue;
    const last = fresh[fresh.length - 1] as SignIn;
    out.push({
      rule: "new_device",
      severity: "low",
      subject: `user:${userId}`,
      title: `${last.email} signed in from a new device: ${deviceOf(last.userAgent)} on ${networkOf(last.ip)}`,
      at: last.at,
      eventIds: fresh.map((e) => e.id),
      userIds: [userId],
      evidence: {
        devices: fresh.map((e) => ({ device: deviceOf(e.userAgent), network: networkOf(e.ip), at: e.at.toISOString() })),
        events: cap(fresh).map(eventView),
        thresholds: { lookback_days: t.lookback_days },
      },
    });
  }
  return out;
}

const hourKey = (d: Date) => d.toISOString();

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** Per key: its rows, and totals per hour. */
function keysOf(rows: readonly KeyHour[]) {
  return [...groupBy(rows, (r) => r.apiKeyId)].map(([apiKeyId, list]) => {
    const hours = new Map<string, { hour: Date; requests: number; denied: number }>();
    for (const r of list) {
      const h = hours.get(hourKey(r.hour)) ?? { hour: r.hour, requests: 0, denied: 0 };
      h.requests += r.requests;
      h.denied += r.denied;
      hours.set(hourKey(r.hour), h);
    }
    const first = list[0] as KeyHour;
    return { apiKeyId, workspaceId: first.workspaceId, keyName: first.keyName, rows: list, hours: [...hours.values()].sort(byHour) };
  });
}
const byHour = (a: { hour: Date }, b: { hour: Date }) => a.hour.getTime() - b.hour.getTime();
/** An hour still counts as new while its end is after the watermark (the current hour grows). */
const hourIsNew = (hour: Date, since: Date) => hour.getTime() + HOUR > since.getTime();

export function apiKeyVolume(rows: readonly KeyHour[], t: Thresholds, since: Date): Finding[] {
  const floor = t.min_requests as number;
  const k = t.multiplier as number;
  const out: Finding[] = [];
  for (const key of keysOf(rows)) {
    const spikes: { hour: Date; requests: number; median: number; limit: number }[] = [];
    for (const h of key.hours) {
      if (!hourIsNew(h.hour, since)) continue;
      const from = h.hour.getTime() - 7 * 24 * HOUR;
      const baseline = median(key.hours.filter((p) => p.hour.getTime() >= from && p.hour < h.hour).map((p) => p.requests));
      const limit = Math.max(floor, k * baseline);
      if (h.requests > limit) spikes.push({ hour: h.hour, requests: h.requests, median: baseline, limit });
    }
    if (spikes.length === 0) continue;
    const last = spikes[spikes.length - 1] as (typeof spikes)[number];
    out.push({
      rule: "api_key_volume",
      severity: "medium",
      subject: `api_key:${key.apiKeyId}`,
      title: `API key "${key.keyName}" made ${last.requests} requests in an hour (limit ${Math.round(last.limit)})`,
      at: new Date(last.hour.getTime() + HOUR - 1),
      eventIds: spikes.map((s) => `hour:${hourKey(s.hour)}`),
      userIds: [],
      workspaceId: key.workspaceId,
      evidence: {
        api_key_id: key.apiKeyId,
        key_name: key.keyName,
        hours: spikes.map((s) => ({ hour: hourKey(s.hour), requests: s.requests, median_hour: s.median, limit: Math.round(s.limit) })),
        thresholds: { min_requests: floor, multiplier: k },
      },
    });
  }
  return out;
}

export function apiKeyNewAddress(rows: readonly KeyHour[], t: Thresholds, since: Date): Finding[] {
  const lookback = (t.lookback_days as number) * 24 * HOUR;
  const out: Finding[] = [];
  for (const key of keysOf(rows)) {
    const sorted = [...key.rows].sort(byHour);
    const fresh: KeyHour[] = [];
    for (const r of sorted) {
      if (!hourIsNew(r.hour, since)) continue;
      const history = sorted.filter((p) => p.hour < r.hour && r.hour.getTime() - p.hour.getTime() <= lookback);
      if (history.length === 0) continue;
      if (history.some((p) => p.ip === r.ip) || fresh.some((p) => p.ip === r.ip)) continue;
      fresh.push(r);
    }
    if (fresh.length === 0) continue;
    const last = fresh[fresh.length - 1] as KeyHour;
    const known = [...new Set(sorted.filter((p) => p.hour < (fresh[0] as KeyHour).hour).map((p) => p.ip))];
    out.push({
      rule: "api_key_new_address",
      severity: "medium",
      subject: `api_key:${key.apiKeyId}`,
      title: `API key "${key.keyName}" used from a new address: ${last.ip}`,
      at: new Date(Math.max(last.hour.getTime(), since.getTime())),
      eventIds: fresh.map((r) => `ip:${r.ip}`),
      userIds: [],
      workspaceId: key.workspaceId,
      evidence: {
        api_key_id: key.apiKeyId,
        key_name: key.keyName,
        new_addresses: fresh.map((r) => ({ ip: r.ip, hour: hourKey(r.hour), requests: r.requests })),
        known_addresses: known.slice(0, EVIDENCE_EVENTS_MAX),
        thresholds: { lookback_days: t.lookback_days },
      },
    });
  }
  return out;
}

export function apiKeyDenied(rows: readonly KeyHour[], t: Thresholds, since: Date): Finding[] {
  const threshold = t.denied as number;
  const hours = Math.max(1, Math.ceil((t.minutes as number) / 60));
  const out: Finding[] = [];
  for (const key of keysOf(rows)) {
    let worst: { hour: Date; denied: number; window: { hour: Date; denied: number }[] } | null = null;
    for (const h of key.hours) {
      if (!hourIsNew(h.hour, since)) continue;
      const window = key.hours.filter((p) => p.hour <= h.hour && h.hour.getTime() - p.hour.getTime() < hours * HOUR);
      const denied = window.reduce((n, p) => n + p.denied, 0);
      if (denied >= threshold && (!worst || denied > worst.denied)) worst = { hour: h.hour, denied, window };
    }
    if (!worst) continue;
    const addresses = key.rows.filter((r) => r.denied > 0 && worst.window.some((w) => w.hour.getTime() === r.hour.getTime()));
    out.push({
      rule: "api_key_denied",
      severity: "medium",
      subject: `api_key:${key.apiKeyId}`,
      title: `API key "${key.keyName}" was refused ${worst.denied} times within ${hours} h`,
      at: new Date(Math.max(worst.hour.getTime(), since.getTime())),
      eventIds: [`hour:${hourKey(worst.hour)}:${worst.denied}`],
      userIds: [],
      workspaceId: key.workspaceId,
      evidence: {
        api_key_id: key.apiKeyId,
        key_name: key.keyName,
        denied: worst.denied,
        by_address: addresses.map((r) => ({ ip: r.ip, hour: hourKey(r.hour), denied: r.denied, requests: r.requests })),
        thresholds: { denied: threshold, minutes: t.minutes },
      },
    });
  }
  return out;
}

const ADMIN_GRANTS = new Set(["admin", "*", "*:*"]);

/** Every grant is a finding of its own (subject: the person and the change). */
export function privilegeChange(events: readonly PrivilegeEvent[], since: Date): Finding[] {
  const out: Finding[] = [];
  for (const e of events) {
    if (e.at <= since || !e.userId) continue;
    let granted: string | null = null;
    if (e.event === "role_assigned") granted = typeof e.detail?.role === "string" ? (e.detail.role as string) : null;
    else if (e.event === "access_request_approved") granted = `${e.resource ?? "?"}:${e.action ?? "?"}`;
    if (!granted) continue;
    const escalation = ADMIN_GRANTS.has(granted) || granted.startsWith("*:") || (e.resource === "*" && e.action === "*");
    out.push({
      rule: "privilege_change",
      severity: escalation ? "high" : "low",
      subject: `user:${e.userId}:${granted}`,
      title: e.event === "role_assigned" ? `Role ${granted} assigned` : `Permission ${granted} granted`,
      at: e.at,
      eventIds: [e.id],
      userIds: [e.userId],
      workspaceId: e.workspaceId,
      evidence: {
        user_id: e.userId,
        granted,
        escalation,
        previous_role: e.detail?.previous_role ?? null,
        by: e.detail?.by ?? null,
        events: [{ id: e.id, at: e.at.toISOString(), event: e.event, detail: e.detail }],
      },
    });
  }
  return out;
}
