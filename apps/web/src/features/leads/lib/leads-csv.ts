/**
 * CSV of the leads a user selected in the grid, in the shared lead CSV format (columns and formula
 * guard from @prospector/contracts), so "export selected" and the server's export look alike.
 */
import { LEAD_CSV_COLUMNS, type Lead, leadCsvCells } from "@prospector/contracts";

function quote(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function leadsToCsv(leads: readonly Lead[]): string {
  const rows = leads.map((l) => leadCsvCells(l).map(quote).join(","));
  return `${[LEAD_CSV_COLUMNS.join(","), ...rows].join("\r\n")}\r\n`;
}
