/** The reports feature's surface for the features above it. */
export * from "./reports.table.ts";
