/**
 * The fade between pages (shell spec §2): skipped when moving within or into /campaigns, /crm
 * or /settings (their tabs keep their state and should not flash), into /dashboard, and for
 * users who prefer reduced motion.
 */
import { Box, keyframes } from "@mui/material";
import { type ReactNode, useRef } from "react";
import { useLocation } from "react-router";
import { useThemeMode } from "../theme-mode-provider.tsx";

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const NO_FADE_AREAS = ["/campaigns", "/crm", "/settings"];

const within = (path: string, area: string) => path === area || path.startsWith(`${area}/`);

export function shouldFade(from: string | null, to: string): boolean {
  if (from === null || from === to) return false;
  if (within(to, "/dashboard")) return false;
  return !NO_FADE_AREAS.some((area) => within(to, area));
}

export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { reducedMotion } = useThemeMode();
  const previous = useRef<string | null>(null);
  const generation = useRef(0);
  if (previous.current !== pathname) {
    if (shouldFade(previous.current, pathname) && !reducedMotion) generation.current += 1;
    previous.current = pathname;
  }
  // A new key replays the fade; an unchanged key keeps the page mounted as it was.
  return (
    <Box key={generation.current} sx={{ animation: generation.current > 0 ? `${fadeIn} 250ms ease-out` : "none" }}>
      {children}
    </Box>
  );
}
