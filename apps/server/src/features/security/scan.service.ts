/**
 * The configuration scan (docs/security-incidents.md): gathers the workspace's and the instance's
 * facts, runs the checks live (GET), records a run with its results (POST) so the page shows the
 * score's history.
 */
import type { ScanHistory, ScanResult, ScanRunRecorded } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { isUuid } from "../../platform/ids.ts";
import { badCursor, decodeKeyset, encodeKeyset } from "../../platform/keyset-cursor.ts";
import { activeWorkspaceApiKeys } from "../api-keys/index.ts";
import { passwordPolicy } from "../identity/index.ts";
import { OLD_INVITE_DAYS, runChecks, type ScanFacts, scoreOf } from "./scan.checks.ts";
import * as repo from "./scan.repository.ts";

type Ctx = Pick<AppContext, "db" | "config">;

export async function gatherFacts(ctx: Ctx, workspaceId: string, now = new Date()): Promise<ScanFacts> {
  const [members, apiKeys, oldInvites, inboxesWithoutTls, instanceUsers] = await Promise.all([
    repo.activeMembers(ctx.db, workspaceId),
    activeWorkspaceApiKeys(ctx, workspaceId),
    repo.oldPendingInvites(ctx.db, workspaceId, new Date(now.getTime() - OLD_INVITE_DAYS * 86_400_000)),
    repo.inboxesWithoutTls(ctx.db, workspaceId),
    repo.countUsers(ctx.db),
  ]);
  const c = ctx.config;
  return {
    now,
    members,
    apiKeys,
    oldInvites,
    inboxesWithoutTls,
    passwordPolicy: passwordPolicy(c),
    smtpConfigured: Boolean(c.SMTP_URL),
    authSecret: c.AUTH_SECRET,
    metricsToken: c.METRICS_TOKEN,
    signupMode: c.SIGNUP_MODE,
    instanceUsers,
  };
}

export async function computeScan(ctx: Ctx, auth: AuthContext): Promise<ScanResult> {
  const facts = await gatherFacts(ctx, auth.workspaceId);
  const checks = runChecks(facts);
  return { score: scoreOf(checks), checks, computed_at: facts.now.toISOString() };
}

export async function recordScan(ctx: Ctx, auth: AuthContext): Promise<ScanRunRecorded> {
  const { score, checks } = await computeScan(ctx, auth);
  const count = (s: string) => checks.filter((c) => c.status === s).length;
  const row = await repo.insertScan(ctx.db, {
    workspaceId: auth.workspaceId,
    score,
    passed: count("pass"),
    warned: count("warn"),
    failed: count("fail"),
    checks,
    ranBy: auth.userId,
  });
  return {
    id: row.id,
    score,
    passed: row.passed,
    warned: row.warned,
    failed: row.failed,
    ran_by: { id: auth.userId, name: auth.name },
    created_at: row.createdAt.toISOString(),
    checks,
  };
}

export async function scanHistory(ctx: Ctx, auth: AuthContext, q: { limit: number; cursor?: string }): Promise<ScanHistory> {
  let after: repo.Keyset | null = null;
  if (q.cursor) {
    const [at, id] = decodeKeyset(q.cursor) ?? [];
    const createdAt = new Date(typeof at === "string" ? at : "");
    if (!id || !isUuid(id) || Number.isNaN(createdAt.getTime())) throw badCursor();
    after = { createdAt, id };
  }
  const rows = await repo.listScans(ctx.db, auth.workspaceId, q.limit + 1, after);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.id,
      score: r.score,
      passed: r.passed,
      warned: r.warned,
      failed: r.failed,
      ran_by: r.ranBy ? { id: r.ranBy, name: r.ranByName ?? "Former member" } : null,
      created_at: r.createdAt.toISOString(),
    })),
    next_cursor: rows.length > q.limit && last ? encodeKeyset(last.createdAt.toISOString(), last.id) : null,
  };
}
