/** The decisions feature's surface (nothing above it uses it yet). */
export * from "./decisions.table.ts";
