/**
 * The accessibility flags in force (outreach-core §3 "Accessibility flags"), read from the locally
 * stored user_settings.accessibility so they apply from the first paint, before any request; the
 * settings tab writes them there and fires ACCESSIBILITY_EVENT.
 */
import { AccessibilitySettings } from "@prospector/contracts";
import { useSyncExternalStore } from "react";
import { readUserSettings, USER_SETTINGS_KEY } from "../../lib/storage.ts";

export const ACCESSIBILITY_EVENT = "accessibility-updated";
export const DEFAULT_ACCESSIBILITY: AccessibilitySettings = AccessibilitySettings.parse({});

let cachedRaw: string | undefined;
let cached: AccessibilitySettings = DEFAULT_ACCESSIBILITY;

/** Stored flags over the defaults; anything unreadable falls back to the default for that flag. */
export function readAccessibility(): AccessibilitySettings {
  const stored = readUserSettings().accessibility;
  const raw = JSON.stringify(stored ?? null);
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  const parsed = AccessibilitySettings.safeParse(stored ?? {});
  if (parsed.success) cached = parsed.data;
  else {
    const partial: Record<string, unknown> = { ...DEFAULT_ACCESSIBILITY };
    for (const [key, value] of Object.entries(stored && typeof stored === "object" ? stored : {})) {
      const one = AccessibilitySettings.shape[key as keyof AccessibilitySettings]?.safeParse(value);
      if (one?.success) partial[key] = one.data;
    }
    cached = partial as AccessibilitySettings;
  }
  return cached;
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === USER_SETTINGS_KEY) onChange();
  };
  window.addEventListener(ACCESSIBILITY_EVENT, onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(ACCESSIBILITY_EVENT, onChange);
    window.removeEventListener("storage", onStorage);
  };
}

export function useAccessibility(): AccessibilitySettings {
  return useSyncExternalStore(subscribe, readAccessibility, () => DEFAULT_ACCESSIBILITY);
}

/** The factor every font size is multiplied by: large text and the text size multiplier stack. */
export function textScale(flags: Pick<AccessibilitySettings, "largeText" | "textSizeMultiplier">): number {
  return Math.round((flags.largeText ? 1.25 : 1) * flags.textSizeMultiplier * 100) / 100;
}

/** Motion is off when the user asked for it here, or when animations would be autoplayed media. */
export function motionReduced(flags: Pick<AccessibilitySettings, "reduceMotion">, systemReduced: boolean): boolean {
  return flags.reduceMotion || systemReduced;
}
