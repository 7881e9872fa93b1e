/**
 * No self-escalation: nobody hands out (to a role, a team, a token, a policy, an access request)
 * a permission they do not hold themselves.
 */
import type { FieldError } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { matches, toGrant } from "./access.decide.ts";

type Ctx = Pick<AppContext, "access">;

/**
 * Each `resource:action` (wildcards taken literally, so `leads:*` needs `leads:*` or `*:*`) must
 * be allowed for the caller, and none of the caller's own deny grants may overlap it. Field
 * errors name each permission the caller lacks; the answer is 403 PERMISSION_ESCALATION.
 */
export async function requireHeld(
  ctx: Ctx,
  auth: AuthContext,
  permissions: string[],
  /** A list field (`scopes` → errors on `scopes.0`…), `{ single }` to report every error on one field (`role`), or a function of the index. */
  field: string | { single: string } | ((index: number) => string),
  resourceId?: string | null,
): Promise<void> {
  const s = await ctx.access.subject(auth.userId, auth.workspaceId);
  const denies = (s?.grants ?? []).filter((g) => g.effect === "deny");
  const errors: FieldError[] = [];
  const missing: string[] = [];
  for (const [i, p] of permissions.entries()) {
    const want = toGrant(p);
    const overlaps = denies.some(
      (d) =>
        (matches(d.resource, want.resource) || matches(want.resource, d.resource)) &&
        (matches(d.action, want.action) || matches(want.action, d.action)),
    );
    const held = !overlaps && (await ctx.access.evaluate(auth, want.resource, want.action, resourceId ?? undefined)).allowed;
    if (held) continue;
    missing.push(p);
    errors.push({
      field: typeof field === "string" ? `${field}.${i}` : typeof field === "function" ? field(i) : field.single,
      message: `You do not have "${p}" yourself`,
    });
  }
  if (errors.length) {
    throw new AppError("PERMISSION_ESCALATION", `You cannot grant a permission you do not hold: "${missing.join('", "')}"`, { errors });
  }
}
