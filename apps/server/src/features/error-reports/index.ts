/** The error reports feature's public surface: its table and the grouped reads behind /system-monitor. */
export { bucketStarts, errorGroupDetail, errorGroupPage, stackHead } from "./error-reports.service.ts";
export * from "./error-reports.table.ts";
