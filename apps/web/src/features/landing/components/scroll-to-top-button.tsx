/** Floating button back to the top, shown once the page has scrolled past 50 px. */
import KeyboardArrowUpIcon from "@mui/icons-material/KeyboardArrowUp";
import Fab from "@mui/material/Fab";
import Zoom from "@mui/material/Zoom";
import { useReducedMotion } from "../lib/use-reduced-motion.ts";

export function ScrollToTopButton({ visible }: { visible: boolean }) {
  const reduced = useReducedMotion();
  return (
    <Zoom in={visible} appear={false} timeout={reduced ? 0 : undefined}>
      <Fab
        color="primary"
        size="medium"
        aria-label="Scroll to top"
        onClick={() => window.scrollTo({ top: 0, behavior: reduced ? "auto" : "smooth" })}
        sx={{ position: "fixed", right: 24, bottom: 24, zIndex: (t) => t.zIndex.speedDial }}
      >
        <KeyboardArrowUpIcon />
      </Fab>
    </Zoom>
  );
}
