/** The "back to top" button that appears once the page is scrolled past 300 px. */
import KeyboardArrowUp from "@mui/icons-material/KeyboardArrowUp";
import { Fab, Zoom } from "@mui/material";
import { useEffect, useState } from "react";
import { LAYOUT } from "../theme.ts";
import { useThemeMode } from "../theme-mode-provider.tsx";

export function ScrollToTop({ threshold = LAYOUT.scrollTopThreshold }: { threshold?: number }) {
  const [visible, setVisible] = useState(false);
  // Rendered from the first time it is needed: a page that is never scrolled never builds it.
  const [shown, setShown] = useState(false);
  if (visible && !shown) setShown(true);
  const { reducedMotion } = useThemeMode();
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > threshold);
    // Reading scrollY right after the first commit would force a layout inside it; a frame later
    // the browser has laid the page out anyway.
    const frame = requestAnimationFrame(onScroll);
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
    };
  }, [threshold]);
  if (!shown) return null;
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
