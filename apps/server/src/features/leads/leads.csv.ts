/** CSV writing shared by exports and error reports, safe to open in a spreadsheet. */
import { stringify } from "csv-stringify/sync";

/**
 * A cell starting with = + - @ tab or CR is a formula to Excel, Sheets and LibreOffice; a leading
 * single quote makes it text (OWASP "CSV injection").
 */
export function escapeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function stringifyCsv(rows: string[][]): string {
  return stringify(rows.map((r) => r.map(escapeFormula)));
}
