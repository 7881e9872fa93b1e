/** Reading grants for people: grouped by resource, written as `resource:action`, wildcards spelled out. */
import type { Grant } from "@prospector/contracts";

export interface ResourceGroup {
  resource: string;
  grants: Grant[];
}

export const grantText = (g: Pick<Grant, "resource" | "action">) => `${g.resource}:${g.action}`;

const ACRONYMS = new Set(["api", "crm", "ab"]);

/** "crm" → "CRM", "ab_tests" → "AB tests", "*" → "Everything". */
export function resourceLabel(resource: string): string {
  if (resource === "*") return "Everything";
  const words = resource.split("_").map((w) => (ACRONYMS.has(w) ? w.toUpperCase() : w));
  const first = words[0] ?? "";
  return [first.charAt(0).toUpperCase() + first.slice(1), ...words.slice(1)].join(" ");
}
export const actionLabel = (action: string) => (action === "*" ? "every action" : action);

/** Grants grouped by resource, the wildcard first, then alphabetically; actions sorted inside a group. */
export function groupByResource(grants: readonly Grant[]): ResourceGroup[] {
  const by = new Map<string, Grant[]>();
  for (const g of grants) by.set(g.resource, [...(by.get(g.resource) ?? []), g]);
  return [...by.entries()]
    .sort(([a], [b]) => (a === "*" ? -1 : b === "*" ? 1 : a.localeCompare(b)))
    .map(([resource, list]) => ({ resource, grants: [...list].sort((a, b) => a.action.localeCompare(b.action)) }));
}

/** `resource:action` lines from a text box (commas, spaces or new lines), without duplicates. */
export function parsePermissionList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,]+/)
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

const PERMISSION = /^(\*|[a-z_]+):(\*|[a-z_]+)$/;
export const isPermission = (s: string) => PERMISSION.test(s);
