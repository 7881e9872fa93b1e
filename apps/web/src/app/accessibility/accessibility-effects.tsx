/**
 * What the accessibility flags do outside the MUI theme: text scaling on <html>, motion switched
 * off in CSS, focus rings, a skip-to-content link, the simplified interface hiding secondary UI
 * (anything marked data-secondary-ui or data-decorative), and media: no autoplay, captions and
 * audio-description tracks shown, alt text surfaced as a tooltip; plus a screen-reader live
 * region that announces the page title after navigation.
 */

import GlobalStyles from "@mui/material/GlobalStyles";
import { useTheme } from "@mui/material/styles";
import type { AccessibilitySettings } from "@prospector/contracts";
import { useEffect, useState } from "react";
import { textScale } from "./accessibility-flags.ts";

/** Classes on <html> that name each active flag (CSS hooks, and what tests and e2e check). */
export function accessibilityClasses(flags: AccessibilitySettings): string[] {
  const classes: string[] = [];
  if (flags.highContrast) classes.push("a11y-high-contrast");
  if (flags.largeText || flags.textSizeMultiplier !== 1) classes.push("a11y-large-text");
  if (flags.reduceMotion) classes.push("a11y-reduce-motion");
  if (flags.colorBlindMode) classes.push(`a11y-colorblind-${flags.colorBlindType}`);
  if (flags.keyboardNavigation) classes.push("a11y-keyboard");
  if (flags.focusIndicators) classes.push("a11y-focus");
  if (flags.simplifiedInterface) classes.push("a11y-simplified");
  if (flags.autoplayDisabled) classes.push("a11y-no-autoplay");
  if (flags.screenReader) classes.push("a11y-screen-reader");
  return classes;
}

/** Applies the media flags to every <video>/<audio>/<img> now and whenever the page adds more. */
export function applyMediaFlags(root: ParentNode, flags: AccessibilitySettings): void {
  for (const media of root.querySelectorAll<HTMLMediaElement>("video, audio")) {
    if (flags.autoplayDisabled) {
      media.autoplay = false;
      media.removeAttribute("autoplay");
      if (!media.paused && media.dataset.userStarted !== "true") media.pause();
    }
    const tracks = media.textTracks;
    for (let i = 0; tracks && i < tracks.length; i++) {
      const track = tracks[i]!;
      if (track.kind === "captions" || track.kind === "subtitles") track.mode = flags.captions ? "showing" : "disabled";
      if (track.kind === "descriptions") track.mode = flags.audioDescriptions ? "showing" : "disabled";
    }
  }
  for (const img of root.querySelectorAll<HTMLImageElement>("img[alt]")) {
    if (flags.altText && img.alt && !img.title) {
      img.title = img.alt;
      img.dataset.altTitle = "true";
    } else if (!flags.altText && img.dataset.altTitle === "true") {
      img.removeAttribute("title");
      delete img.dataset.altTitle;
    }
  }
}

function focusMain(): void {
  const main = document.querySelector<HTMLElement>("main, [role=main]");
  if (!main) return;
  if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
  main.focus();
}

export function SkipToContent() {
  return (
    // A button, not a link: the target is found at click time (the shell's <main> has no id).
    <button type="button" className="a11y-skip-link" onClick={focusMain}>
      Skip to main content
    </button>
  );
}

/** Announces the page heading (the top bar's h1) when it changes, for screen-reader users. */
function PageAnnouncer() {
  const [message, setMessage] = useState("");
  useEffect(() => {
    let last = document.querySelector("h1")?.textContent ?? "";
    const observer = new MutationObserver(() => {
      const now = document.querySelector("h1")?.textContent ?? "";
      if (now && now !== last) setMessage(`${now} page`);
      last = now;
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return (
    <div role="status" aria-live="polite" className="a11y-visually-hidden" data-testid="a11y-announcer">
      {message}
    </div>
  );
}

export function AccessibilityEffects({ flags }: { flags: AccessibilitySettings }) {
  const theme = useTheme();
  const scale = textScale(flags);

  useEffect(() => {
    const html = document.documentElement;
    const classes = accessibilityClasses(flags);
    html.classList.add(...classes);
    html.dataset.textScale = String(scale);
    return () => {
      html.classList.remove(...classes);
      delete html.dataset.textScale;
    };
  }, [flags, scale]);

  useEffect(() => {
    applyMediaFlags(document, flags);
    const observer = new MutationObserver(() => applyMediaFlags(document, flags));
    observer.observe(document.body, { subtree: true, childList: true });
    return () => observer.disconnect();
  }, [flags]);

  const ring = flags.highContrast ? theme.palette.text.primary : theme.palette.primary.main;
  return (
    <>
      <GlobalStyles
        styles={{
          html: { fontSize: `${scale * 100}%` },
          ".a11y-visually-hidden": {
            position: "absolute",
            width: 1,
            height: 1,
            overflow: "hidden",
            clip: "rect(0 0 0 0)",
            whiteSpace: "nowrap",
          },
          // Off-screen until it has keyboard focus, then in the top-left corner above everything.
          ".a11y-skip-link": {
            position: "fixed",
            top: 8,
            left: -10000,
            zIndex: 2000,
            padding: "8px 16px",
            borderRadius: 8,
            background: theme.palette.background.paper,
            color: theme.palette.text.primary,
            border: `2px solid ${ring}`,
            font: "inherit",
            cursor: "pointer",
          },
          ".a11y-skip-link:focus": { left: 8 },
          ...(flags.focusIndicators
            ? {
                ":focus-visible": { outline: `3px solid ${ring} !important`, outlineOffset: "2px" },
                // A text field's ring goes around the whole field, outside its border, not on the inner <input>.
                ".MuiInputBase-input:focus-visible": { outline: "none !important" },
                ".MuiInputBase-root.Mui-focused": { outline: `3px solid ${ring}`, outlineOffset: "2px" },
              }
            : {}),
          ...(flags.reduceMotion
            ? {
                "*, *::before, *::after": {
                  animationDuration: "0.001ms !important",
                  animationIterationCount: "1 !important",
                  transitionDuration: "0.001ms !important",
                  scrollBehavior: "auto !important",
                },
              }
            : {}),
          ...(flags.autoplayDisabled ? { "[data-autoplay]": { animationPlayState: "paused !important" } } : {}),
          ...(flags.simplifiedInterface ? { "[data-secondary-ui], [data-decorative]": { display: "none !important" } } : {}),
          ...(flags.highContrast ? { a: { textDecoration: "underline" } } : {}),
        }}
      />
      {(flags.keyboardNavigation || flags.screenReader) && <SkipToContent />}
      {flags.screenReader && <PageAnnouncer />}
    </>
  );
}
