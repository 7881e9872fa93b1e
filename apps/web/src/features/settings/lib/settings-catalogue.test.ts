import { UserSettings } from "@prospector/contracts";
import { describe, expect, it } from "vitest";
import { defaultSettings } from "../api/settings-local.ts";
import { checkGroup, groupPatch, isDefault, matches, SETTINGS_CATALOGUE, settingDef, settingValue } from "./settings-catalogue.ts";

const base = defaultSettings({ full_name: "Ada", email: "ada@example.com" });

describe("settings catalogue", () => {
  it("names each field of the settings once, and every field a group saves is in UserSettings", () => {
    const keys = SETTINGS_CATALOGUE.map((d) => d.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const d of SETTINGS_CATALOGUE) expect(settingValue(base, d.key), d.key).not.toBeUndefined();
    expect(Object.keys(UserSettings.shape)).toEqual(expect.arrayContaining(keys.map((k) => k.split(".")[0])));
  });

  it("knows every default: the built-in settings are all at their default", () => {
    for (const d of SETTINGS_CATALOGUE) if (d.default !== undefined) expect(isDefault(d, base), d.key).toBe(true);
    expect(isDefault(settingDef("track_opens"), { ...base, track_opens: false })).toBe(false);
    expect(isDefault(settingDef("full_name"), base)).toBeNull();
  });

  it("merges a nested change into the whole object it belongs to", () => {
    expect(groupPatch(base, { "accessibility.reduceMotion": true, "accessibility.largeText": true }).accessibility).toEqual({
      ...base.accessibility,
      reduceMotion: true,
      largeText: true,
    });
    expect(groupPatch(base, { "default_dashboard_filters.timeRange": "7d", compact_mode_enabled: true })).toEqual({
      default_dashboard_filters: { ...base.default_dashboard_filters, timeRange: "7d" },
      compact_mode_enabled: true,
    });
  });

  it("checks a group's change with the contract and the email rules", () => {
    expect(checkGroup("profile", base, { email: "nope" })).toHaveProperty("email");
    expect(checkGroup("email", base, { default_sending_start: "18:00", default_sending_end: "09:00" })).toHaveProperty(
      "default_sending_end",
    );
    expect(checkGroup("email", base, { default_signature: "<script>x</script>" })).toHaveProperty("default_signature");
    expect(checkGroup("email", base, { track_opens: false })).toEqual({});
    expect(checkGroup("data", base, { data_retention_days: 0 })).toEqual({ data_retention_days: "At least 1 day" });
  });

  it("matches a search on every word against label, help, key and section", () => {
    const tz = settingDef("timezone");
    expect(matches(tz, "time zone")).toBe(true);
    expect(matches(tz, "TIMEZONE")).toBe(true);
    expect(matches(tz, "profile zone")).toBe(true);
    expect(matches(tz, "zone signature")).toBe(false);
  });
});
