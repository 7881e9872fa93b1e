/**
 * Invitations by email (shell §7): invite one address or a pasted list, list, cancel and resend;
 * the public preview of a link and accepting it (signed in with the invited address). The token is
 * random, mailed once and stored only as its sha256; an invite expires INVITE_EXPIRY_DAYS after its
 * last send.
 */
import {
  type BulkInviteRequest,
  type BulkInviteResult,
  INVITE_EXPIRY_DAYS,
  INVITE_RESEND_INTERVAL_SECONDS,
  type Invite,
  type InviteAcceptResult,
  type InvitePreview,
  InviteRequest,
  limitsFor,
  ROLES,
  RoleId,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/client.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { hashSecretToken, newSecretToken } from "../../platform/crypto.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { createNotification } from "../notifications/index.ts";
import { requireWritable, type WorkspaceCaller, workspaceCaller } from "./workspace-invites.access.ts";
import { inviteMail, roleLabel } from "./workspace-invites.mails.ts";
import * as repo from "./workspace-invites.repository.ts";
import { recordActivitySafely } from "./workspaces.activity.ts";

type Ctx = AppContext;

const DAY_MS = 86_400_000;
/** Time is read through here so tests can move the clock. */
export const clock = { now: () => new Date() };

const expiryFrom = (at: Date) => new Date(at.getTime() + INVITE_EXPIRY_DAYS * DAY_MS);

function statusOf(row: Pick<repo.InviteRow, "status" | "expiresAt">, now = clock.now()): Invite["status"] {
  return row.status === "pending" && row.expiresAt.getTime() <= now.getTime() ? "expired" : row.status;
}

export function toInvite(row: repo.InviteWithInviter): Invite {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    email: row.email,
    role: row.role,
    status: statusOf(row),
    invited_by: row.invitedBy ? { id: row.invitedBy, name: row.inviterName ?? "" } : null,
    expires_at: row.expiresAt.toISOString(),
    send_count: row.sendCount,
    last_sent_at: row.lastSentAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    accepted_at: row.acceptedAt?.toISOString() ?? null,
  };
}

/** "jane@acme.com" → "j…@acme.com": enough to recognise the address, not to harvest it. */
const maskEmail = (email: string) => {
  const at = email.lastIndexOf("@");
  return `${email.slice(0, 1)}…${email.slice(at)}`;
};

/** The role must exist, and a non-admin may not hand out a role above theirs or permissions they lack. */
async function requireGrantableRole(ctx: Ctx, caller: WorkspaceCaller, roleId: string): Promise<RoleId> {
  const parsed = RoleId.safeParse(roleId);
  if (!parsed.success) {
    throw new AppError("ROLE_UNKNOWN", `The role "${roleId}" does not exist. Roles: ${RoleId.options.join(", ")}`, {
      errors: [{ field: "roleId", message: `Choose one of: ${RoleId.options.join(", ")}` }],
    });
  }
  const role = parsed.data;
  const mine = RoleId.safeParse(caller.auth.role);
  const myRole: RoleId = mine.success ? mine.data : "viewer";
  if (myRole === "admin") return role;
  if (ROLES[role].priority > ROLES[myRole].priority) {
    throw new AppError("ROLE_ABOVE_OWN", `You cannot invite someone as ${ROLES[role].label}: it is above your own role`);
  }
  const missing: string[] = [];
  for (const g of await repo.roleAllows(ctx.db, caller.workspace.organizationId, role)) {
    if (!(await ctx.access.evaluate(caller.auth, g.resource, g.action)).allowed) missing.push(`${g.resource}:${g.action}`);
  }
  if (missing.length) {
    throw new AppError(
      "PERMISSION_ESCALATION",
      `The ${ROLES[role].label} role has permissions you do not hold yourself: ${missing.slice(0, 5).join(", ")}${missing.length > 5 ? "…" : ""}`,
    );
  }
  return role;
}

function inviteLink(ctx: Ctx, token: string): string {
  return `${ctx.config.publicUrl}/invite/${token}`;
}

async function sendInviteMail(ctx: Ctx, caller: WorkspaceCaller, row: repo.InviteRow, token: string): Promise<void> {
  await ctx.mailer.send({
    to: row.email,
    kind: "invite",
    workspaceId: row.workspaceId,
    ...inviteMail({ inviterName: caller.auth.name, workspaceName: caller.workspace.name, role: row.role, link: inviteLink(ctx, token) }),
  });
}

/**
 * One invitation in its own transaction (the workspace row locked while seats are counted), so a
 * refused address leaves nothing behind. The mail is queued after the commit.
 */
async function inviteOne(ctx: Ctx, caller: WorkspaceCaller, input: { email: string; roleId: string }): Promise<Invite> {
  const role = await requireGrantableRole(ctx, caller, input.roleId);
  const email = input.email;
  const workspaceId = caller.workspace.id;
  const token = newSecretToken();
  const now = clock.now();
  const row = await transaction(ctx.db, async (tx) => {
    const ws = await repo.lockWorkspace(tx, workspaceId);
    if (!ws) throw new AppError("WORKSPACE_NOT_FOUND");
    if (await repo.memberByEmail(tx, workspaceId, email)) throw new AppError("INVITE_ALREADY_MEMBER");
    const pending = await repo.pendingInviteFor(tx, workspaceId, email);
    if (pending && pending.expiresAt.getTime() > now.getTime()) throw new AppError("INVITE_PENDING_EXISTS");
    // An expired invite to the same address is renewed in place (the one-pending-per-address rule).
    if ((await repo.workspaceSeats(tx, workspaceId, now)) >= ws.settings.maxMembers) {
      throw new AppError(
        "WORKSPACE_MEMBER_LIMIT",
        `This workspace has reached its member limit (${ws.settings.maxMembers}, open invitations included)`,
      );
    }
    const planSeats = limitsFor(ws.plan).members;
    if (planSeats !== null && (await repo.organizationSeats(tx, ws.organizationId, now)) >= planSeats) {
      throw new AppError(
        "INVITE_SEATS_EXHAUSTED",
        `Your plan's ${planSeats} member seats are all taken (open invitations included): upgrade the plan or remove a member first`,
      );
    }
    const values = {
      role,
      tokenHash: hashSecretToken(token),
      invitedBy: caller.auth.userId,
      expiresAt: expiryFrom(now),
      sendCount: 1,
      lastSentAt: now,
    };
    return pending
      ? repo.updateInvite(tx, pending.id, { ...values, createdAt: now })
      : repo.insertInvite(tx, { workspaceId, email, ...values, createdAt: now });
  });
  await sendInviteMail(ctx, caller, row, token);
  await recordActivitySafely(ctx, {
    workspaceId,
    actorId: caller.auth.userId,
    kind: "invite.sent",
    subjectType: "invite",
    subjectId: row.id,
    summary: `${caller.auth.name} invited ${email} as ${roleLabel(role)}`,
    detail: { email, role },
  });
  return toInvite({ ...row, inviterName: caller.auth.name });
}

export async function invite(ctx: Ctx, auth: AuthContext, workspaceId: string, input: InviteRequest): Promise<Invite> {
  const caller = await workspaceCaller(ctx, auth, workspaceId, "team:create");
  requireWritable(caller);
  return inviteOne(ctx, caller, InviteRequest.parse(input));
}

/** Each address on its own: the bad ones are reported with their reason, the good ones sent. */
export async function inviteBulk(ctx: Ctx, auth: AuthContext, workspaceId: string, input: BulkInviteRequest): Promise<BulkInviteResult> {
  const caller = await workspaceCaller(ctx, auth, workspaceId, "team:create");
  requireWritable(caller);
  const sent: Invite[] = [];
  const failed: BulkInviteResult["failed"] = [];
  const seen = new Set<string>();
  for (const item of input.invites) {
    const parsed = InviteRequest.safeParse(item);
    const shown = String(item.email ?? "").trim();
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const onEmail = issue?.path[0] === "email";
      failed.push({
        email: shown,
        code: onEmail ? "INVITE_INVALID_EMAIL" : "VALIDATION_FAILED",
        message: onEmail ? "Not a valid email address" : (issue?.message ?? "Invalid value"),
      });
      continue;
    }
    if (seen.has(parsed.data.email)) {
      failed.push({ email: parsed.data.email, code: "INVITE_DUPLICATE_EMAIL", message: "This address is listed more than once" });
      continue;
    }
    seen.add(parsed.data.email);
    try {
      sent.push(await inviteOne(ctx, caller, parsed.data));
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      failed.push({ email: parsed.data.email, code: err.code, message: err.message });
    }
  }
  return { sent, failed };
}

export async function listInvites(ctx: Ctx, auth: AuthContext, workspaceId: string, q: { limit: number; skip: number }): Promise<Invite[]> {
  const caller = await workspaceCaller(ctx, auth, workspaceId, "team:read");
  return (await repo.listInvites(ctx.db, caller.workspace.id, q)).map(toInvite);
}

async function requireInvite(ctx: Ctx, workspaceId: string, inviteId: string) {
  const row = isUuid(inviteId) ? await repo.findInvite(ctx.db, workspaceId, inviteId) : null;
  if (!row) throw new AppError("INVITE_NOT_FOUND");
  return row;
}

export async function cancelInvite(ctx: Ctx, auth: AuthContext, workspaceId: string, inviteId: string): Promise<Invite> {
  const caller = await workspaceCaller(ctx, auth, workspaceId, "team:create");
  requireWritable(caller);
  const row = await requireInvite(ctx, caller.workspace.id, inviteId);
  if (row.status !== "pending")
    throw new AppError("INVITE_NOT_PENDING", `This invitation is ${row.status}: only a pending one can be cancelled`);
  const updated = await transaction(ctx.db, (tx) => repo.updateInvite(tx, row.id, { status: "cancelled" }));
  await recordActivitySafely(ctx, {
    workspaceId: row.workspaceId,
    actorId: auth.userId,
    kind: "invite.cancelled",
    subjectType: "invite",
    subjectId: row.id,
    summary: `${auth.name} cancelled the invitation of ${row.email}`,
    detail: { email: row.email },
  });
  return toInvite({ ...updated, inviterName: row.inviterName });
}

/** A new token (the old link stops working), a new 7 days, and the mail again; once a minute at most. */
export async function resendInvite(ctx: Ctx, auth: AuthContext, workspaceId: string, inviteId: string): Promise<Invite> {
  const caller = await workspaceCaller(ctx, auth, workspaceId, "team:create");
  requireWritable(caller);
  const row = await requireInvite(ctx, caller.workspace.id, inviteId);
  if (row.status !== "pending")
    throw new AppError("INVITE_NOT_PENDING", `This invitation is ${row.status}: only a pending one can be resent`);
  const now = clock.now();
  const wait = Math.ceil((row.lastSentAt.getTime() + INVITE_RESEND_INTERVAL_SECONDS * 1000 - now.getTime()) / 1000);
  if (wait > 0) {
    throw new AppError("INVITE_RESEND_TOO_SOON", `This invitation was sent moments ago. Try again in ${wait} s.`, { retryAfter: wait });
  }
  const token = newSecretToken();
  const updated = await transaction(ctx.db, async (tx) => {
    const locked = await repo.lockInvite(tx, row.id);
    if (locked?.status !== "pending") throw new AppError("INVITE_NOT_PENDING");
    return repo.updateInvite(tx, row.id, {
      tokenHash: hashSecretToken(token),
      expiresAt: expiryFrom(now),
      sendCount: locked.sendCount + 1,
      lastSentAt: now,
    });
  });
  await sendInviteMail(ctx, caller, updated, token);
  await recordActivitySafely(ctx, {
    workspaceId: row.workspaceId,
    actorId: auth.userId,
    kind: "invite.resent",
    subjectType: "invite",
    subjectId: row.id,
    summary: `${auth.name} sent the invitation to ${row.email} again`,
    detail: { email: row.email, send_count: updated.sendCount },
  });
  return toInvite({ ...updated, inviterName: row.inviterName });
}

/** The invite behind a link, refused when it can no longer be used. */
async function usableInvite(ctx: Pick<AppContext, "db">, token: string, acceptingUserId?: string) {
  const found = token.length >= 20 && token.length <= 200 ? await repo.findInviteByTokenHash(ctx.db, hashSecretToken(token)) : null;
  if (!found) throw new AppError("INVITE_NOT_FOUND", "This invitation link is not valid. Check that you copied the whole link.");
  const { invite: row } = found;
  if (row.status === "cancelled") throw new AppError("INVITE_CANCELLED");
  if (row.status === "accepted" && !(acceptingUserId && row.acceptedBy === acceptingUserId)) throw new AppError("INVITE_ALREADY_ACCEPTED");
  if (statusOf(row) === "expired") {
    throw new AppError(
      "INVITE_EXPIRED",
      `This invitation expired on ${row.expiresAt.toISOString().slice(0, 10)}. Ask ${found.inviterName ?? "the person who invited you"} to send a new one.`,
    );
  }
  return found;
}

/** Sign-up with an invitation token (identity.inviteForSignUp): a usable invitation to exactly this address. */
export async function inviteForSignUp(ctx: Pick<AppContext, "db">, token: string, email: string): Promise<boolean> {
  try {
    const { invite: row } = await usableInvite(ctx, token);
    return row.status === "pending" && row.email === email.trim().toLowerCase();
  } catch (err) {
    if (err instanceof AppError) return false;
    throw err;
  }
}

export async function previewInvite(ctx: Pick<AppContext, "db">, token: string): Promise<InvitePreview> {
  const { invite: row, inviterName, workspaceName } = await usableInvite(ctx, token);
  return {
    workspace_name: workspaceName,
    inviter_name: inviterName,
    email: row.email,
    role: row.role,
    expires_at: row.expiresAt.toISOString(),
    status: statusOf(row),
    account_exists: Boolean(await repo.userByEmail(ctx.db, row.email)),
  };
}

/**
 * Joins the workspace with the invited role. Accepting twice gives one membership (the second
 * answers joined: false). An account created after the invitation was sent (signed up through the
 * link) gets the workspace as its default, so it opens there instead of in its own new organization.
 */
export async function acceptInvite(ctx: Ctx, auth: AuthContext, token: string): Promise<InviteAcceptResult> {
  const { invite: found, workspaceName, workspaceArchivedAt } = await usableInvite(ctx, token, auth.userId);
  if (workspaceArchivedAt && found.status === "pending") {
    throw new AppError("WORKSPACE_ARCHIVED", `The workspace "${workspaceName}" is archived: ask whoever invited you to restore it first`);
  }
  const user = await repo.userById(ctx.db, auth.userId);
  if (!user) throw new AppError("UNAUTHENTICATED");
  if (user.email.toLowerCase() !== found.email) {
    throw new AppError(
      "INVITE_EMAIL_MISMATCH",
      `This invitation was sent to ${maskEmail(found.email)}; you are signed in as ${user.email}. Sign in with the invited address.`,
    );
  }
  const now = clock.now();
  const createdThroughInvite = user.createdAt.getTime() >= found.createdAt.getTime();
  const { joined, role } = await transaction(ctx.db, async (tx) => {
    const row = await repo.lockInvite(tx, found.id);
    if (!row) throw new AppError("INVITE_NOT_FOUND");
    if (row.status === "accepted") return { joined: false, role: row.role };
    if (row.status !== "pending") throw new AppError("INVITE_CANCELLED");
    const added = await repo.addMember(tx, row.workspaceId, auth.userId, row.role);
    await repo.updateInvite(tx, row.id, { status: "accepted", acceptedAt: now, acceptedBy: auth.userId });
    if (createdThroughInvite) await repo.setDefaultWorkspace(tx, auth.userId, row.workspaceId);
    return { joined: added, role: row.role };
  });
  if (joined)
    await afterJoin(ctx, {
      workspaceId: found.workspaceId,
      userId: auth.userId,
      name: user.name,
      email: user.email,
      role,
      invitedBy: found.invitedBy,
      inviteId: found.id,
    });
  return { workspace_id: found.workspaceId, workspace_name: workspaceName, role, joined };
}

/** After a join has committed: caches, the feed, the inviter's notification and the team's sockets. */
export async function afterJoin(
  ctx: Ctx,
  e: {
    workspaceId: string;
    userId: string;
    name: string;
    email: string;
    role: string;
    invitedBy?: string | null;
    inviteId?: string;
    via?: string;
  },
): Promise<void> {
  await Promise.all([ctx.authenticator.invalidate(e.userId), ctx.access.invalidate({ userId: e.userId, workspaceId: e.workspaceId })]);
  await recordActivitySafely(ctx, {
    workspaceId: e.workspaceId,
    actorId: e.userId,
    kind: "member.joined",
    subjectType: "user",
    subjectId: e.userId,
    summary: `${e.name} joined as ${roleLabel(e.role)}${e.via ? ` (${e.via})` : ""}`,
    detail: { email: e.email, role: e.role, ...(e.inviteId ? { invite_id: e.inviteId } : {}), ...(e.via ? { via: e.via } : {}) },
  });
  try {
    if (e.invitedBy) {
      await createNotification(ctx, {
        workspaceId: e.workspaceId,
        userId: e.invitedBy,
        type: "success",
        title: "Invitation accepted",
        message: `${e.name} (${e.email}) accepted your invitation and joined as ${roleLabel(e.role)}.`,
        link: "/team/members",
      });
    }
    await ctx.realtime.toWorkspace(e.workspaceId, "team.member_joined", {
      workspace_id: e.workspaceId,
      user_id: e.userId,
      name: e.name,
      status: "online",
    });
  } catch (err) {
    // The membership is committed; a lost notification must not turn the join into an error.
    ctx.log.warn({ err, workspaceId: e.workspaceId }, "member joined: notification or realtime event failed");
  }
}
