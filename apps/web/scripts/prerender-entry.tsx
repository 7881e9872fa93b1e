/**
 * The landing page as a signed-out visitor's first screen, rendered at build time by
 * prerender-landing.ts (never part of the browser bundle). Emotion's cache runs in "compat" mode,
 * as @emotion/server's extractCritical does: the styles are collected, in the order they were
 * inserted, instead of being written as <style> tags between the elements. The page carries them in
 * emotion's own server format (<style data-emotion="css name …">), so the browser's emotion cache
 * knows them as inserted and does not insert the same rules again when the app renders.
 */
import createCache, { type EmotionCache } from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { AppProviders } from "../src/app/providers.tsx";
import LandingPage from "../src/features/landing/pages/landing-page.tsx";

export interface Prerendered {
  html: string;
  css: string;
  /** Emotion's names of the rules in `css`: the browser's emotion cache takes them as inserted. */
  names: string[];
}

function collectingCache(): { cache: EmotionCache; rules: string[]; names: string[] } {
  const cache = createCache({ key: "css" });
  cache.compat = true;
  const rules: string[] = [];
  const names: string[] = [];
  const insert = cache.insert;
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    const known = cache.inserted[serialized.name] !== undefined;
    const returned = insert(selector, serialized, sheet, shouldCache);
    const stored = cache.inserted[serialized.name];
    if (typeof returned === "string") rules.push(returned);
    else if (!known && typeof stored === "string") {
      rules.push(stored);
      names.push(serialized.name);
    }
    return returned;
  };
  return { cache, rules, names };
}

export function renderLanding(): Prerendered {
  const { cache, rules, names } = collectingCache();
  const html = renderToString(
    <CacheProvider value={cache}>
      <AppProviders>
        <StaticRouter location="/">
          <LandingPage />
        </StaticRouter>
      </AppProviders>
    </CacheProvider>,
  );
  return { html, css: rules.join(""), names };
}
