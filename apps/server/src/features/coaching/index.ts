/** The coaching feature's surface for the features above it. */
export * from "./coaching.table.ts";
