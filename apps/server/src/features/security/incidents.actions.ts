/**
 * Containment actions from an incident (docs/security-incidents.md, "Containment"): revoke a
 * member's sessions, disable one of the workspace's API keys, lock or unlock a member's account.
 * Each is executed for real through identity and api-keys, then written to the incident's
 * timeline (actor, target, result) and to the workspace's activity feed.
 */
import type { ContainmentAction, ContainmentResult, ContainmentTargets } from "@prospector/contracts";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/client.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { ensureAnotherAdmin } from "../access/index.ts";
import { activeWorkspaceApiKeys, disableWorkspaceApiKey, findWorkspaceApiKey } from "../api-keys/index.ts";
import { forgetUser, revokeUserSessions, setAccountLocked } from "../identity/index.ts";
import { recordActivitySafely } from "../workspaces/index.ts";
import * as repo from "./incidents.repository.ts";
import { getIncident } from "./incidents.service.ts";

type Ctx = Pick<AppContext, "db" | "log" | "authenticator" | "apiKeys">;
type Action = z.output<typeof ContainmentAction>;
type Target = ContainmentResult["target"];

async function requireMemberTarget(ctx: Ctx, workspaceId: string, userId: string): Promise<repo.MemberRow> {
  const member = await repo.findMember(ctx.db, workspaceId, userId);
  if (!member) throw new AppError("CONTAINMENT_TARGET_NOT_FOUND");
  return member;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

async function execute(ctx: Ctx, auth: AuthContext, action: Action): Promise<{ target: Target; result: string }> {
  const ws = auth.workspaceId;
  if (action.action === "disable_api_key") {
    const key = await findWorkspaceApiKey(ctx, ws, action.api_key_id);
    if (!key) throw new AppError("CONTAINMENT_TARGET_NOT_FOUND");
    const target: Target = { type: "api_key", id: key.id, label: `${key.name} (${key.prefix}…)` };
    if (!(await disableWorkspaceApiKey(ctx, ws, key.id))) throw new AppError("CONTAINMENT_NOOP", "This API key is already disabled");
    return { target, result: "API key disabled: refused from the next request on" };
  }
  const member = await requireMemberTarget(ctx, ws, action.user_id);
  const target: Target = { type: "user", id: member.id, label: `${member.name} <${member.email}>` };
  if (action.action === "revoke_sessions") {
    const n = await revokeUserSessions(ctx, member.id);
    return { target, result: `${plural(n, "session")} revoked` };
  }
  if (action.action === "lock_account") {
    if (member.id === auth.userId) throw new AppError("CONTAINMENT_SELF");
    if (member.isInstanceAdmin && !auth.isInstanceAdmin) throw new AppError("CONTAINMENT_INSTANCE_ADMIN");
    if (!member.isActive) throw new AppError("CONTAINMENT_NOOP", "This account is already locked");
    const { sessionsRevoked } = await transaction(ctx.db, async (tx) => {
      try {
        // Locks the admin rows: two concurrent locks cannot both leave the workspace without one.
        await ensureAnotherAdmin(tx, ws, member.id);
      } catch (err) {
        if (err instanceof AppError && err.code === "LAST_ADMIN") throw new AppError("CONTAINMENT_LAST_ADMIN");
        throw err;
      }
      return setAccountLocked(tx, member.id, true);
    });
    await forgetUser(ctx, member.id);
    return { target, result: `Account locked (sign-in, sessions and API keys refused); ${plural(sessionsRevoked, "session")} revoked` };
  }
  if (member.isInstanceAdmin && !auth.isInstanceAdmin) throw new AppError("CONTAINMENT_INSTANCE_ADMIN");
  const { changed } = await transaction(ctx.db, (tx) => setAccountLocked(tx, member.id, false));
  if (!changed) throw new AppError("CONTAINMENT_NOOP", "This account is not locked");
  await forgetUser(ctx, member.id);
  return { target, result: "Account unlocked: the member can sign in again" };
}

const ACTIVITY_KIND: Record<Action["action"], string> = {
  revoke_sessions: "security.sessions_revoked",
  disable_api_key: "security.api_key_disabled",
  lock_account: "security.account_locked",
  unlock_account: "security.account_unlocked",
};

export async function runContainment(ctx: Ctx, auth: AuthContext, incidentId: string, action: Action): Promise<ContainmentResult> {
  const incident = isUuid(incidentId) ? await repo.findIncident(ctx.db, auth.workspaceId, incidentId) : null;
  if (!incident) throw new AppError("INCIDENT_NOT_FOUND");
  if (incident.incident.status === "closed") throw new AppError("INCIDENT_CLOSED");
  const { target, result } = await execute(ctx, auth, action);
  await repo.insertEvents(ctx.db, {
    workspaceId: auth.workspaceId,
    incidentId,
    actorId: auth.userId,
    type: "action",
    detail: { action: action.action, target, result },
  });
  await recordActivitySafely(ctx, {
    workspaceId: auth.workspaceId,
    actorId: auth.userId,
    kind: ACTIVITY_KIND[action.action],
    subjectType: target.type,
    subjectId: target.id,
    summary: `${result} (${target.label}) from incident "${incident.incident.title}"`,
    detail: { incident_id: incidentId, action: action.action, result },
  });
  return { action: action.action, target, result, incident: await getIncident(ctx, auth, incidentId) };
}

/** What the containment dialog offers: members (locked ones marked) and the workspace's active keys with their owners. */
export async function containmentTargets(ctx: Pick<AppContext, "db">, auth: AuthContext): Promise<ContainmentTargets> {
  const [members, keys] = await Promise.all([repo.listMembers(ctx.db, auth.workspaceId), activeWorkspaceApiKeys(ctx, auth.workspaceId)]);
  const names = new Map(members.map((m) => [m.id, m.name]));
  return {
    members: members.map((m) => ({ id: m.id, name: m.name, email: m.email, role: m.role, locked: !m.isActive })),
    api_keys: keys.map((k) => ({
      id: k.id,
      name: k.name,
      prefix: k.prefix,
      owner: { id: k.userId, name: names.get(k.userId) ?? "Former member" },
      last_used_at: k.lastUsedAt?.toISOString() ?? null,
    })),
  };
}
