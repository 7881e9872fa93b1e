/** The ai-models feature's surface for the features above it. */
export * from "./ai-models.table.ts";
