export * from "./errors.ts";
export * from "./roles.ts";
