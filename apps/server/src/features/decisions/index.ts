/** The decisions feature's surface: its tables (nothing above it uses it yet). */
export * from "./decisions.table.ts";
