/** The recommendations feature's surface for the features above it. */
export * from "./recommendations.table.ts";
