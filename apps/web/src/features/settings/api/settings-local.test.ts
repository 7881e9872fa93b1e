import { AccessibilitySettings, DEFAULT_PREFERENCES as CONTRACT_DEFAULTS, UserSettings } from "@prospector/contracts";
import { describe, expect, it } from "vitest";
import { DEFAULT_PREFERENCES, defaultSettings } from "./settings-local.ts";

describe("settings defaults without zod", () => {
  it("are the contract's preference defaults", () => {
    expect(DEFAULT_PREFERENCES).toEqual(CONTRACT_DEFAULTS);
  });

  it("make complete settings the contract accepts, with the schema's accessibility defaults", () => {
    const settings = defaultSettings({ full_name: "Ada Lovelace", email: "ada@example.com", image: null });
    expect(settings.accessibility).toEqual(AccessibilitySettings.parse({}));
    expect(UserSettings.parse(settings)).toEqual(settings);
    expect(settings.full_name).toBe("Ada Lovelace");
  });

  it("give each call its own filter lists", () => {
    const a = defaultSettings();
    a.default_dashboard_filters.tags.push("x");
    expect(defaultSettings().default_dashboard_filters.tags).toEqual([]);
  });
});
