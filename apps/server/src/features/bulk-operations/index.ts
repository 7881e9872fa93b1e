/** The bulk-operations feature's surface for the features above it. */
export * from "./bulk-operations.table.ts";
