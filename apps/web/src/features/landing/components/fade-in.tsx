/**
 * Fades its children in when they come within 150 px of the viewport (shell spec §2). Without
 * IntersectionObserver, or when the visitor prefers reduced motion, content is simply shown; so is
 * it when the page arrived prerendered (its sections were already on screen before the app ran).
 */
import Box from "@mui/material/Box";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { landingWasPrerendered } from "../lib/prerendered.ts";
import { useReducedMotion } from "../lib/use-reduced-motion.ts";

export const FADE_IN_MARGIN_PX = 150;

export function FadeIn({ children }: { children: ReactNode }) {
  const reduced = useReducedMotion();
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(landingWasPrerendered);

  useEffect(() => {
    const el = ref.current;
    if (seen || reduced || !el || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin: `0px 0px ${FADE_IN_MARGIN_PX}px 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [seen, reduced]);

  const visible = seen || reduced || typeof IntersectionObserver === "undefined";
  return (
    <Box
      ref={ref}
      sx={{
        opacity: visible ? 1 : 0,
        transform: visible ? "none" : "translateY(24px)",
        transition: reduced ? "none" : "opacity 600ms ease-out, transform 600ms ease-out",
      }}
    >
      {children}
    </Box>
  );
}
