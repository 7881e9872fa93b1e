/** The analytics feature's surface for the features above it: the engine and its refresh. */
export { runReport } from "./analytics.engine.ts";
export * from "./analytics.table.ts";
export { refreshAnalytics, refreshStatus } from "./engine.refresh.ts";
