/** The compliance feature's surface (nothing above it uses it yet). */
export * from "./compliance.table.ts";
