/**
 * Scoped, expiring access tokens (/rbac/tokens): a member hands a script a bearer token that
 * can do at most its scopes and at most what the member can do, in one workspace, until it
 * expires or is revoked. The raw token is shown once; only its sha256 is stored.
 */
import {
  ACCESS_TOKEN_PREFIX,
  type AccessToken,
  type AccessTokenCreate,
  type AccessTokenCreated,
  type AccessTokenPage,
  MAX_ACCESS_TOKENS,
  type TokenValidateResult,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/client.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { hashSecretToken, newSecretToken } from "../../platform/crypto.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { requireHeld } from "./access.escalation.ts";
import { insertAudit } from "./access.repository.ts";
import * as repo from "./access-tokens.repository.ts";

type Ctx = Pick<AppContext, "db" | "access" | "bus" | "accessTokenCache">;

/** Drops a revoked token's cached lookup in every process (access-tokens.authenticator.ts). */
export const ACCESS_TOKENS_INVALIDATE = "access.tokens.invalidate";
/** Characters of the raw token kept to tell tokens apart in a list ("pat_" and 8 more). */
const PREFIX_LENGTH = ACCESS_TOKEN_PREFIX.length + 8;

const tokenOut = (r: repo.AccessTokenRow): AccessToken => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  scopes: r.scopes,
  expires_at: r.expiresAt.toISOString(),
  revoked_at: r.revokedAt?.toISOString() ?? null,
  last_used_at: r.lastUsedAt?.toISOString() ?? null,
  created_at: r.createdAt.toISOString(),
});

export async function createToken(ctx: Ctx, auth: AuthContext, input: AccessTokenCreate): Promise<AccessTokenCreated> {
  const scopes = [...new Set(input.scopes)];
  // A token carries only what its maker holds (policies included, as of now).
  await requireHeld(ctx, auth, scopes, "scopes");
  const token = newSecretToken(ACCESS_TOKEN_PREFIX);
  const now = new Date();
  const row = await transaction(ctx.db, async (tx) => {
    if ((await repo.countActive(tx, auth.workspaceId, auth.userId, now)) >= MAX_ACCESS_TOKENS) throw new AppError("ACCESS_TOKEN_LIMIT");
    const created = await repo.insertToken(tx, {
      workspaceId: auth.workspaceId,
      userId: auth.userId,
      name: input.name,
      tokenHash: hashSecretToken(token),
      prefix: token.slice(0, PREFIX_LENGTH),
      scopes,
      expiresAt: new Date(now.getTime() + input.expires_in_days * 86_400_000),
    });
    await insertAudit(tx, [
      {
        workspaceId: auth.workspaceId,
        userId: auth.userId,
        event: "access_token_created",
        resource: "access_token",
        action: "create",
        resourceId: created.id,
        result: "ok",
        reason: created.name,
        detail: { scopes, expires_at: created.expiresAt.toISOString() },
      },
    ]);
    return created;
  });
  return { ...tokenOut(row), token };
}

export async function listTokens(
  ctx: Ctx,
  auth: AuthContext,
  q: { page: number; per_page: number; active?: boolean },
): Promise<AccessTokenPage> {
  const { items, total } = await repo.pageTokens(ctx.db, {
    workspaceId: auth.workspaceId,
    userId: auth.userId,
    page: q.page,
    perPage: q.per_page,
    active: q.active,
    now: new Date(),
  });
  return { items: items.map(tokenOut), total, page: q.page, per_page: q.per_page };
}

/**
 * Says whether a raw token works now and, if it does, only the documented fields: whose it is,
 * for which workspace, its scopes and expiry. A revoked or expired token tells nothing more.
 */
export async function validateToken(ctx: Ctx, raw: string): Promise<TokenValidateResult> {
  const row = raw.startsWith(ACCESS_TOKEN_PREFIX) ? await repo.findByHash(ctx.db, hashSecretToken(raw)) : null;
  if (!row) return { valid: false, reason: "unknown" };
  if (row.revokedAt) return { valid: false, reason: "revoked" };
  if (row.expiresAt.getTime() <= Date.now()) return { valid: false, reason: "expired" };
  return { valid: true, user_id: row.userId, workspace_id: row.workspaceId, scopes: row.scopes, expires_at: row.expiresAt.toISOString() };
}

/** Your own tokens; someone else's in the workspace with team:update. Others' and unknown ids are 404. */
export async function revokeToken(ctx: Ctx, auth: AuthContext, id: string): Promise<void> {
  const row = isUuid(id) ? await repo.findToken(ctx.db, auth.workspaceId, id) : null;
  if (!row) throw new AppError("ACCESS_TOKEN_NOT_FOUND");
  if (row.userId !== auth.userId) {
    const d = await ctx.access.evaluate(auth, "team", "update");
    if (!d.allowed) throw new AppError("ACCESS_TOKEN_NOT_FOUND");
  }
  await transaction(ctx.db, async (tx) => {
    const revoked = await repo.revokeToken(tx, auth.workspaceId, id, new Date());
    if (!revoked) throw new AppError("ACCESS_TOKEN_NOT_FOUND");
    if (!row.revokedAt) {
      await insertAudit(tx, [
        {
          workspaceId: auth.workspaceId,
          userId: auth.userId,
          event: "access_token_revoked",
          resource: "access_token",
          action: "delete",
          resourceId: id,
          result: "ok",
          reason: row.name,
          detail: { owner: row.userId },
        },
      ]);
    }
  });
  // This process forgets the token before answering; the others when the bus message arrives
  // (at once in memory, a round trip through Redis), not when their cached lookup expires.
  ctx.accessTokenCache.forget(row.tokenHash);
  await ctx.bus.publish(ACCESS_TOKENS_INVALIDATE, { tokenHash: row.tokenHash });
}
