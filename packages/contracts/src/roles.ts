/**
 * The role catalogue (shell spec §6) and the seeded role permissions (outreach-core §6).
 * Role permissions are data: these values seed the database, and admins may change them later.
 * The plain values live in role-catalog.ts (no zod), re-exported here.
 */
import { z } from "zod";
import { ROLE_IDS } from "./role-catalog.ts";

export {
  DEFAULT_ROLE,
  FALLBACK_RATE_LIMIT,
  ROLE_IDS,
  ROLE_PERMISSIONS,
  ROLE_RATE_LIMITS,
  ROLES,
  type RoleInfo,
} from "./role-catalog.ts";

export const RoleId = z.enum(ROLE_IDS);
export type RoleId = z.infer<typeof RoleId>;

/** `resource:action` with optional `*`; parsed by the access engine. */
export const Permission = z.string().regex(/^(\*|[a-z_]+):(\*|[a-z_]+)$/, "Permission must look like resource:action");
export type Permission = z.infer<typeof Permission>;
