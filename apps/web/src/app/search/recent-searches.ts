/** Recent searches in localStorage `recentSearches`: newest first, 10 kept, 5 shown, blanks ignored. */
import { RECENT_SEARCHES_KEY, readJson, writeJson } from "../../lib/storage.ts";

export const RECENT_STORED = 10;
export const RECENT_SHOWN = 5;

export function readRecentSearches(): string[] {
  const value = readJson<unknown>(RECENT_SEARCHES_KEY, []);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && v.trim() !== "") : [];
}

export function addRecentSearch(query: string): string[] {
  const q = query.trim();
  const current = readRecentSearches();
  if (!q) return current;
  const next = [q, ...current.filter((v) => v.toLowerCase() !== q.toLowerCase())].slice(0, RECENT_STORED);
  writeJson(RECENT_SEARCHES_KEY, next);
  return next;
}

export function clearRecentSearches(): void {
  writeJson(RECENT_SEARCHES_KEY, []);
}
