/**
 * Domain verification (shell §4, §7): start (or get) a verification with what to publish, run the
 * check now, list, delete; and domain join: a new account whose email domain a workspace verified
 * joins it on sign-up when the workspace allows it (settings.allowDomainJoin).
 */
import { randomBytes } from "node:crypto";
import {
  DOMAIN_VERIFICATION_FILE_PATH,
  DOMAIN_VERIFICATION_PREFIX,
  type DomainInstructions,
  type DomainVerification,
  DomainVerifyRequest,
  RoleId,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/client.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { FREE_MAIL } from "../leads/index.ts";
import { metaTag, runCheck, txtValue } from "./workspace-domains.checks.ts";
import * as repo from "./workspace-domains.repository.ts";
import { requireWritable, workspaceCaller } from "./workspace-invites.access.ts";
import { afterJoin } from "./workspace-invites.service.ts";
import { recordActivitySafely } from "./workspaces.activity.ts";

type Ctx = AppContext;

/** How many domains one workspace may register. */
export const DOMAIN_LIMIT = 20;

function instructions(ctx: Pick<AppContext, "domainChecks">, row: repo.DomainRow): DomainInstructions {
  if (row.method === "dns") return { kind: "dns_txt", name: row.domain, value: txtValue(row.token) };
  if (row.method === "http_file") {
    return {
      kind: "http_file",
      name: DOMAIN_VERIFICATION_FILE_PATH,
      value: row.token,
      url: ctx.domainChecks.urlFor(row.domain, DOMAIN_VERIFICATION_FILE_PATH),
    };
  }
  return { kind: "meta_tag", name: DOMAIN_VERIFICATION_PREFIX, value: metaTag(row.token), url: ctx.domainChecks.urlFor(row.domain, "/") };
}

export function toVerification(ctx: Pick<AppContext, "domainChecks">, row: repo.DomainRow): DomainVerification {
  return {
    id: row.id,
    domain: row.domain,
    method: row.method,
    status: row.status,
    token: row.token,
    instructions: instructions(ctx, row),
    last_checked_at: row.lastCheckedAt?.toISOString() ?? null,
    last_error: row.lastError,
    verified_at: row.verifiedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** A free-mail domain (gmail.com, …) or a subdomain of one: people from anywhere have addresses there. */
const isFreeMail = (domain: string) => {
  const labels = domain.split(".");
  return labels.some((_, i) => FREE_MAIL.has(labels.slice(i).join(".")));
};

/**
 * Starts verifying a domain, or answers the workspace's existing record for it (with the method
 * switched when asked and not yet verified: the token stays, so whatever was published still counts).
 */
export async function startVerification(
  ctx: Ctx,
  auth: AuthContext,
  workspaceId: string,
  input: DomainVerifyRequest,
): Promise<{ verification: DomainVerification; created: boolean }> {
  const caller = await workspaceCaller(ctx, auth, workspaceId, "workspaces:update");
  requireWritable(caller);
  const { domain, method } = DomainVerifyRequest.parse(input);
  if (isFreeMail(domain))
    throw new AppError(
      "DOMAIN_FREE_MAIL",
      `${domain} is a free email provider's domain: people from anywhere use it, so it cannot be verified`,
    );
  const existing = await repo.findDomain(ctx.db, caller.workspace.id, domain);
  if (existing) {
    const row =
      existing.method !== method && existing.status !== "verified" ? await repo.updateDomain(ctx.db, existing.id, { method }) : existing;
    return { verification: toVerification(ctx, row), created: false };
  }
  if ((await repo.countDomains(ctx.db, caller.workspace.id)) >= DOMAIN_LIMIT) throw new AppError("DOMAIN_LIMIT_REACHED");
  const { row, created } = await repo.insertDomain(ctx.db, {
    workspaceId: caller.workspace.id,
    domain,
    method,
    token: randomBytes(16).toString("hex"),
    createdBy: auth.userId,
  });
  return { verification: toVerification(ctx, row), created };
}

/** Runs the check now and records its outcome: verified, or failed with the reason in plain words. */
export async function checkVerification(
  ctx: Ctx,
  auth: AuthContext,
  workspaceId: string,
  verificationId: string,
): Promise<DomainVerification> {
  const caller = await workspaceCaller(ctx, auth, workspaceId, "workspaces:update");
  const row = isUuid(verificationId) ? await repo.findDomainById(ctx.db, caller.workspace.id, verificationId) : null;
  if (!row) throw new AppError("DOMAIN_VERIFICATION_NOT_FOUND");
  const result = await runCheck(ctx.domainChecks, row.method, row.domain, row.token);
  const now = new Date();
  // A check reflects the domain now: a record that was removed un-verifies it (domain join stops).
  const updated = await repo.updateDomain(ctx.db, row.id, {
    status: result.ok ? "verified" : "failed",
    lastCheckedAt: now,
    lastError: result.ok ? null : result.error,
    verifiedAt: result.ok ? (row.verifiedAt ?? now) : null,
  });
  if (result.ok !== (row.status === "verified")) {
    await recordActivitySafely(ctx, {
      workspaceId: row.workspaceId,
      actorId: auth.userId,
      kind: result.ok ? "domain.verified" : "domain.unverified",
      subjectType: "domain",
      subjectId: row.id,
      summary: result.ok ? `${auth.name} verified the domain ${row.domain}` : `The domain ${row.domain} is no longer verified`,
      detail: { domain: row.domain, method: row.method, ...(result.ok ? {} : { error: result.error }) },
    });
  }
  return toVerification(ctx, updated);
}

export async function listVerifications(ctx: Ctx, auth: AuthContext, workspaceId: string): Promise<DomainVerification[]> {
  const caller = await workspaceCaller(ctx, auth, workspaceId, "workspaces:update");
  return (await repo.listDomains(ctx.db, caller.workspace.id)).map((row) => toVerification(ctx, row));
}

export async function deleteVerification(ctx: Ctx, auth: AuthContext, workspaceId: string, domain: string): Promise<void> {
  const caller = await workspaceCaller(ctx, auth, workspaceId, "workspaces:update");
  requireWritable(caller);
  const name = domain.trim().toLowerCase().replace(/\.$/, "");
  if (!(await repo.deleteDomain(ctx.db, caller.workspace.id, name))) throw new AppError("DOMAIN_NOT_FOUND");
  await recordActivitySafely(ctx, {
    workspaceId: caller.workspace.id,
    actorId: auth.userId,
    kind: "domain.removed",
    subjectType: "domain",
    subjectId: name,
    summary: `${auth.name} removed the domain ${name}`,
    detail: { domain: name },
  });
}

/**
 * On sign-up (identity.accountCreated, after organizations gave the account its own organization):
 * an address at a domain a workspace verified, on a workspace that allows domain join, joins it
 * with its domain_join_role (default viewer) and opens there. Only where sign-up proves the address
 * (SMTP configured: the account cannot sign in before confirming the mailed link); without SMTP
 * anyone could type anyone's address, so nobody joins by domain. Never fails the sign-up.
 */
export async function joinByDomain(ctx: Ctx, userId: string): Promise<void> {
  if (!ctx.config.SMTP_URL) return;
  try {
    const user = await repo.userForJoin(ctx.db, userId);
    if (!user) return;
    const domain = user.email.slice(user.email.lastIndexOf("@") + 1).toLowerCase();
    if (isFreeMail(domain)) return;
    const target = await repo.joinableWorkspace(ctx.db, domain);
    if (!target) return;
    const parsed = RoleId.safeParse(target.settings.domainJoinRole ?? "viewer");
    const role = parsed.success ? parsed.data : "viewer";
    const joined = await transaction(ctx.db, (tx) => repo.joinWorkspace(tx, target.workspaceId, user.id, role, target.settings.maxMembers));
    if (!joined) {
      ctx.log.info({ workspaceId: target.workspaceId }, "domain join skipped: the workspace is full");
      return;
    }
    await afterJoin(ctx, {
      workspaceId: target.workspaceId,
      userId: user.id,
      name: user.name,
      email: user.email,
      role,
      via: `domain ${domain}`,
    });
  } catch (err) {
    ctx.log.error({ err, userId }, "domain join failed; the account keeps its own workspace");
  }
}
