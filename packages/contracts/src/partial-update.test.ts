import { describe, expect, it } from "vitest";
import { AccessibilityUpdate, NotificationUpdate } from "./user-settings.ts";

describe("settings update schemas", () => {
  it("keep only the fields a partial update sends (no defaults filled in)", () => {
    expect(AccessibilityUpdate.parse({ captions: true })).toEqual({ captions: true });
    expect(NotificationUpdate.parse({})).toEqual({});
  });

  it("still validate the fields that are sent", () => {
    expect(AccessibilityUpdate.safeParse({ textSizeMultiplier: 5 }).success).toBe(false);
  });
});
