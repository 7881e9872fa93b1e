/** The error reports feature's public surface: its table (nothing else is used by other features). */
export * from "./error-reports.table.ts";
