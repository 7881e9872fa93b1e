/**
 * Light / dark / auto theme (shell spec §4): the choice lives in localStorage user_settings
 * (dashboard.theme) so settings pages can change it through useThemeMode; auto follows the
 * system's prefers-color-scheme and reacts when it changes.
 */
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { readUserSettings, USER_SETTINGS_KEY, updateUserSettings } from "../lib/storage.ts";
import { AccessibilityEffects } from "./accessibility/accessibility-effects.tsx";
import { useAccessibility } from "./accessibility/accessibility-flags.ts";
import { withAccessibility } from "./accessibility/accessibility-theme.ts";
import { createAppTheme, type PaletteMode, type ThemeChoice } from "./theme.ts";

interface ThemeModeValue {
  /** What the user chose. */
  choice: ThemeChoice;
  /** What is shown now (auto resolved against the system). */
  mode: PaletteMode;
  reducedMotion: boolean;
  setChoice: (choice: ThemeChoice) => void;
}

const ThemeModeContext = createContext<ThemeModeValue | null>(null);

function storedChoice(): ThemeChoice {
  const theme = readUserSettings().dashboard?.theme;
  return theme === "light" || theme === "dark" || theme === "auto" ? theme : "auto";
}

/** Tracks a media query, re-rendering when it flips. */
export function useMediaQueryMatch(query: string): boolean {
  const [matches, setMatches] = useState(() => typeof window !== "undefined" && window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const onChange = () => setMatches(list.matches);
    onChange();
    list.addEventListener("change", onChange);
    return () => list.removeEventListener("change", onChange);
  }, [query]);
  return matches;
}

export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [choice, setChoiceState] = useState<ThemeChoice>(storedChoice);
  const systemDark = useMediaQueryMatch("(prefers-color-scheme: dark)");
  const systemReducedMotion = useMediaQueryMatch("(prefers-reduced-motion: reduce)");
  // The stored accessibility flags (settings tab) apply app-wide, from the first paint.
  const accessibility = useAccessibility();
  const reducedMotion = systemReducedMotion || accessibility.reduceMotion;

  useEffect(() => {
    // Another tab (or the settings page writing user_settings directly) changed the theme.
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === USER_SETTINGS_KEY) setChoiceState(storedChoice());
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const setChoice = useCallback((next: ThemeChoice) => {
    updateUserSettings("dashboard", { theme: next });
    setChoiceState(next);
  }, []);

  const mode: PaletteMode = choice === "auto" ? (systemDark ? "dark" : "light") : choice;
  const theme = useMemo(() => withAccessibility(createAppTheme(mode, reducedMotion), accessibility), [mode, reducedMotion, accessibility]);
  const value = useMemo(() => ({ choice, mode, reducedMotion, setChoice }), [choice, mode, reducedMotion, setChoice]);

  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        <AccessibilityEffects flags={accessibility} />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}

export function useThemeMode(): ThemeModeValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error("useThemeMode must be used within ThemeModeProvider");
  return value;
}
