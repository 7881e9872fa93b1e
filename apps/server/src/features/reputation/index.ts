/** The reputation feature's surface for the features above it. */
export * from "./reputation.table.ts";
