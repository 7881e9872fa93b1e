/**
 * The Chromium command-line flags of every browser the repository starts: Playwright's in the e2e
 * tests (playwright.config.ts) and Lighthouse's in bench/web.bench.ts (which adds --headless=new;
 * Playwright picks its headless mode itself). No sandbox (containers run as root), no GPU, no QUIC,
 * and none of the background traffic a first start would make (updates, sync, component downloads).
 */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
