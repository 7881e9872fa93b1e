/** CSV writing shared by exports and error reports, safe to open in a spreadsheet. */
import { escapeFormula } from "@prospector/contracts";
import { stringify } from "csv-stringify/sync";

export function stringifyCsv(rows: string[][]): string {
  return stringify(rows.map((r) => r.map(escapeFormula)));
}
