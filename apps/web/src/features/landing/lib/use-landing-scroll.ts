/**
 * One debounced (50 ms) scroll listener for the landing page: which section the header marks as
 * active (the one crossing the 100 px line) and whether the scroll-to-top button shows (after 50 px).
 */
import { useEffect, useState } from "react";
import { activeSection, measureSections } from "./active-section.ts";

export const SCROLL_DEBOUNCE_MS = 50;
export const SCROLL_TOP_THRESHOLD_PX = 50;

export interface LandingScroll {
  activeId: string | null;
  showScrollTop: boolean;
}

export function useLandingScroll(sectionIds: readonly string[]): LandingScroll {
  const [state, setState] = useState<LandingScroll>({ activeId: null, showScrollTop: false });
  const key = sectionIds.join(",");

  useEffect(() => {
    const ids = key.split(",");
    const update = () => {
      const next = { activeId: activeSection(measureSections(ids)), showScrollTop: window.scrollY > SCROLL_TOP_THRESHOLD_PX };
      setState((prev) => (prev.activeId === next.activeId && prev.showScrollTop === next.showScrollTop ? prev : next));
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(update, SCROLL_DEBOUNCE_MS);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
    };
  }, [key]);

  return state;
}
