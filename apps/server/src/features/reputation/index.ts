/** The reputation feature's surface for the features above it. */
export { refreshWorkspace } from "./reputation.service.ts";
export * from "./reputation.table.ts";
