/** The "back to top" button that appears once the page is scrolled past 300 px. */
import KeyboardArrowUp from "@mui/icons-material/KeyboardArrowUp";
import { Fab, Zoom } from "@mui/material";
import { useEffect, useState } from "react";
import { LAYOUT } from "../theme.ts";
import { useThemeMode } from "../theme-mode-provider.tsx";

export function ScrollToTop({ threshold = LAYOUT.scrollTopThreshold }: { threshold?: number }) {
  const [visible, setVisible] = useState(false);
  const { reducedMotion } = useThemeMode();
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > threshold);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [threshold]);
  return (
    <Zoom in={visible}>
      <Fab
        size="small"
        color="primary"
        aria-label="Scroll to top"
        onClick={() => window.scrollTo({ top: 0, behavior: reducedMotion ? "auto" : "smooth" })}
        sx={{ position: "fixed", right: 24, bottom: 24, zIndex: (t) => t.zIndex.speedDial }}
      >
        <KeyboardArrowUp />
      </Fab>
    </Zoom>
  );
}
