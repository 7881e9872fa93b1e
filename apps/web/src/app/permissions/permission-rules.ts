/**
 * The client's permission check (shell §4 and §6, outreach-core §6): `resource:action` with `*`
 * on either side, deny beats allow, no matching allow means no access. The server decides for
 * real; this only hides or disables what it would refuse.
 */

export interface PermissionSet {
  allow: readonly string[];
  deny: readonly string[];
}

/** A grant as the access API sends it (UserPermissions, EffectiveGrant): record-level ones carry resource_id. */
export interface GrantLike {
  resource: string;
  action: string;
  effect?: "allow" | "deny" | string;
  resource_id?: string | null;
}

export const EMPTY_PERMISSIONS: PermissionSet = { allow: [], deny: [] };

/** Does a granted pattern like `leads:*` or `*:*` cover `leads:read`? */
export function matchesPermission(pattern: string, needed: string): boolean {
  const [resource, action] = needed.split(":");
  const [r, a] = pattern.split(":");
  if (r === undefined || a === undefined) return false;
  return (r === "*" || r === resource) && (a === "*" || a === action);
}

/** Deny beats allow; with neither, the answer is no. */
export function decide(set: PermissionSet, needed: string): boolean {
  if (set.deny.some((d) => matchesPermission(d, needed))) return false;
  return set.allow.some((g) => matchesPermission(g, needed));
}

/**
 * Builds the set from what the server lists: plain `resource:action` strings (allows), strings
 * written `!resource:action` (denies), or grant objects with an effect. Grants for one record
 * (resource_id) do not decide page-level questions and are left out.
 */
export function toPermissionSet(items: ReadonlyArray<string | GrantLike>): PermissionSet {
  const allow = new Set<string>();
  const deny = new Set<string>();
  for (const item of items) {
    if (typeof item === "string") {
      if (item.startsWith("!")) deny.add(item.slice(1));
      else allow.add(item);
      continue;
    }
    if (item.resource_id) continue;
    const name = `${item.resource}:${item.action}`;
    if (item.effect === "deny") deny.add(name);
    else allow.add(name);
  }
  return { allow: [...allow], deny: [...deny] };
}

export type RoleMatch = "any" | "all";

export function hasRoles(held: readonly string[], wanted: string | readonly string[], mode: RoleMatch = "any"): boolean {
  const list = typeof wanted === "string" ? [wanted] : wanted;
  if (list.length === 0) return true;
  return mode === "all" ? list.every((r) => held.includes(r)) : list.some((r) => held.includes(r));
}

/** `resource:action` split for an access request; null when the text is not one. */
export function splitPermission(permission: string): { resource: string; action: string } | null {
  const [resource, action, ...rest] = permission.split(":");
  if (!resource || !action || rest.length > 0) return null;
  return { resource, action };
}
