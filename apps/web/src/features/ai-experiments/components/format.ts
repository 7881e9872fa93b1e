/** Number formats the experiment pages share. */

/** A 0–1 share or rate as a percentage with one decimal. */
export const pct = (x: number | null | undefined, digits = 1) => (x === null || x === undefined ? "—" : `${(x * 100).toFixed(digits)}%`);

/** Percentage points with a sign (+2.3 pts). */
export const points = (x: number | null | undefined) =>
  x === null || x === undefined ? "—" : `${x > 0 ? "+" : x < 0 ? "−" : ""}${Math.abs(x).toFixed(2)} pts`;

export const METRIC_LABEL = { reply: "reply rate", open: "open rate", click: "click rate" } as const;
