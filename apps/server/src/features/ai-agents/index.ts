/** The ai-agents feature's surface for the features above it. */
export * from "./ai-agents.table.ts";
