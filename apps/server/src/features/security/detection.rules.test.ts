import { describe, expect, it } from "vitest";
import {
  apiKeyDenied,
  apiKeyNewAddress,
  apiKeyVolume,
  bruteForce,
  credentialStuffing,
  defaultThresholds,
  deviceOf,
  impossibleTravel,
  type KeyHour,
  networkOf,
  newDevice,
  privilegeChange,
  type SignIn,
} from "./detection.rules.ts";
import { distanceKm, parseCityCsv } from "./geoip.ts";
import { GEOIP_FIXTURE_CSV } from "./security.test-helpers.ts";

const T0 = new Date("2026-11-20T10:00:00Z").getTime();
const MIN = 60_000;
const HOUR = 3_600_000;
let seq = 0;
const CHROME_WIN = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const FIREFOX_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:132.0) Gecko/20100101 Firefox/132.0";

const ev = (o: Partial<SignIn> & { min: number }): SignIn => ({
  id: `e${++seq}`,
  outcome: "bad_password",
  email: "ada@example.com",
  userId: "u1",
  ip: "198.51.100.10",
  userAgent: CHROME_WIN,
  ...o,
  at: new Date(T0 + o.min * MIN),
});
const since = new Date(T0 - MIN);

describe("brute_force", () => {
  const t = defaultThresholds("brute_force");
  it("fires on 5 failed sign-ins on one account in 10 minutes, critical when a success follows", () => {
    const burst = [0, 1, 2, 3, 4].map((min) => ev({ min, ip: `203.0.113.${min}` }));
    const [f] = bruteForce(burst, t, since);
    expect(f).toMatchObject({ rule: "brute_force", severity: "high", subject: "user:u1", userIds: ["u1"] });
    expect(f?.evidence).toMatchObject({ failed: 5, thresholds: { attempts: 5, minutes: 10 } });
    const [g] = bruteForce([...burst, ev({ min: 6, outcome: "success" })], t, since);
    expect(g?.severity).toBe("critical");
  });
  it("stays quiet on a few typos spread out, and on bursts older than the watermark", () => {
    expect(
      bruteForce(
        [0, 15, 30, 45, 60].map((min) => ev({ min })),
        t,
        since,
      ),
    ).toEqual([]);
    expect(
      bruteForce(
        [0, 1, 2, 3].map((min) => ev({ min })),
        t,
        since,
      ),
    ).toEqual([]);
    expect(
      bruteForce(
        [0, 1, 2, 3, 4].map((min) => ev({ min })),
        t,
        new Date(T0 + 5 * MIN),
      ),
    ).toEqual([]);
  });
});

describe("credential_stuffing", () => {
  const t = defaultThresholds("credential_stuffing");
  it("fires when one address fails on 10 distinct accounts in 10 minutes", () => {
    const events = Array.from({ length: 10 }, (_, i) =>
      ev({
        min: i * 0.5,
        ip: "100.64.0.9",
        email: `victim${i}@example.com`,
        userId: i < 2 ? `u${i}` : null,
        outcome: i < 2 ? "bad_password" : "unknown_account",
      }),
    );
    const [f] = credentialStuffing(events, t, since);
    expect(f).toMatchObject({ subject: "ip:100.64.0.9", severity: "high", userIds: ["u0", "u1"] });
    expect(f?.evidence.distinct_accounts).toBe(10);
  });
  it("stays quiet on an office address where a few people mistype", () => {
    const events = Array.from({ length: 9 }, (_, i) => ev({ min: i, ip: "100.64.0.9", email: `p${i}@example.com` }));
    expect(credentialStuffing(events, t, since)).toEqual([]);
  });
});

describe("impossible_travel with the CSV fixture", () => {
  const geo = parseCityCsv(GEOIP_FIXTURE_CSV);
  const t = defaultThresholds("impossible_travel");
  it("locates addresses from the DB-IP City Lite layout (quoted fields, IPv6)", () => {
    expect(geo.lookup("198.51.100.10")).toMatchObject({ country: "FR", city: "Paris" });
    expect(geo.lookup("192.0.2.50")).toMatchObject({ country: "AU", city: "Sydney" });
    expect(geo.lookup("2001:db8:1::5")).toMatchObject({ country: "DE" });
    expect(geo.lookup("10.1.1.1")).toBeNull();
    expect(Math.round(distanceKm(geo.lookup("198.51.100.10")!, geo.lookup("192.0.2.50")!))).toBeGreaterThan(16_000);
  });
  it("fires on Paris then Sydney an hour apart, not on Paris then Lyon four hours apart", () => {
    const paris = ev({ min: 0, outcome: "success", ip: "198.51.100.10" });
    const [f] = impossibleTravel([paris, ev({ min: 60, outcome: "success", ip: "192.0.2.50" })], (ip) => geo.lookup(ip), t, since);
    expect(f).toMatchObject({ rule: "impossible_travel", severity: "high", subject: "user:u1" });
    expect(f?.evidence.speed_kmh as number).toBeGreaterThan(900);
    expect(impossibleTravel([paris, ev({ min: 240, outcome: "success", ip: "198.51.101.7" })], (ip) => geo.lookup(ip), t, since)).toEqual(
      [],
    );
  });
});

describe("new_device", () => {
  const t = defaultThresholds("new_device");
  it("fires on a new browser and network for a user with history, not for a first sign-in or a known device", () => {
    const known = ev({ min: -600, outcome: "success" });
    const [f] = newDevice([known, ev({ min: 5, outcome: "success", ip: "192.0.2.50", userAgent: FIREFOX_MAC })], t, since);
    expect(f).toMatchObject({ rule: "new_device", subject: "user:u1" });
    expect(f?.title).toContain("Firefox on macOS");
    expect(newDevice([ev({ min: 5, outcome: "success" })], t, since)).toEqual([]);
    // Same browser, same /24: known.
    expect(newDevice([known, ev({ min: 5, outcome: "success", ip: "198.51.100.99" })], t, since)).toEqual([]);
  });
  it("reads browser, system and network", () => {
    expect(deviceOf(CHROME_WIN)).toBe("Chrome on Windows");
    expect(networkOf("198.51.100.99")).toBe("198.51.100.0/24");
    expect(networkOf("2001:db8:1:2::1")).toBe("2001:0db8:0001::/48");
  });
});

const hour = (h: number, o: Partial<KeyHour> = {}): KeyHour => ({
  apiKeyId: "k1",
  workspaceId: "w1",
  keyName: "CI",
  hour: new Date(T0 + h * HOUR),
  ip: "10.0.0.1",
  requests: 10,
  denied: 0,
  ...o,
});
const history = Array.from({ length: 48 }, (_, i) => hour(-48 + i));

describe("API key rules", () => {
  it("api_key_volume: fires when an hour exceeds max(floor, k × median), quiet on a normal hour", () => {
    const t = { min_requests: 20, multiplier: 5 };
    expect(apiKeyVolume([...history, hour(0, { requests: 51 })], t, since)[0]).toMatchObject({ subject: "api_key:k1", workspaceId: "w1" });
    expect(apiKeyVolume([...history, hour(0, { requests: 50 })], t, since)).toEqual([]);
    // The floor holds when the median is tiny.
    expect(apiKeyVolume([...history, hour(0, { requests: 19 })], { min_requests: 20, multiplier: 1.5 }, since)).toEqual([]);
  });
  it("api_key_new_address: fires on an address the key never used, only when it has history", () => {
    const t = defaultThresholds("api_key_new_address");
    const [f] = apiKeyNewAddress([...history, hour(0, { ip: "10.9.9.9" })], t, since);
    expect(f?.evidence.new_addresses).toEqual([expect.objectContaining({ ip: "10.9.9.9" })]);
    expect(apiKeyNewAddress([...history, hour(0)], t, since)).toEqual([]);
    expect(apiKeyNewAddress([hour(0, { ip: "10.9.9.9" })], t, since)).toEqual([]);
  });
  it("api_key_denied: fires at N refusals within the window", () => {
    const t = defaultThresholds("api_key_denied");
    expect(apiKeyDenied([...history, hour(0, { denied: 20 })], t, since)[0]?.evidence.denied).toBe(20);
    expect(apiKeyDenied([...history, hour(0, { denied: 19 })], t, since)).toEqual([]);
  });
});

describe("privilege_change", () => {
  const base = { workspaceId: "w1", userId: "u2", resource: "role", action: "assign", at: new Date(T0) };
  it("reports every grant; escalation to admin or *:* is high", () => {
    const found = privilegeChange(
      [
        { ...base, id: "a1", event: "role_assigned", detail: { role: "admin", previous_role: "viewer" } },
        { ...base, id: "a2", event: "role_assigned", detail: { role: "sales_rep", previous_role: "viewer" } },
        { ...base, id: "a3", event: "access_request_approved", resource: "*", action: "*", detail: {} },
        { ...base, id: "a4", event: "role_removed", detail: { role: "viewer" } },
      ],
      since,
    );
    expect(found.map((f) => [f.subject, f.severity])).toEqual([
      ["user:u2:admin", "high"],
      ["user:u2:sales_rep", "low"],
      ["user:u2:*:*", "high"],
    ]);
  });
});
