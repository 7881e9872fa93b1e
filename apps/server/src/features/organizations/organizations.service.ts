/**
 * Creating an organization: its default workspace and the owner as admin, and (through the
 * "organizations.created" hook, in the same transaction) the role permissions the access feature
 * seeds. One transaction: all of it exists, or none. New accounts get their organization here.
 */
import type { AppContext } from "../../context.ts";
import { type Db, transaction } from "../../db/client.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import type { Membership, WorkspacePlace } from "../identity/index.ts";
import "./organizations.hooks.ts";
import * as repo from "./organizations.repository.ts";

/** What creating an organization needs: the database and the hooks of the features above. */
type OrgCtx = Pick<AppContext, "db" | "hooks">;

export const DEFAULT_WORKSPACE_SETTINGS = { timezone: "UTC", maxMembers: 10, features: ["campaigns", "leads", "analytics"] };

async function createInTransaction(ctx: OrgCtx, tx: Db, opts: { ownerId: string; name: string }) {
  const created = await repo.insertOrganizationWithOwner(tx, { ...opts, settings: DEFAULT_WORKSPACE_SETTINGS });
  await ctx.hooks.run("organizations.created", {
    tx,
    organizationId: created.organizationId,
    workspaceId: created.workspaceId,
    ownerId: opts.ownerId,
  });
  return created;
}

export async function createOrganizationForOwner(
  ctx: OrgCtx,
  opts: { ownerId: string; name: string },
): Promise<{ organizationId: string; workspaceId: string }> {
  return transaction(ctx.db, (tx) => createInTransaction(ctx, tx, opts));
}

/**
 * Gives a newly created account its place: its own organization with a default workspace where it
 * is admin, and instance admin when it is the instance's first account. Every sign-up and every
 * new single-sign-on user gets a fresh organization (joining an existing one is by invitation).
 * Idempotent: a user who already has a workspace is left alone, so a retry after a crash between
 * "user created" and "organization created" completes the job instead of duplicating it.
 */
export async function provisionAccount(
  ctx: OrgCtx,
  opts: { userId: string; name: string },
): Promise<{ organizationId: string; workspaceId: string; isFirstUser: boolean } | null> {
  return transaction(ctx.db, async (tx) => {
    // Serializes concurrent sign-ups so exactly one of them can become the first (instance) admin.
    await repo.advisoryXactLock(tx, PROVISION_LOCK_KEY);
    const user = await repo.userPlace(tx, opts.userId);
    if (!user || user.defaultWorkspaceId) return null;
    const isFirstUser = !(await repo.anyInstanceAdmin(tx));
    if (isFirstUser) await repo.makeInstanceAdmin(tx, opts.userId);
    const created = await createInTransaction(ctx, tx, { ownerId: opts.userId, name: organizationName(opts.name) });
    return { ...created, isFirstUser };
  });
}

/** An arbitrary constant naming the provisioning lock among PostgreSQL advisory locks. */
const PROVISION_LOCK_KEY = 724_310_001;

function organizationName(ownerName: string): string {
  const first = ownerName.trim().split(/\s+/)[0] || ownerName.trim();
  return first ? `${first}'s organization` : "My organization";
}

/** The member's role in a workspace and its organization (the session authenticator asks). */
export function membershipOf(ctx: Pick<AppContext, "db">, userId: string, workspaceId: string): Promise<Membership | null> {
  return repo.membership(ctx.db, userId, workspaceId);
}

/** A workspace with its organization's name and plan (GET /api/auth/me). */
export function workspacePlace(ctx: Pick<AppContext, "db">, workspaceId: string): Promise<WorkspacePlace | null> {
  return repo.workspaceWithOrganization(ctx.db, workspaceId);
}

/**
 * A workspace the caller may address by id: it belongs to their organization and they are an
 * active member of it. Anything else is "Workspace not found".
 */
export async function requireMemberWorkspace(
  ctx: Pick<AppContext, "db">,
  auth: Pick<AuthContext, "userId" | "organizationId">,
  workspaceId: string,
) {
  if (!isUuid(workspaceId)) throw new AppError("WORKSPACE_NOT_FOUND");
  const row = await repo.memberWorkspace(ctx.db, auth.userId, auth.organizationId, workspaceId);
  if (!row) throw new AppError("WORKSPACE_NOT_FOUND");
  return row;
}
