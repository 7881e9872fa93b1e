/**
 * API key rules: at most 10 per user, permissions from the catalogue and never beyond the
 * creator's own, the secret shown once and stored as a SHA-256 hash (the key has 256 random bits,
 * so a fast hash is enough), expiry and deactivation, and usage figures. Keys cannot manage keys.
 */
import {
  API_KEY_PREFIX,
  API_KEY_RATE_LIMITS,
  API_PERMISSIONS,
  type ApiKey,
  type ApiKeyCreate,
  type ApiKeyCreated,
  type ApiKeyUpdate,
  type ApiKeyUsage,
  type FieldError,
  MAX_API_KEYS,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { hashSecretToken, newSecretToken } from "../../platform/crypto.ts";
import { AppError, validationError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { type ApiKeyActivityRow, type ApiKeyRow, activityBetween, createApiKeysRepository } from "./api-keys.repository.ts";

export type { ApiKeyActivityRow };

type Ctx = Pick<AppContext, "db" | "access" | "apiKeys">;

export const API_KEYS_INVALIDATE = "apikeys.invalidate";

export function toApiKey(row: ApiKeyRow, pending = 0): ApiKey {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    prefix: row.prefix,
    permissions: row.permissions,
    lastUsed: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    isActive: row.isActive,
    usageCount: row.totalRequests + pending,
  };
}

/**
 * Revokes (deletes) every API key of a user, for a password reset or a change that asks for it.
 * The caller then invalidates the user on the authenticator: the key lookups cached in any process
 * are dropped with the user's (api-keys.authenticator.ts listens to auth.invalidate).
 */
export async function revokeAllApiKeys(db: Db, userId: string): Promise<number> {
  return createApiKeysRepository(db).removeAllOfUser(userId);
}

export type ApiKeyRecord = ApiKeyRow;

/** A key by id, whoever owns it (a scheduled job re-checks the key that created it); null if deleted. */
export async function findApiKey(ctx: Pick<AppContext, "db">, id: string): Promise<ApiKeyRecord | null> {
  return createApiKeysRepository(ctx.db).byId(id);
}

function sessionOnly(auth: AuthContext) {
  if (auth.via !== "session") throw new AppError("API_KEY_SESSION_REQUIRED");
}

/** Unknown permissions and permissions the caller lacks, as field errors. */
async function checkPermissions(ctx: Ctx, auth: AuthContext, permissions: string[]): Promise<string[]> {
  const known = new Set(API_PERMISSIONS.map((p) => p.id));
  const errors: FieldError[] = [];
  const unique = [...new Set(permissions)];
  for (const [i, p] of unique.entries()) {
    if (!known.has(p)) {
      errors.push({ field: `permissions.${i}`, message: `Unknown permission "${p}"` });
      continue;
    }
    const [resource, action] = p.split(":") as [string, string];
    const d = await ctx.access.check(auth, resource, action);
    if (!d.allowed) errors.push({ field: `permissions.${i}`, message: `You do not have "${p}" yourself` });
  }
  if (errors.length > 0) throw new AppError("INVALID_PERMISSIONS", errors[0]?.message, { errors });
  return unique;
}

function parseExpiry(expiresAt: string | null | undefined): Date | null | undefined {
  if (expiresAt === undefined) return undefined;
  if (expiresAt === null) return null;
  const d = new Date(expiresAt);
  if (d.getTime() <= Date.now()) throw validationError([{ field: "expiresAt", message: "The expiry must be in the future" }]);
  return d;
}

async function find(ctx: Ctx, auth: AuthContext, id: string): Promise<ApiKeyRow> {
  const row = isUuid(id) ? await createApiKeysRepository(ctx.db).find(auth.userId, auth.workspaceId, id) : null;
  if (!row) throw new AppError("API_KEY_NOT_FOUND");
  return row;
}

export const apiKeyPermissions = () => [...API_PERMISSIONS];

export async function listApiKeys(ctx: Ctx, auth: AuthContext): Promise<ApiKey[]> {
  await ctx.apiKeys.usage.flush();
  return (await createApiKeysRepository(ctx.db).list(auth.userId, auth.workspaceId)).map((r) => toApiKey(r));
}

export async function createApiKey(ctx: Ctx, auth: AuthContext, input: ApiKeyCreate): Promise<ApiKeyCreated> {
  const repo = createApiKeysRepository(ctx.db);
  sessionOnly(auth);
  if ((await repo.count(auth.userId)) >= MAX_API_KEYS) throw new AppError("API_KEY_LIMIT_EXCEEDED");
  const permissions = await checkPermissions(ctx, auth, input.permissions);
  const key = newSecretToken(API_KEY_PREFIX);
  const row = await repo.insertWithin(MAX_API_KEYS, {
    workspaceId: auth.workspaceId,
    userId: auth.userId,
    name: input.name,
    description: input.description ?? null,
    prefix: key.slice(0, API_KEY_PREFIX.length + 8),
    keyHash: hashSecretToken(key),
    permissions,
    expiresAt: parseExpiry(input.expiresAt) ?? null,
  });
  if (!row) throw new AppError("API_KEY_LIMIT_EXCEEDED");
  return { ...toApiKey(row), key };
}

export async function updateApiKey(ctx: Ctx, auth: AuthContext, id: string, input: ApiKeyUpdate): Promise<ApiKey> {
  const repo = createApiKeysRepository(ctx.db);
  sessionOnly(auth);
  const row = await find(ctx, auth, id);
  const patch: Parameters<typeof repo.update>[1] = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.description !== undefined) patch.description = input.description;
  if (input.isActive !== undefined) patch.isActive = input.isActive;
  if (input.permissions !== undefined) patch.permissions = await checkPermissions(ctx, auth, input.permissions);
  const expiry = parseExpiry(input.expiresAt);
  if (expiry !== undefined) patch.expiresAt = expiry;
  const updated = Object.keys(patch).length > 0 ? await repo.update(row.id, patch) : row;
  await ctx.apiKeys.invalidate(row.keyHash);
  return toApiKey(updated ?? row);
}

export async function removeApiKey(ctx: Ctx, auth: AuthContext, id: string): Promise<void> {
  sessionOnly(auth);
  const row = await find(ctx, auth, id);
  await createApiKeysRepository(ctx.db).remove(row.id);
  await ctx.apiKeys.invalidate(row.keyHash);
}

export async function usageOfApiKeys(ctx: Ctx, auth: AuthContext, id?: string): Promise<ApiKeyUsage> {
  const repo = createApiKeysRepository(ctx.db);
  await ctx.apiKeys.usage.flush();
  const rows = id ? [await find(ctx, auth, id)] : await repo.list(auth.userId, auth.workspaceId);
  const now = new Date();
  const monthStart = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, "0")}-01`;
  const { thisMonth, top } = await repo.usage(
    rows.map((r) => r.id),
    monthStart,
  );
  const last = rows.reduce<Date | null>((acc, r) => (r.lastUsedAt && (!acc || r.lastUsedAt > acc) ? r.lastUsedAt : acc), null);
  return {
    totalRequests: rows.reduce((n, r) => n + r.totalRequests, 0),
    requestsThisMonth: thisMonth,
    lastRequestAt: last?.toISOString() ?? null,
    topEndpoints: top,
    rateLimits: { ...API_KEY_RATE_LIMITS },
  };
}

/**
 * Hourly per-address activity of every key (or these keys, or one workspace's; hours in [from, to)), for threat detection; the counts
 * still in this process's memory are written first.
 */
export async function apiKeyActivityBetween(
  ctx: Pick<AppContext, "db" | "apiKeys">,
  from: Date,
  to: Date,
  keyIds?: readonly string[],
  workspaceId?: string,
): Promise<ApiKeyActivityRow[]> {
  await ctx.apiKeys.usage.flush();
  return activityBetween(ctx.db, from, to, keyIds, workspaceId);
}
