/**
 * The access feature's public surface: the access engine (on ctx as `ctx.access`) and its types,
 * the checks other features reuse (API key scopes), and the access tables.
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
export { scopesCover } from "./access.hook.ts";
export * from "./access.table.ts";
