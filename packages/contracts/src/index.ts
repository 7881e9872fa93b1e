export * from "./auth.ts";
export * from "./define-errors.ts";
export * from "./errors.ts";
export * from "./leads.ts";
export * from "./leads.errors.ts";
export * from "./limits.ts";
export * from "./plans.ts";
export * from "./roles.ts";
