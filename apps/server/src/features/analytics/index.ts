/** The analytics feature's surface for the features above it: the engine. */
export { runReport } from "./analytics.engine.ts";
export * from "./analytics.table.ts";
