/** The automation feature's surface for the features above it. */
export * from "./automation.table.ts";
