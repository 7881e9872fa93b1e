/**
 * Whether this page load began with the landing page's build-time markup in #root
 * (scripts/prerender-landing.ts; src/main.tsx marks it before the first render). The prerendered
 * sections are visible without JavaScript, so the app's render over them must not hide them again
 * to fade them in: on such a load the sections start shown.
 */
let prerendered = false;

export function markLandingPrerendered(): void {
  prerendered = true;
}

export function landingWasPrerendered(): boolean {
  return prerendered;
}
