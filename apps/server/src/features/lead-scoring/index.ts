/** The lead-scoring feature's surface for the features above it. */
export * from "./lead-scoring.table.ts";
