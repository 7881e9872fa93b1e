/**
 * Colour-blind-safe status and chart colours. Protanopia and deuteranopia use the Okabe–Ito set
 * (blue/orange/vermillion stay apart without red–green); tritanopia uses Paul Tol's vibrant set
 * (red/teal contrast, no blue–yellow pairs); achromatopsia relies on lightness steps.
 */
import type { AccessibilitySettings } from "@prospector/contracts";

export interface StatusColours {
  success: string;
  error: string;
  warning: string;
  info: string;
}

export type ColourBlindType = AccessibilitySettings["colorBlindType"];

export const STATUS_PALETTES: Record<ColourBlindType, StatusColours> = {
  protanopia: { success: "#0072B2", error: "#D55E00", warning: "#E69F00", info: "#56B4E9" },
  deuteranopia: { success: "#0072B2", error: "#D55E00", warning: "#E69F00", info: "#56B4E9" },
  tritanopia: { success: "#009988", error: "#CC3311", warning: "#EE7733", info: "#0077BB" },
  achromatopsia: { success: "#1F1F1F", error: "#000000", warning: "#5C5C5C", info: "#3D3D3D" },
};

const DEFAULT_CHART = ["#3f51b5", "#00838f", "#f59e0b", "#e91e63", "#43a047", "#8e24aa", "#6d4c41", "#546e7a"];

export const CHART_PALETTES: Record<ColourBlindType, string[]> = {
  protanopia: ["#0072B2", "#E69F00", "#56B4E9", "#009E73", "#F0E442", "#D55E00", "#CC79A7", "#000000"],
  deuteranopia: ["#0072B2", "#E69F00", "#56B4E9", "#009E73", "#F0E442", "#D55E00", "#CC79A7", "#000000"],
  tritanopia: ["#0077BB", "#CC3311", "#009988", "#EE7733", "#33BBEE", "#EE3377", "#BBBBBB", "#000000"],
  achromatopsia: ["#000000", "#404040", "#707070", "#9A9A9A", "#C0C0C0", "#262626", "#585858", "#848484"],
};

/** Colours for charts and status figures, given the user's flags. */
export function chartPalette(flags: Pick<AccessibilitySettings, "colorBlindMode" | "colorBlindType">): string[] {
  return flags.colorBlindMode ? CHART_PALETTES[flags.colorBlindType] : DEFAULT_CHART;
}
