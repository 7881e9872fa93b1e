/**
 * The dashboard's widget layout: which widgets, in what order and at what size, stored as the
 * dashboard_layout JSON of user settings (outreach-core §3). Widgets flow left to right on a
 * 12-column grid, so positions never overlap; at most 20 widgets (§9).
 */
import type { DashboardWidget } from "@prospector/contracts";

/**
 * §9's limit, as the contract's MAX_DASHBOARD_WIDGETS: a plain number here, because importing it
 * from the contract's settings module would build the settings schemas (and load zod) in the
 * dashboard's first render. widget-layout.test.ts pins it to the contract.
 */
export const MAX_DASHBOARD_WIDGETS = 20;

export const GRID_COLUMNS = 12;
export const WIDGET_SIZES = { small: 4, medium: 6, large: 8, full: 12 } as const;
export type WidgetSize = keyof typeof WIDGET_SIZES;
export const SIZE_ORDER: WidgetSize[] = ["small", "medium", "large", "full"];

export interface WidgetType {
  type: string;
  title: string;
  description: string;
  size: WidgetSize;
  /** Permission the figures need; without it the widget is not offered. */
  permission?: string;
}

export const WIDGET_TYPES: WidgetType[] = [
  { type: "getting-started", title: "Getting started", description: "Your setup checklist", size: "large" },
  { type: "account", title: "Your account", description: "Name, email, role and workspace", size: "small" },
  {
    type: "leads-month",
    title: "Leads this month",
    description: "New leads and the plan allowance",
    size: "small",
    permission: "leads:read",
  },
  { type: "notifications", title: "Notifications", description: "Unread count and the latest", size: "small" },
  { type: "instance-health", title: "Instance health", description: "Database, jobs and Redis", size: "small" },
  { type: "plan-usage", title: "Plan usage", description: "Limits and live usage", size: "medium" },
  {
    type: "lead-quality",
    title: "Lead quality",
    description: "Totals, missing emails, duplicates",
    size: "medium",
    permission: "leads:read",
  },
  {
    type: "recent-imports",
    title: "Recent imports",
    description: "CSV imports and their results",
    size: "medium",
    permission: "leads:read",
  },
  {
    type: "scraping-jobs",
    title: "Scraping jobs",
    description: "Recent lead scraping and its progress",
    size: "medium",
    permission: "leads:read",
  },
];

export interface LayoutItem {
  id: string;
  type: string;
  size: WidgetSize;
}

export function widgetType(type: string): WidgetType | undefined {
  return WIDGET_TYPES.find((w) => w.type === type);
}

function sizeOf(w: number): WidgetSize {
  return SIZE_ORDER.find((s) => WIDGET_SIZES[s] >= w) ?? "full";
}

/** Grid positions for the items in order: each starts where the previous ended, wrapping rows. */
export function packLayout(items: LayoutItem[]): DashboardWidget[] {
  let x = 0;
  let y = 0;
  return items.map((item) => {
    const w = WIDGET_SIZES[item.size];
    if (x + w > GRID_COLUMNS) {
      x = 0;
      y += 1;
    }
    const widget = { id: item.id, type: item.type, x, y, w, h: 1 };
    x += w;
    return widget;
  });
}

/** The stored layout as items in reading order; unknown widget types (removed features) are dropped. */
export function parseLayout(json: string | null | undefined): LayoutItem[] | null {
  if (!json) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { widgets?: unknown } | null)?.widgets;
  if (!Array.isArray(list)) return null;
  return (list as Array<Partial<DashboardWidget>>)
    .filter((w) => typeof w.id === "string" && typeof w.type === "string" && widgetType(w.type))
    .sort((a, b) => (a.y ?? 0) - (b.y ?? 0) || (a.x ?? 0) - (b.x ?? 0))
    .map((w) => ({ id: w.id as string, type: w.type as string, size: sizeOf(w.w ?? 4) }));
}

export function serializeLayout(items: LayoutItem[]): string {
  return JSON.stringify(packLayout(items));
}

export function defaultLayout(allowed: (permission: string) => boolean): LayoutItem[] {
  return WIDGET_TYPES.filter((t) => !t.permission || allowed(t.permission)).map((t) => ({ id: t.type, type: t.type, size: t.size }));
}

export const TOO_MANY_WIDGETS_MESSAGE = `A dashboard can hold at most ${MAX_DASHBOARD_WIDGETS} widgets`;

export function addWidget(items: LayoutItem[], type: string, id = `${type}-${Date.now().toString(36)}`): LayoutItem[] {
  if (items.length >= MAX_DASHBOARD_WIDGETS) throw new Error(TOO_MANY_WIDGETS_MESSAGE);
  const t = widgetType(type);
  if (!t) throw new Error(`Unknown widget "${type}"`);
  return [...items, { id, type, size: t.size }];
}

/** Moves the item `id` to where `beforeId` is (drag and drop), or to the end. */
export function moveWidget(items: LayoutItem[], id: string, beforeId: string | null): LayoutItem[] {
  const moving = items.find((i) => i.id === id);
  if (!moving || id === beforeId) return items;
  const rest = items.filter((i) => i.id !== id);
  const index = beforeId === null ? rest.length : rest.findIndex((i) => i.id === beforeId);
  if (index < 0) return items;
  return [...rest.slice(0, index), moving, ...rest.slice(index)];
}

/** One step earlier (-1) or later (+1): the keyboard alternative to dragging. */
export function shiftWidget(items: LayoutItem[], id: string, step: -1 | 1): LayoutItem[] {
  const i = items.findIndex((w) => w.id === id);
  const j = i + step;
  if (i < 0 || j < 0 || j >= items.length) return items;
  const next = [...items];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}

export function resizeWidget(items: LayoutItem[], id: string, size: WidgetSize): LayoutItem[] {
  return items.map((i) => (i.id === id ? { ...i, size } : i));
}
