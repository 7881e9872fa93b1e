import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";

const URL = "/api/user-settings/settings";

describe("user settings", () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx.db, { name: "Ada Lovelace" });
  });
  afterAll(() => t.close());

  const get = (u: TestUser, url = URL) => t.app.inject({ method: "GET", url, headers: u.headers });
  const put = (u: TestUser, payload: object, url = URL) => t.app.inject({ method: "PUT", url, headers: u.headers, payload });

  it("starts from the spec's defaults, with the profile from the account", async () => {
    const res = await get(owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      full_name: "Ada Lovelace",
      email: owner.email,
      timezone: "UTC",
      language: "en",
      notification_frequency: "realtime",
      default_sending_start: "09:00",
      default_sending_end: "17:00",
      follow_up_delay: 3,
      backup_frequency: "weekly",
      auto_backup_enabled: false,
      data_retention_days: 365,
      default_dashboard_filters: { timeRange: "30d" },
      refresh_interval_seconds: 300,
      theme_preference: "auto",
      two_factor_enabled: false,
      accessibility: { highContrast: false, textSizeMultiplier: 1 },
    });
  });

  it("saves each group and returns only that group's fields", async () => {
    const res = await put(owner, { notification_frequency: "daily", campaign_alerts: false }, `${URL}/notifications`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expect.objectContaining({ notification_frequency: "daily", campaign_alerts: false }));
    expect(res.json()).not.toHaveProperty("timezone");
    const dash = await put(owner, { theme_preference: "dark", refresh_interval_seconds: 60 }, `${URL}/dashboard`);
    expect(dash.json()).toMatchObject({ theme_preference: "dark", refresh_interval_seconds: 60 });
    const all = (await get(owner)).json();
    expect(all).toMatchObject({ notification_frequency: "daily", campaign_alerts: false, theme_preference: "dark", language: "en" });
    expect((await get(owner, `${URL}/email`)).json()).toMatchObject({ follow_up_delay: 3, track_opens: true });
  });

  it("updates the name and email on the account", async () => {
    const email = `renamed-${Date.now()}@example.com`;
    const res = await put(owner, { full_name: "Ada King", email: email.toUpperCase(), company: "Analytical Engines" }, `${URL}/profile`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ full_name: "Ada King", email, company: "Analytical Engines" });
    owner.email = email;
  });

  it("refuses an email another account uses with 409", async () => {
    const other = await createUser(t.app.ctx.db);
    const res = await put(owner, { email: other.email }, `${URL}/profile`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "EMAIL_IN_USE",
      detail: "This email address is already in use",
      errors: [{ field: "email" }],
    });
  });

  it("rejects a signature over 1000 characters", async () => {
    const res = await put(owner, { default_signature: "x".repeat(1001) }, `${URL}/email`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: "SIGNATURE_TOO_LONG", errors: [{ field: "default_signature" }] });
  });

  it.each([
    ["a script", "<p>Hi</p><script>alert(1)</script>"],
    ["an event handler", '<img src="logo.png" onerror="alert(1)">'],
    ["a javascript: link", '<a href=" javascript:alert(1)">me</a>'],
    ["an iframe", '<iframe src="https://evil.example"></iframe>'],
  ])("rejects a signature with %s as INVALID_HTML", async (_what, html) => {
    const res = await put(owner, { default_signature: html }, `${URL}/email`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: "INVALID_HTML", errors: [{ field: "default_signature" }] });
  });

  it("stores signatures as cleaned HTML", async () => {
    const res = await put(
      owner,
      {
        default_signature:
          '<p class="sig" data-x="1"><b>Ada</b> <blink>King</blink> <a href="https://ada.example" target="_blank">site</a></p><!-- note -->',
      },
      `${URL}/email`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().default_signature).toBe(
      '<p class="sig"><b>Ada</b> King <a href="https://ada.example" target="_blank" rel="noopener noreferrer">site</a></p>',
    );
  });

  it("requires the sending end after the start, against the saved start too", async () => {
    const res = await put(owner, { default_sending_start: "18:00", default_sending_end: "08:00" }, `${URL}/email`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: "INVALID_TIME_RANGE", errors: [{ field: "default_sending_end" }] });
    const onlyEnd = await put(owner, { default_sending_end: "08:30" }, `${URL}/email`);
    expect(onlyEnd.json().code).toBe("INVALID_TIME_RANGE");
    expect((await put(owner, { default_sending_start: "08:00", default_sending_end: "16:30" }, `${URL}/email`)).statusCode).toBe(200);
  });

  it("checks dashboard layouts", async () => {
    const widget = (i: number, x = 0, y = i) => ({ id: `w${i}`, type: "metric", x, y, w: 1, h: 1 });
    const bad = await put(owner, { dashboard_layout: "{not json" }, `${URL}/dashboard`);
    expect(bad.json()).toMatchObject({ code: "INVALID_LAYOUT", errors: [{ field: "dashboard_layout" }] });
    const overlap = await put(
      owner,
      { dashboard_layout: JSON.stringify([widget(1, 0, 0), { ...widget(2, 0, 0), w: 2 }]) },
      `${URL}/dashboard`,
    );
    expect(overlap.json().code).toBe("INVALID_LAYOUT");
    const many = await put(
      owner,
      { dashboard_layout: JSON.stringify(Array.from({ length: 21 }, (_, i) => widget(i))) },
      `${URL}/dashboard`,
    );
    expect(many.statusCode).toBe(422);
    expect(many.json().code).toBe("TOO_MANY_WIDGETS");
    const twenty = JSON.stringify(Array.from({ length: 20 }, (_, i) => widget(i)));
    const ok = await put(owner, { dashboard_layout: twenty, saved_layouts: [{ name: "Compact", layout: twenty }] }, `${URL}/dashboard`);
    expect(ok.statusCode).toBe(200);
    expect(JSON.parse(ok.json().dashboard_layout)).toHaveLength(20);
    const badSaved = await put(owner, { saved_layouts: [{ name: "Broken", layout: "[1]" }] }, `${URL}/dashboard`);
    expect(badSaved.json()).toMatchObject({ code: "INVALID_LAYOUT", errors: [{ field: "saved_layouts.0.layout" }] });
  });

  it("rejects an unknown theme with THEME_NOT_SUPPORTED", async () => {
    const res = await put(owner, { theme_preference: "solarized" }, `${URL}/dashboard`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: "THEME_NOT_SUPPORTED", errors: [{ field: "theme_preference" }] });
  });

  it("changes nothing when part of an update is invalid", async () => {
    const before = (await get(owner)).json();
    const res = await put(owner, { company: "Should not stick", full_name: "Nope", theme_preference: "neon", language: "fr" });
    expect(res.statusCode).toBe(422);
    const after = (await get(owner)).json();
    expect(after.company).toBe(before.company);
    expect(after.full_name).toBe(before.full_name);
    expect(after.language).toBe(before.language);
  });

  it("keeps accessibility flags per user", async () => {
    const res = await put(
      owner,
      { highContrast: true, largeText: true, textSizeMultiplier: 1.5, colorBlindMode: true, colorBlindType: "protanopia" },
      `${URL}/accessibility`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ highContrast: true, textSizeMultiplier: 1.5, reduceMotion: false, colorBlindType: "protanopia" });
    const member = await addMember(t.app.ctx.db, owner, "viewer");
    expect((await get(member, `${URL}/accessibility`)).json()).toMatchObject({ highContrast: false, textSizeMultiplier: 1 });
    expect((await put(owner, { textSizeMultiplier: 3 }, `${URL}/accessibility`)).statusCode).toBe(422);
  });

  it("drives the workspace backup schedule, which needs settings:update", async () => {
    const res = await put(owner, { auto_backup_enabled: true, backup_frequency: "daily", data_retention_days: 90 }, `${URL}/data`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      auto_backup_enabled: true,
      backup_frequency: "daily",
      data_retention_days: 90,
      two_factor_enabled: false,
    });
    const backup = await t.app.inject({ method: "GET", url: "/api/user-settings/backups/settings", headers: owner.headers });
    expect(backup.json()).toMatchObject({ enabled: true, frequency: "daily" });
    expect(Date.parse(backup.json().nextBackup) - Date.now()).toBeGreaterThan(23 * 3600_000);

    const viewer = await addMember(t.app.ctx.db, owner, "viewer");
    const denied = await put(viewer, { auto_backup_enabled: false, data_retention_days: 30 }, `${URL}/data`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().requiredPermission).toBe("settings:update");
    expect((await get(viewer, `${URL}/data`)).json()).toMatchObject({ auto_backup_enabled: true, data_retention_days: 365 });
  });

  it("needs a signed-in caller", async () => {
    expect((await t.app.inject({ method: "GET", url: URL })).statusCode).toBe(401);
  });
});
