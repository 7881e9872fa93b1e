/**
 * The data-exports feature's public surface: exports, scheduled exports and backups (the top
 * layer: nothing below imports it), and its tables.
 */
export { backupConfigs, backups, dataExports, scheduledExports } from "./data-exports.table.ts";
