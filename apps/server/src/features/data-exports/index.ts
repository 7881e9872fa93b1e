/**
 * The data-exports feature's public surface (the top layer: nothing below imports it; lower
 * features reach it through the hooks it subscribes to, data-exports.hooks.ts) and its tables.
 */
export { backupConfigs, backups, dataExports, scheduledExports } from "./data-exports.table.ts";
export { eraseExportsContaining, expireFinishedExports } from "./data-exports-erasure.ts";
