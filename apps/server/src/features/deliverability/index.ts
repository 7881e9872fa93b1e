/** The deliverability feature's surface for the features above it (reputation, the game). */
export { cachedDomainChecks, toDomainCheck } from "./deliverability.checks.ts";
export * from "./deliverability.table.ts";
