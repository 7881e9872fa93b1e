/**
 * The accessibility flags in force (outreach-core §3 "Accessibility flags"), read from the locally
 * stored user_settings.accessibility so they apply from the first paint, before any request; the
 * settings tab writes them there and fires ACCESSIBILITY_EVENT.
 *
 * Checked by hand against the defaults rather than with the contract's zod schema: this runs on
 * every page, the public ones included, which then need not download the validation library.
 * accessibility.test.tsx pins the defaults and the accepted values to AccessibilitySettings.
 */
import type { AccessibilitySettings } from "@prospector/contracts";
import { useSyncExternalStore } from "react";
import { readUserSettings, USER_SETTINGS_KEY } from "../../lib/storage.ts";

export const ACCESSIBILITY_EVENT = "accessibility-updated";
export const DEFAULT_ACCESSIBILITY: Readonly<AccessibilitySettings> = Object.freeze({
  highContrast: false,
  largeText: false,
  textSizeMultiplier: 1,
  reduceMotion: false,
  screenReader: false,
  keyboardNavigation: true,
  focusIndicators: true,
  colorBlindMode: false,
  colorBlindType: "deuteranopia",
  altText: true,
  audioDescriptions: false,
  captions: false,
  autoplayDisabled: false,
  simplifiedInterface: false,
});
export const COLOR_BLIND_TYPES: readonly AccessibilitySettings["colorBlindType"][] = [
  "protanopia",
  "deuteranopia",
  "tritanopia",
  "achromatopsia",
];
export const TEXT_SIZE_RANGE = { min: 1, max: 2 } as const;

function accepts(key: keyof AccessibilitySettings, value: unknown): boolean {
  if (key === "colorBlindType") return COLOR_BLIND_TYPES.includes(value as AccessibilitySettings["colorBlindType"]);
  if (key === "textSizeMultiplier") return typeof value === "number" && value >= TEXT_SIZE_RANGE.min && value <= TEXT_SIZE_RANGE.max;
  return typeof value === "boolean";
}

/** Stored flags over the defaults: anything unreadable falls back to the default for that flag. */
export function parseAccessibility(stored: unknown): AccessibilitySettings {
  const flags: Record<string, unknown> = { ...DEFAULT_ACCESSIBILITY };
  if (stored && typeof stored === "object") {
    for (const key of Object.keys(DEFAULT_ACCESSIBILITY) as (keyof AccessibilitySettings)[]) {
      const value = (stored as Record<string, unknown>)[key];
      if (value !== undefined && accepts(key, value)) flags[key] = value;
    }
  }
  return flags as AccessibilitySettings;
}

function sameFlags(a: AccessibilitySettings, b: AccessibilitySettings): boolean {
  return (Object.keys(DEFAULT_ACCESSIBILITY) as (keyof AccessibilitySettings)[]).every((key) => a[key] === b[key]);
}

let cachedRaw: string | undefined;
let cached: AccessibilitySettings = DEFAULT_ACCESSIBILITY;

export function readAccessibility(): AccessibilitySettings {
  const stored = readUserSettings().accessibility;
  const raw = JSON.stringify(stored ?? null);
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  const parsed = parseAccessibility(stored);
  // Same flags under another spelling (the server's copy replacing none stored, keys reordered):
  // keep the object, so the theme built from it is not rebuilt and every style re-serialised.
  if (!sameFlags(parsed, cached)) cached = parsed;
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
