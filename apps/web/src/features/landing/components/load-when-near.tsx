/**
 * Mounts its children once their place comes within a screen of the viewport. For below-the-fold
 * parts of the landing page whose code is large and loaded lazily (the newsletter form's text
 * field brings MUI's input, select and menu code): a first visit does not download it unless the
 * visitor scrolls toward it. Without IntersectionObserver the children mount at once.
 */
import Box from "@mui/material/Box";
import { type ReactNode, Suspense, useEffect, useRef, useState } from "react";

export function LoadWhenNear({ children, minHeight }: { children: ReactNode; minHeight: number }) {
  const spot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    if (near || !spot.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: "100% 0px",
    });
    observer.observe(spot.current);
    return () => observer.disconnect();
  }, [near]);
  // The placeholder keeps the space, so nothing moves when the children arrive.
  const placeholder = <Box ref={spot} sx={{ minHeight }} />;
  return near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
