/** The security feature's surface (nothing above it uses it yet). */
export * from "./detection.table.ts";
export * from "./incidents.table.ts";
export { eraseSignInEventsOfUser } from "./security-erasure.ts";
