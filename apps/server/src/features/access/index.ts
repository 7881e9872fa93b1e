/**
 * The access feature's public surface: the access engine (on ctx as `ctx.access`) and its types,
 * the checks other features reuse (API key scopes), the member-role rules (no self-escalation,
 * never the last administrator), the "permissions changed" signal, and the access tables.
 */
export type { Decision, Grant, PolicyRule } from "./access.decide.ts";
export {
  ACCESS_INVALIDATE,
  type AccessEngine,
  type AccessEnvironment,
  type CachedAccess,
  type InvalidateScope,
  type Subject,
} from "./access.engine.ts";
export { requireHeld } from "./access.escalation.ts";
export { type PermissionsChange, permissionsChanged } from "./access.events.ts";
export { scopesCover } from "./access.hook.ts";
export { assignRole, changeMemberRole, ensureAnotherAdmin, parseRole, removeRole, requirePermission } from "./access.service.ts";
export * from "./access.table.ts";
export { eraseGrantsOfUser } from "./access-erasure.ts";
