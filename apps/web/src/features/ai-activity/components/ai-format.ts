/** How AI figures read on /ai-activity and the console: dollars with enough digits for small calls, kinds as words. */
export function dollars(usd: number): string {
  if (usd === 0) return "$0.00";
  // Two significant digits for the fractions of a cent one call costs (the ledger keeps micro-dollars).
  if (usd < 0.01) return `$${usd.toFixed(Math.min(6, Math.max(4, 1 - Math.floor(Math.log10(usd)))))}`;
  return `$${usd.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export const kindLabel = (kind: string): string => {
  const s = kind.replace(/_/g, " ").replace(/\bllm\b/g, "LLM");
  return s[0]!.toUpperCase() + s.slice(1);
};

export const tokensLabel = (a: { tokens_in: number; tokens_out: number; tokens_estimated: boolean }): string =>
  a.tokens_in + a.tokens_out === 0
    ? "—"
    : `${a.tokens_in.toLocaleString()} / ${a.tokens_out.toLocaleString()}${a.tokens_estimated ? " (est.)" : ""}`;

export const durationLabel = (ms: number): string => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

/** Where a subject lives in the app, when it has a page. */
export function subjectHref(s: { type: string; id: string }): string | null {
  if (s.type === "lead") return `/leads?selected=${s.id}`;
  if (s.type === "campaign") return `/campaigns/${s.id}`;
  return null;
}

export const OUTCOME_COLOR = { ok: "success", error: "error", refused: "warning", over_budget: "warning" } as const;
