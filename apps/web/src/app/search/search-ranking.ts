/**
 * Global search results and their order (shell spec §3, §9): exact title match, then title
 * prefix, then title contains, then subtitle contains, then the rest; ties alphabetical by title.
 */

export type SearchResultType = "lead" | "campaign" | "crm_customer" | "crm_deal" | "crm_task" | "crm_interaction";

export interface SearchResult {
  id: string;
  type: SearchResultType;
  title: string;
  subtitle?: string;
  description?: string;
  url: string;
  metadata?: Record<string, unknown>;
}

function tier(result: SearchResult, q: string): number {
  const title = result.title.toLowerCase();
  if (title === q) return 0;
  if (title.startsWith(q)) return 1;
  if (title.includes(q)) return 2;
  if ((result.subtitle ?? "").toLowerCase().includes(q)) return 3;
  return 4;
}

export function rankResults(results: SearchResult[], query: string): SearchResult[] {
  const q = query.trim().toLowerCase();
  return results
    .map((r) => ({ r, t: tier(r, q) }))
    .sort((a, b) => a.t - b.t || a.r.title.localeCompare(b.r.title, undefined, { sensitivity: "base" }))
    .map(({ r }) => r);
}
