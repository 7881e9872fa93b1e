export * from "./access.ts";
