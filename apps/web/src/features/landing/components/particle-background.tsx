/**
 * Decorative drifting particles behind the hero: 30 under 768 px wide, else 50 (shell spec §2).
 * Not rendered for visitors who prefer reduced motion; pauses while the tab is hidden.
 *
 * Decoration must not slow the page it decorates: it starts once the browser is idle after the
 * first render (bench/web counted its frames as long tasks while the page was still loading), and
 * reads the canvas size on resize only, not in every frame (that forced a layout per frame). A
 * frame is two fills and a few strokes, not one per particle and link (links are drawn in a few
 * shades), on a canvas at CSS pixel resolution: soft dots lose nothing, and on a phone (device
 * pixel ratio 2–3) there are 4–9 times fewer pixels to clear and paint each frame.
 */
import { useTheme } from "@mui/material/styles";
import { useEffect, useRef } from "react";
import { particleCount } from "../lib/active-section.ts";
import { useReducedMotion } from "../lib/use-reduced-motion.ts";

interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  r: number;
}

const LINK_DISTANCE = 120;
/** Link opacity steps: a link's shade is rounded to one of these, so each is one stroke. */
const LINK_SHADES = 4;

export function ParticleBackground() {
  const reduced = useReducedMotion();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const color = useTheme().palette.primary.main;

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = reduced || !canvas ? null : canvas.getContext("2d");
    if (!canvas || !ctx) return;

    let particles: Particle[] = [];
    let frame = 0;
    let width = 0;
    let height = 0;
    const resize = () => {
      ({ width, height } = canvas.getBoundingClientRect());
      canvas.width = Math.round(width);
      canvas.height = Math.round(height);
      particles = Array.from({ length: particleCount(window.innerWidth) }, () => ({
        x: Math.random() * width,
        y: Math.random() * height,
        vx: (Math.random() - 0.5) * 0.4,
        vy: (Math.random() - 0.5) * 0.4,
        r: 1 + Math.random() * 2,
      }));
    };
    const draw = () => {
      ctx.clearRect(0, 0, width, height);
      ctx.fillStyle = color;
      ctx.strokeStyle = color;
      ctx.globalAlpha = 0.45;
      ctx.beginPath();
      for (const p of particles) {
        p.x = (p.x + p.vx + width) % width;
        p.y = (p.y + p.vy + height) % height;
        ctx.moveTo(p.x + p.r, p.y);
        ctx.arc(p.x, p.y, p.r, 0, Math.PI * 2);
      }
      ctx.fill();
      // Closer particles, stronger link: 0.15 × (1 − distance / LINK_DISTANCE), in LINK_SHADES steps.
      const shades = Array.from({ length: LINK_SHADES }, () => new Path2D());
      for (let i = 0; i < particles.length; i++) {
        for (let j = i + 1; j < particles.length; j++) {
          const a = particles[i]!;
          const b = particles[j]!;
          const d = Math.hypot(a.x - b.x, a.y - b.y);
          if (d > LINK_DISTANCE) continue;
          const path = shades[Math.min(LINK_SHADES - 1, Math.floor((1 - d / LINK_DISTANCE) * LINK_SHADES))]!;
          path.moveTo(a.x, a.y);
          path.lineTo(b.x, b.y);
        }
      }
      shades.forEach((path, shade) => {
        ctx.globalAlpha = (0.15 * (shade + 0.5)) / LINK_SHADES;
        ctx.stroke(path);
      });
      frame = requestAnimationFrame(draw);
    };
    const onVisibility = () => {
      cancelAnimationFrame(frame);
      if (!document.hidden) frame = requestAnimationFrame(draw);
    };
    let started = false;
    const start = () => {
      started = true;
      resize();
      frame = requestAnimationFrame(draw);
      window.addEventListener("resize", resize);
      document.addEventListener("visibilitychange", onVisibility);
    };
    const idle = typeof requestIdleCallback === "function" ? requestIdleCallback(start, { timeout: 3000 }) : undefined;
    const timer = idle === undefined ? window.setTimeout(start, 1000) : undefined;
    return () => {
      if (idle !== undefined) cancelIdleCallback(idle);
      window.clearTimeout(timer);
      if (!started) return;
      cancelAnimationFrame(frame);
      window.removeEventListener("resize", resize);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [reduced, color]);

  if (reduced) return null;
  return (
    <div aria-hidden="true" style={{ position: "absolute", inset: 0, pointerEvents: "none" }}>
      <canvas ref={canvasRef} data-testid="particle-background" style={{ width: "100%", height: "100%", display: "block" }} />
    </div>
  );
}
