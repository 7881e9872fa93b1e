/** Checks on a column mapping before an import starts, and the preview rows as lead fields. */
import type { ImportField, ImportMapping } from "@prospector/contracts";

/** Lead fields chosen for more than one column: the later column would silently win. */
export function duplicateTargets(mapping: ImportMapping): ImportField[] {
  const seen = new Map<ImportField, number>();
  for (const field of Object.values(mapping)) if (field) seen.set(field, (seen.get(field) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([f]) => f);
}

const IDENTIFYING: ImportField[] = ["email", "first_name", "last_name", "full_name", "company_name"];

/** A row becomes a lead only with an email, a name or a company: one of them must be mapped. */
export function identifiesLeads(mapping: ImportMapping): boolean {
  return Object.values(mapping).some((f) => f !== null && IDENTIFYING.includes(f));
}

/** The preview rows as they will be read: one column per mapped lead field, in CSV order. */
export function mappedPreview(
  rows: Record<string, string>[],
  mapping: ImportMapping,
): { columns: Array<{ header: string; field: ImportField }>; rows: string[][] } {
  const pairs = Object.entries(mapping).filter((e): e is [string, ImportField] => e[1] !== null);
  return { columns: pairs.map(([header, field]) => ({ header, field })), rows: rows.map((r) => pairs.map(([header]) => r[header] ?? "")) };
}
