/** The ai-insights feature's surface (nothing above it uses it yet). */
export * from "./content.table.ts";
export * from "./experiments.table.ts";
export * from "./explain.table.ts";
