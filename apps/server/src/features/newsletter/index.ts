/** The newsletter feature's public surface: its table (nothing else is used by other features). */
export * from "./newsletter.table.ts";
