/**
 * The MUI theme (shell spec §1, §9): indigo primary, light and dark palettes, the spec's
 * breakpoints 600/900/1200/1536, and no motion when the user asks the system for less of it.
 */
import { createTheme, type Theme } from "@mui/material/styles";

export type ThemeChoice = "light" | "dark" | "auto";
export type PaletteMode = "light" | "dark";

export const LAYOUT = {
  sidebarWidth: 280,
  sidebarCollapsedWidth: 80,
  headerHeight: 64,
  skeletonMs: 600,
  scrollTopThreshold: 300,
  edgeSwipeZone: 20,
  edgeSwipeOpenDistance: 50,
} as const;

export function createAppTheme(mode: PaletteMode, reducedMotion = false): Theme {
  return createTheme({
    palette: {
      mode,
      primary: { main: mode === "dark" ? "#7986cb" : "#3f51b5", contrastText: "#fff" },
      secondary: { main: mode === "dark" ? "#4dd0e1" : "#00838f" },
      background: mode === "dark" ? { default: "#0f1220", paper: "#171b2e" } : { default: "#f6f7fb", paper: "#ffffff" },
    },
    breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: "none", fontWeight: 600 },
      h1: { fontWeight: 700 },
      h2: { fontWeight: 700 },
      h3: { fontWeight: 700 },
      h4: { fontWeight: 700 },
      h5: { fontWeight: 600 },
      h6: { fontWeight: 600 },
    },
    // prefers-reduced-motion: every MUI transition becomes instant and ripples are off.
    transitions: reducedMotion ? { create: () => "none" } : {},
    components: {
      MuiButtonBase: { defaultProps: { disableRipple: reducedMotion } },
      MuiCard: { defaultProps: { variant: "outlined" } },
      MuiPaper: { styleOverrides: { root: { backgroundImage: "none" } } },
    },
  });
}
