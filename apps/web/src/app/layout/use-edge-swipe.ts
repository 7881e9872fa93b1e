/**
 * Opens the mobile navigation with a swipe from the left edge (shell spec §2, §9): the touch must
 * start within 20 px of the edge and travel more than 50 px to the right.
 */
import { useEffect, useRef } from "react";
import { LAYOUT } from "../theme.ts";

export function isEdgeStart(x: number): boolean {
  return x <= LAYOUT.edgeSwipeZone;
}

export function isOpenSwipe(startX: number, currentX: number): boolean {
  return isEdgeStart(startX) && currentX - startX > LAYOUT.edgeSwipeOpenDistance;
}

export function useEdgeSwipe(enabled: boolean, onOpen: () => void): void {
  const start = useRef<number | null>(null);
  const latest = useRef(onOpen);
  latest.current = onOpen;
  useEffect(() => {
    if (!enabled) return;
    const onStart = (e: TouchEvent) => {
      const x = e.touches[0]?.clientX;
      start.current = x !== undefined && isEdgeStart(x) ? x : null;
    };
    const onMove = (e: TouchEvent) => {
      const x = e.touches[0]?.clientX;
      if (start.current === null || x === undefined) return;
      if (isOpenSwipe(start.current, x)) {
        start.current = null;
        latest.current();
      }
    };
    const onEnd = () => {
      start.current = null;
    };
    window.addEventListener("touchstart", onStart, { passive: true });
    window.addEventListener("touchmove", onMove, { passive: true });
    window.addEventListener("touchend", onEnd);
    window.addEventListener("touchcancel", onEnd);
    return () => {
      window.removeEventListener("touchstart", onStart);
      window.removeEventListener("touchmove", onMove);
      window.removeEventListener("touchend", onEnd);
      window.removeEventListener("touchcancel", onEnd);
    };
  }, [enabled]);
}
