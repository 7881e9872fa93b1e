/** Checks on a column mapping before an import starts, and the preview rows as lead fields. */
import { ImportField, type ImportMapping } from "@prospector/contracts";

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

/** The lead fields present in the server's preview rows, in the order of the lead form. */
export function previewColumns(rows: Record<string, string>[]): string[] {
  const present = new Set(rows.flatMap((r) => Object.keys(r)));
  const order = [...ImportField.options, "pain_point"] as string[];
  return [...order.filter((f) => present.has(f)), ...[...present].filter((f) => !order.includes(f))];
}
