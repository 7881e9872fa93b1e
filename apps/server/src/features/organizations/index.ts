/** The organizations feature's public surface: tenancy tables and the organization services. */
export {
  createOrganizationForOwner,
  DEFAULT_WORKSPACE_SETTINGS,
  provisionAccount,
  requireMemberWorkspace,
} from "./organizations.service.ts";
export * from "./organizations.table.ts";
export { eraseMembership, membershipCount } from "./organizations-erasure.ts";
