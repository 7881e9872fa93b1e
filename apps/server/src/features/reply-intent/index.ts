/** The reply-intent feature's surface for the features above it. */
export * from "./reply-intent.table.ts";
