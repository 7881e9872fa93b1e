/**
 * The MUI theme with the accessibility flags applied on top of the app's theme: high-contrast
 * palettes, colour-blind-safe status colours, no transitions or ripples under reduced motion, and
 * strong focus rings. Text size is scaled on <html> (accessibility-effects) so rem sizes follow.
 */

import { createTheme, type Theme } from "@mui/material/styles";
import type { AccessibilitySettings } from "@prospector/contracts";
import { STATUS_PALETTES } from "./accessibility-palettes.ts";

const HIGH_CONTRAST = {
  light: {
    primary: { main: "#1a237e", contrastText: "#ffffff" },
    secondary: { main: "#004d40", contrastText: "#ffffff" },
    text: { primary: "#000000", secondary: "#1a1a1a", disabled: "#4d4d4d" },
    background: { default: "#ffffff", paper: "#ffffff" },
    divider: "#000000",
    action: { active: "#000000", selected: "rgba(0,0,0,0.16)", hover: "rgba(0,0,0,0.1)" },
  },
  dark: {
    primary: { main: "#ffeb3b", contrastText: "#000000" },
    secondary: { main: "#80deea", contrastText: "#000000" },
    text: { primary: "#ffffff", secondary: "#f0f0f0", disabled: "#b3b3b3" },
    background: { default: "#000000", paper: "#000000" },
    divider: "#ffffff",
    action: { active: "#ffffff", selected: "rgba(255,255,255,0.24)", hover: "rgba(255,255,255,0.16)" },
  },
} as const;

export function withAccessibility(theme: Theme, flags: AccessibilitySettings): Theme {
  const mode = theme.palette.mode;
  const palette: Record<string, unknown> = {};
  // Whole colour objects, so light/dark/contrastText are recomputed from the new main colour.
  const colour = (main: string, contrastText?: string) =>
    theme.palette.augmentColor({ color: { main, ...(contrastText ? { contrastText } : {}) } });
  if (flags.highContrast) {
    const hc = HIGH_CONTRAST[mode];
    Object.assign(palette, hc, {
      primary: colour(hc.primary.main, hc.primary.contrastText),
      secondary: colour(hc.secondary.main, hc.secondary.contrastText),
    });
  }
  if (flags.colorBlindMode) {
    for (const [key, main] of Object.entries(STATUS_PALETTES[flags.colorBlindType])) palette[key] = colour(main);
  }
  const ring = flags.highContrast ? (mode === "dark" ? "#ffeb3b" : "#000000") : theme.palette.primary.main;
  const focusRing = flags.focusIndicators ? { "&.Mui-focusVisible": { outline: `3px solid ${ring}`, outlineOffset: 2 } } : {};
  const outlined = flags.highContrast ? { borderWidth: 2, borderColor: mode === "dark" ? "#ffffff" : "#000000" } : {};
  return createTheme(theme, {
    palette,
    ...(flags.reduceMotion ? { transitions: { create: () => "none" } } : {}),
    components: {
      MuiButtonBase: {
        defaultProps: { disableRipple: flags.reduceMotion || theme.components?.MuiButtonBase?.defaultProps?.disableRipple },
        styleOverrides: { root: focusRing },
      },
      MuiCard: { styleOverrides: { root: flags.highContrast ? outlined : {} } },
      MuiOutlinedInput: {
        styleOverrides: { notchedOutline: flags.highContrast ? { borderWidth: 2, borderColor: outlined.borderColor } : {} },
      },
      MuiLink: { defaultProps: flags.highContrast ? { underline: "always" } : {} },
    },
  });
}
