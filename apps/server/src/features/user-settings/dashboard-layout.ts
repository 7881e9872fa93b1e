/**
 * Dashboard layouts arrive as JSON text (outreach-core §3 dashboard_layout). A layout is valid
 * when it is a list of widgets (or {widgets: [...]}) with unique ids and grid boxes that do not
 * overlap; more than 20 widgets is its own error (§9).
 */
import { DashboardWidget, MAX_DASHBOARD_WIDGETS } from "@prospector/contracts";

export type LayoutProblem = { code: "INVALID_LAYOUT" | "TOO_MANY_WIDGETS"; message: string };

/** Returns the normalized JSON text, or the problem found. */
export function checkLayout(text: string): { ok: true; json: string } | { ok: false; problem: LayoutProblem } {
  const fail = (message: string, code: LayoutProblem["code"] = "INVALID_LAYOUT") => ({ ok: false as const, problem: { code, message } });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return fail("The layout is not valid JSON");
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { widgets?: unknown } | null)?.widgets;
  if (!Array.isArray(list)) return fail("The layout must be a list of widgets");
  if (list.length > MAX_DASHBOARD_WIDGETS) return fail(`A dashboard can hold at most ${MAX_DASHBOARD_WIDGETS} widgets`, "TOO_MANY_WIDGETS");
  const widgets: DashboardWidget[] = [];
  for (const [i, raw] of list.entries()) {
    const w = DashboardWidget.safeParse(raw);
    if (!w.success) {
      const issue = w.error.issues[0];
      return fail(`Widget ${i + 1}: ${issue?.path.join(".") || "value"} ${issue?.message ?? "is invalid"}`);
    }
    widgets.push(w.data);
  }
  const ids = new Set<string>();
  for (const w of widgets) {
    if (ids.has(w.id)) return fail(`Two widgets share the id "${w.id}"`);
    ids.add(w.id);
  }
  for (let i = 0; i < widgets.length; i++) {
    for (let j = i + 1; j < widgets.length; j++) {
      const a = widgets[i] as DashboardWidget;
      const b = widgets[j] as DashboardWidget;
      if (a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h) {
        return fail(`Widgets "${a.id}" and "${b.id}" overlap`);
      }
    }
  }
  return { ok: true, json: JSON.stringify(widgets) };
}
