import type { DetectionRun, SecurityAlert, SecurityAlertDetail, SecurityRule } from "@prospector/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ME, me, mockServer, renderSignedIn, uuid } from "../../../test/kit.ts";
import ThreatDetectionPage from "./threat-detection-page.tsx";

const QUESTION = "Is anyone attacking our accounts or API keys, and what did they try?";

function alert(over: Partial<SecurityAlert> = {}): SecurityAlert {
  return {
    id: uuid(),
    workspace_id: "ws",
    rule: "brute_force",
    severity: "high",
    subject: "user:u1",
    title: "6 failed sign-ins on ada@example.com in 10 min",
    status: "new",
    occurrences: 2,
    first_seen_at: "2026-11-20T10:00:00.000Z",
    last_seen_at: "2026-11-20T10:05:00.000Z",
    incident_id: null,
    handled_by: null,
    handled_at: null,
    created_at: "2026-11-20T10:00:00.000Z",
    ...over,
  };
}

const RULES: SecurityRule[] = [
  {
    rule: "brute_force",
    name: "Brute force",
    explanation: "Failed sign-ins on one account reach the limit within the window.",
    severity: "high",
    enabled: true,
    thresholds: [
      { key: "attempts", label: "Failed attempts", value: 5, default: 5, min: 2, max: 1000 },
      { key: "minutes", label: "Window (minutes)", value: 10, default: 10, min: 1, max: 1440 },
    ],
    unavailable: null,
  },
  {
    rule: "impossible_travel",
    name: "Impossible travel",
    explanation: "Two successful sign-ins too far apart.",
    severity: "high",
    enabled: true,
    thresholds: [{ key: "speed_kmh", label: "Speed (km/h)", value: 900, default: 900, min: 100, max: 20000 }],
    unavailable: "off: no GeoIP database (set GEOIP_DATABASE_PATH)",
  },
];

const run = (over: Partial<DetectionRun> = {}): DetectionRun => ({
  id: uuid(50),
  status: "done",
  trigger: "scheduled",
  window_from: "2026-11-20T09:59:00.000Z",
  window_to: "2026-11-20T10:00:00.000Z",
  steps_done: 4,
  steps_total: 4,
  alerts_raised: 1,
  alerts_updated: 0,
  events_pruned: 0,
  error: null,
  started_at: "2026-11-20T10:00:00.000Z",
  finished_at: "2026-11-20T10:00:01.000Z",
  created_at: "2026-11-20T10:00:00.000Z",
  ...over,
});

describe("/security/threat-detection", () => {
  it("lists alerts, opens the evidence, acknowledges with a note and links to an incident", async () => {
    const a = alert();
    const instance = alert({
      workspace_id: null,
      rule: "credential_stuffing",
      subject: "ip:100.64.0.9",
      title: "100.64.0.9 failed on 12 accounts",
    });
    const detail: SecurityAlertDetail = {
      ...a,
      evidence: {
        account: "ada@example.com",
        failed: 6,
        thresholds: { attempts: 5, minutes: 10 },
        events: [{ id: "e1", at: "2026-11-20T10:01:00.000Z", outcome: "bad_password", email: "ada@example.com", ip: "203.0.113.5" }],
      },
    };
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/security/alerts": (req) =>
        req.query.get("cursor")
          ? { body: { items: [alert({ title: "Older one" })], next_cursor: null } }
          : { body: { items: [a, instance], next_cursor: "c2" } },
      [`GET /api/security/alerts/${a.id}`]: { body: detail },
      [`POST /api/security/alerts/${a.id}/acknowledge`]: { body: { ...detail, status: "acknowledged" } },
      "GET /api/security/rules": { body: { items: RULES } },
      "GET /api/security/detection": { body: { latest: run(), geoip: null } },
      "GET /api/security/events": {
        body: {
          items: [
            {
              id: uuid(),
              outcome: "bad_password",
              method: "password",
              email: "ada@example.com",
              user_id: uuid(9),
              ip: "203.0.113.5",
              user_agent: "curl/8",
              at: "2026-11-20T10:01:00.000Z",
            },
          ],
          next_cursor: null,
        },
      },
    });
    renderSignedIn(<ThreatDetectionPage />, { path: "/security/threat-detection" });
    expect(await screen.findByRole("heading", { name: QUESTION })).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Security alerts, newest first" });
    const r1 = within(table).getAllByRole("row")[1]!;
    expect(within(r1).getByText("high")).toBeTruthy();
    expect(within(r1).getByText("Brute force")).toBeTruthy();
    expect(within(r1).getByText("user:u1")).toBeTruthy();
    expect(within(r1).getByText("2")).toBeTruthy();
    expect(within(table).getByText("Instance-wide")).toBeTruthy();
    expect(screen.getByText(/1 new alert\(s\)/)).toBeTruthy();
    const log = await screen.findByRole("table", { name: "Sign-in attempts, newest first" });
    expect(within(log).getByText("bad password")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Configuration scan" }).getAttribute("href")).toBe("/threat-detection/scan");

    // Filters go to the server; pages by cursor.
    await userEvent.click(screen.getByRole("combobox", { name: "Severity" }));
    await userEvent.click(await screen.findByRole("option", { name: "critical" }));
    await waitFor(() => expect(s.to("GET", "/api/security/alerts").at(-1)!.query.get("severity")).toBe("critical"));
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Older one")).toBeTruthy();
    expect(s.to("GET", "/api/security/alerts").at(-1)!.query.get("cursor")).toBe("c2");
    await userEvent.click(screen.getByRole("button", { name: "Previous" }));

    await userEvent.click(await screen.findByRole("button", { name: `Open the evidence of ${a.title}` }));
    const drawer = await screen.findByRole("presentation");
    expect(await within(drawer).findByText("203.0.113.5")).toBeTruthy();
    expect(within(drawer).getByText(/Thresholds in force: attempts 5, minutes 10/)).toBeTruthy();
    expect(within(drawer).getByRole("link", { name: "Open incident" }).getAttribute("href")).toBe(
      `/security/incident-response?from_alert=${a.id}`,
    );
    await userEvent.type(within(drawer).getByRole("textbox", { name: "Note (optional)" }), "Looking into it");
    await userEvent.click(within(drawer).getByRole("button", { name: "Acknowledge" }));
    await waitFor(() => expect(s.to("POST", `/api/security/alerts/${a.id}/acknowledge`)[0]!.body).toEqual({ note: "Looking into it" }));
  }, 60_000);

  it("the new variant asks only for new alerts and says how alerts arrive when there are none", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/security/alerts": { body: { items: [], next_cursor: null } },
      "GET /api/security/rules": { body: { items: RULES } },
      "GET /api/security/detection": { body: { latest: null, geoip: null } },
      "GET /api/security/events": { body: { items: [], next_cursor: null } },
    });
    renderSignedIn(<ThreatDetectionPage variant="new" />, { path: "/security/threat-detection-new" });
    expect(await screen.findByText("No new alerts")).toBeTruthy();
    expect(screen.getByText(/detection runs every minute/)).toBeTruthy();
    expect(s.to("GET", "/api/security/alerts")[0]!.query.get("status")).toBe("new");
    expect(screen.queryByRole("combobox", { name: "Status" })).toBeNull();
  });

  it("runs detection with progress and tunes a rule's thresholds", async () => {
    let latest: DetectionRun | null = null;
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/security/alerts": { body: { items: [], next_cursor: null } },
      "GET /api/security/rules": { body: { items: RULES } },
      "GET /api/security/detection": () => ({ body: { latest, geoip: null } }),
      "GET /api/security/events": { body: { items: [], next_cursor: null } },
      "POST /api/security/detection/run": () => {
        latest = run({ status: "running", steps_done: 2, trigger: "manual" });
        return { status: 202, body: run({ status: "queued", steps_done: 0, steps_total: 0, trigger: "manual" }) };
      },
      "PUT /api/security/rules/brute_force": { body: { items: RULES } },
    });
    renderSignedIn(<ThreatDetectionPage />, { path: "/security/threat-detection" });
    await userEvent.click(await screen.findByRole("button", { name: "Run detection now" }));
    expect(await screen.findByText(/Detection queued/)).toBeTruthy();
    expect(await screen.findByText(/Detection running: step 2 of 4/, undefined, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Run detection now" }).hasAttribute("disabled")).toBe(true);

    expect(screen.getByText("off: no GeoIP database (set GEOIP_DATABASE_PATH)")).toBeTruthy();
    await userEvent.click(screen.getByText("Brute force", { selector: "p" }));
    const attempts = await screen.findByRole("spinbutton", { name: "Failed attempts" });
    await userEvent.clear(attempts);
    await userEvent.type(attempts, "8");
    await userEvent.click(screen.getByRole("button", { name: "Save thresholds" }));
    await waitFor(() =>
      expect(s.to("PUT", "/api/security/rules/brute_force")[0]!.body).toEqual({ thresholds: { attempts: 8, minutes: 10 } }),
    );
  });

  it("hides the actions from a reader without security:update", async () => {
    mockServer({
      "GET /api/auth/me": { body: me({ role: "support", permissions: ["security:read"], is_instance_admin: false }) },
      "GET /api/security/alerts": { body: { items: [], next_cursor: null } },
      "GET /api/security/rules": { body: { items: RULES } },
      "GET /api/security/detection": { body: { latest: null, geoip: null } },
      "GET /api/security/events": { body: { items: [], next_cursor: null } },
    });
    renderSignedIn(<ThreatDetectionPage />, { path: "/security/threat-detection" });
    expect(await screen.findByText("No alerts")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Run detection now" })).toBeNull();
  });
});
