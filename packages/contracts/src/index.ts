export * from "./auth.ts";
export * from "./define-errors.ts";
export * from "./errors.ts";
export * from "./plans.ts";
export * from "./roles.ts";
