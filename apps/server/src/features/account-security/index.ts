/** The account-security feature's public surface: its tables (two-factor credentials, recovery codes). */
export * from "./account-security.table.ts";
export { eraseTwoFactorOfUser } from "./account-security-erasure.ts";
