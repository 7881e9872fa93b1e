/**
 * Data-subject requests (docs/compliance.md): an export of everything the workspace holds about a
 * lead or a member, and the erasure of a lead's personal data everywhere, both as a job with
 * progress. A request row keeps only the salted hash of the address, never the address itself.
 */
import fs from "node:fs/promises";
import path from "node:path";
import type {
  ComplianceErasureInput,
  ComplianceExportInput,
  ComplianceRequest,
  ComplianceRequestListQuery,
  ComplianceRequestPage,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/client.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { badCursor, decodeKeyset, encodeKeyset } from "../../platform/keyset-cursor.ts";
import { ensureAnotherAdmin, eraseGrantsOfUser } from "../access/index.ts";
import { eraseTwoFactorOfUser } from "../account-security/index.ts";
import { eraseApiKeysOfUser } from "../api-keys/index.ts";
import { eraseExportsContaining } from "../data-exports/index.ts";
import { eraseAccountIdentity, forgetUser, revokeUserSessions } from "../identity/index.ts";
import { bulkDelete } from "../leads/index.ts";
import { eraseNotificationsOfUser } from "../notifications/index.ts";
import { eraseMembership, membershipCount } from "../organizations/index.ts";
import { eraseSignInEventsOfUser } from "../security/index.ts";
import { addToSuppressionList, suppressedAmong, suppressionHash } from "../suppression/index.ts";
import { eraseSettingsOfUser, removeProfilePictureFile } from "../user-settings/index.ts";
import { recordActivity } from "../workspaces/index.ts";
import * as repo from "./compliance.repository.ts";
import * as data from "./subject-data.repository.ts";
import * as members from "./user-erasure.repository.ts";

export const REQUEST_JOB = "compliance.request";
type Ctx = Pick<AppContext, "db" | "config" | "hooks" | "jobs" | "log" | "authenticator">;

/** Tables the person-search leaves alone: the request log itself (hashes only) and the suppression list (handled on its own). */
const SKIP = ["compliance_requests", "suppressions"] as const;

export function toRequest(r: repo.RequestRow): ComplianceRequest {
  return {
    id: r.id,
    kind: r.kind,
    subject_type: r.subjectType,
    subject_hash: r.subjectHash,
    requested_by: r.requestedBy,
    requested_by_name: r.requestedByName ?? null,
    status: r.status,
    progress: r.progress,
    counts: r.counts,
    error: r.error,
    downloadable: r.kind === "export" && r.status === "completed" && Boolean(r.filePath),
    downloaded_at: r.downloadedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
    completed_at: r.completedAt?.toISOString() ?? null,
  };
}

export async function listRequests(ctx: Ctx, workspaceId: string, q: ComplianceRequestListQuery): Promise<ComplianceRequestPage> {
  let after: { at: Date; id: string } | null = null;
  if (q.cursor) {
    const k = decodeKeyset(q.cursor);
    if (!k || typeof k[0] !== "number") throw badCursor();
    after = { at: new Date(k[0]), id: k[1] };
  }
  const rows = await repo.listRequests(ctx.db, workspaceId, after, q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map(toRequest),
    next_cursor: rows.length > q.limit && last ? encodeKeyset(last.createdAt.getTime(), last.id) : null,
  };
}

async function findRequest(ctx: Ctx, workspaceId: string, id: string): Promise<repo.RequestRow> {
  const row = isUuid(id) ? await repo.findRequest(ctx.db, workspaceId, id) : undefined;
  if (!row) throw new AppError("COMPLIANCE_REQUEST_NOT_FOUND");
  return row;
}

export async function getRequest(ctx: Ctx, workspaceId: string, id: string): Promise<ComplianceRequest> {
  return toRequest(await findRequest(ctx, workspaceId, id));
}

/** Resolves the subject: a lead by id (404 when it is not this workspace's) or by address, or a member. */
async function resolveSubject(
  ctx: Ctx,
  workspaceId: string,
  input: { subject_type: string; lead_id?: string; email?: string; user_id?: string },
) {
  if (input.subject_type === "user") {
    const user = input.user_id && isUuid(input.user_id) ? await repo.memberOf(ctx.db, workspaceId, input.user_id) : undefined;
    if (!user) throw new AppError("COMPLIANCE_SUBJECT_NOT_FOUND");
    return { type: "user" as const, id: user.id, email: user.email, leads: [] as repo.LeadSubject[] };
  }
  if (input.lead_id) {
    const found = isUuid(input.lead_id) ? await repo.leadsById(ctx.db, workspaceId, input.lead_id) : [];
    const lead = found[0];
    if (!lead) throw new AppError("COMPLIANCE_SUBJECT_NOT_FOUND");
    // Every lead row with the same address is the same person.
    const same = lead.email ? await repo.leadsByEmail(ctx.db, workspaceId, lead.email) : [lead];
    return { type: "lead" as const, id: lead.id, email: lead.email, leads: same.length ? same : [lead] };
  }
  const email = (input.email ?? "").trim().toLowerCase();
  const found = await repo.leadsByEmail(ctx.db, workspaceId, email);
  if (found.length === 0) throw new AppError("COMPLIANCE_SUBJECT_NOT_FOUND");
  return { type: "lead" as const, id: found[0]?.id ?? null, email, leads: found };
}

export async function requestExport(ctx: Ctx, auth: AuthContext, input: ComplianceExportInput): Promise<ComplianceRequest> {
  const subject = await resolveSubject(ctx, auth.workspaceId, input);
  const row = await repo.insertRequest(ctx.db, {
    workspaceId: auth.workspaceId,
    kind: "export",
    subjectType: subject.type,
    subjectHash: suppressionHash(auth.workspaceId, subject.email ?? subject.id ?? ""),
    subjectId: subject.id,
    requestedBy: auth.userId,
  });
  await ctx.jobs.send(REQUEST_JOB, { requestId: row.id, workspaceId: auth.workspaceId });
  return toRequest({ ...row, requestedByName: auth.name });
}

/**
 * A member may be erased unless they are the caller, the instance administrator, the workspace's
 * owner (ownership is transferred first) or its last active administrator.
 */
async function assertMemberErasable(db: Ctx["db"], workspaceId: string, userId: string, callerId: string | null): Promise<void> {
  if (userId === callerId) throw new AppError("COMPLIANCE_ERASE_SELF");
  const standing = await members.memberStanding(db, workspaceId, userId);
  if (!standing) throw new AppError("COMPLIANCE_SUBJECT_NOT_FOUND");
  if (standing.is_instance_admin) throw new AppError("COMPLIANCE_ERASE_INSTANCE_ADMIN");
  if (standing.owner_id === userId) throw new AppError("COMPLIANCE_ERASE_OWNER");
  await transaction(db, (tx) => ensureAnotherAdmin(tx, workspaceId, userId)).catch((err) => {
    if (err instanceof AppError && err.code === "LAST_ADMIN") throw new AppError("COMPLIANCE_ERASE_LAST_ADMIN");
    throw err;
  });
}

export async function requestErasure(ctx: Ctx, auth: AuthContext, input: ComplianceErasureInput): Promise<ComplianceRequest> {
  const subject = await resolveSubject(ctx, auth.workspaceId, input);
  const email = subject.email?.trim().toLowerCase() ?? "";
  if (!email || input.confirm_email.trim().toLowerCase() !== email) throw new AppError("COMPLIANCE_CONFIRMATION_MISMATCH");
  if (subject.type === "user" && subject.id) await assertMemberErasable(ctx.db, auth.workspaceId, subject.id, auth.userId);
  const row = await repo.insertRequest(ctx.db, {
    workspaceId: auth.workspaceId,
    kind: "erasure",
    subjectType: subject.type,
    subjectHash: suppressionHash(auth.workspaceId, email),
    subjectId: subject.id,
    requestedBy: auth.userId,
  });
  // The job reads the address from the lead or user row itself: job data (kept by pg-boss) never holds it.
  await ctx.jobs.send(REQUEST_JOB, { requestId: row.id, workspaceId: auth.workspaceId });
  return toRequest({ ...row, requestedByName: auth.name });
}

export const exportDir = (ctx: Pick<AppContext, "config">, workspaceId: string) =>
  path.join(ctx.config.DATA_DIR, "compliance", workspaceId);

/** The job: runs an export or an erasure, recording progress on the request. */
export async function processRequest(ctx: Ctx, job: { requestId: string; workspaceId: string }): Promise<void> {
  const row = await repo.findRequest(ctx.db, job.workspaceId, job.requestId);
  if (!row || row.status === "completed") return;
  await repo.updateRequest(ctx.db, row.id, { status: "running", progress: 1, error: null });
  try {
    if (row.kind === "export") await runExport(ctx, row);
    else if (row.subjectType === "user") await runUserErasure(ctx, row);
    else await runErasure(ctx, row);
  } catch (err) {
    ctx.log.error({ err, requestId: row.id }, "compliance request failed");
    await repo.updateRequest(ctx.db, row.id, {
      status: "failed",
      error: err instanceof Error ? err.message.slice(0, 500) : "The request failed",
      completedAt: new Date(),
    });
  }
}

function selectorsFor(email: string | null, leads: repo.LeadSubject[]): data.SubjectMatch["selectors"] {
  const out = new Set<string>();
  if (email) out.add(data.reLiteral(email));
  for (const l of leads) {
    if (l.email) out.add(data.reLiteral(l.email));
    const full = [l.firstName, l.lastName].filter(Boolean).join(" ").trim();
    if (l.firstName && l.lastName) out.add(`\\m${data.reLiteral(full)}\\M`);
    out.add(data.reLiteral(l.id));
  }
  return [...out];
}

async function runExport(ctx: Ctx, row: repo.RequestRow): Promise<void> {
  const db = ctx.db;
  const out: Record<string, unknown> = {
    generated_at: new Date().toISOString(),
    workspace_id: row.workspaceId,
    subject_type: row.subjectType,
    note: "Everything this workspace of Prospector holds about the person, table by table (docs/compliance.md).",
  };
  const counts: Record<string, number> = {};
  if (row.subjectType === "user") {
    const user = row.subjectId ? await repo.memberOf(db, row.workspaceId, row.subjectId) : undefined;
    if (!user) throw new AppError("COMPLIANCE_SUBJECT_NOT_FOUND");
    const records = await repo.userRecords(db, row.workspaceId, user.id);
    out.profile = user;
    Object.assign(out, records);
    for (const [k, v] of Object.entries(records)) counts[k] = v.length;
  } else {
    const leads = row.subjectId ? await repo.leadsById(db, row.workspaceId, row.subjectId) : [];
    const lead = leads[0];
    if (!lead) throw new AppError("COMPLIANCE_SUBJECT_NOT_FOUND");
    const all = lead.email ? await repo.leadsByEmail(db, row.workspaceId, lead.email) : leads;
    const match: data.SubjectMatch = {
      workspaceId: row.workspaceId,
      selectors: selectorsFor(lead.email, all),
      leadIds: all.map((l) => l.id),
    };
    const suppressed = lead.email ? await suppressedAmong(db, row.workspaceId, [lead.email.toLowerCase()]) : new Map();
    out.suppression = lead.email ? { suppressed: suppressed.size > 0, reason: suppressed.get(lead.email.toLowerCase()) ?? null } : null;
    const tables = await data.scannedTables(db, SKIP);
    const found: Record<string, unknown[]> = {};
    let i = 0;
    for (const t of tables) {
      const rows = await data.rowsAbout(db, t, match);
      if (rows.length > 0) {
        found[t.name] = rows;
        counts[t.name] = rows.length;
      }
      if (++i % 10 === 0) await repo.updateRequest(db, row.id, { progress: Math.min(95, Math.round((i / tables.length) * 95)) });
    }
    out.records = found;
  }
  const dir = exportDir(ctx, row.workspaceId);
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${row.id}.json`);
  await fs.writeFile(file, JSON.stringify(out, null, 2));
  await repo.updateRequest(db, row.id, {
    status: "completed",
    progress: 100,
    counts,
    filePath: path.relative(ctx.config.DATA_DIR, file),
    completedAt: new Date(),
  });
}

async function runErasure(ctx: Ctx, row: repo.RequestRow): Promise<void> {
  const db = ctx.db;
  const workspaceId = row.workspaceId;
  const subject = row.subjectId ? (await repo.leadsById(db, workspaceId, row.subjectId))[0] : undefined;
  const email = subject?.email?.trim().toLowerCase();
  if (!email) throw new AppError("COMPLIANCE_SUBJECT_NOT_FOUND", "The lead was deleted before the erasure ran");
  const leads = await repo.leadsByEmail(db, workspaceId, email);
  const hash = suppressionHash(workspaceId, email);
  const match: data.SubjectMatch = { workspaceId, selectors: selectorsFor(email, leads), leadIds: leads.map((l) => l.id) };
  // What replaces each personal value: the address by a unique placeholder (unique columns stay unique).
  const placeholder = `erased-${hash.slice(7, 23)}@erased.invalid`;
  const redactions: data.Redaction[] = [{ pattern: data.reLiteral(email), replacement: placeholder }];
  for (const l of leads) {
    if (l.email && l.email.toLowerCase() !== email) redactions.push({ pattern: data.reLiteral(l.email), replacement: placeholder });
    for (const v of [l.phone, l.linkedinUrl])
      if (v && v.trim().length >= 5) redactions.push({ pattern: data.reLiteral(v.trim()), replacement: "[erased]" });
    const parts = [[l.firstName, l.lastName].filter(Boolean).join(" "), l.lastName, l.firstName]
      .map((p) => p?.trim() ?? "")
      .filter((p) => p.length >= 2);
    for (const p of parts) redactions.push({ pattern: `\\m${data.reLiteral(p)}\\M`, replacement: "[erased]" });
  }
  const counts: Record<string, number> = {};
  const tables = await data.scannedTables(db, SKIP);
  // The person's own lead rows are deleted below (through the leads service); other leads that mention them are redacted.
  match.exclude = { table: "leads", ids: leads.map((l) => l.id) };
  // Exports first: the search needs the address, which the redaction below removes from their rows.
  const exportsRemoved = await eraseExportsContaining(
    ctx,
    workspaceId,
    [email, ...leads.map((l) => [l.firstName, l.lastName].filter(Boolean).join(" ")).filter((n) => n.includes(" "))],
    leads.reduce<Date | null>((min, l) => (!min || l.createdAt < min ? l.createdAt : min), null),
  );
  if (exportsRemoved) counts.data_exports = exportsRemoved;
  await transaction(ctx.db, async (tx) => {
    let i = 0;
    for (const t of tables) {
      const n = await data.redactRowsAbout(tx, t, match, redactions);
      if (n > 0) counts[t.name] = n;
      if (++i % 15 === 0) await repo.updateRequest(tx, row.id, { progress: Math.min(80, Math.round((i / tables.length) * 80)) });
    }
    // The person is never mailed again: the entry keeps only the hash (the sender matches hashes too).
    const current = await suppressedAmong(tx, workspaceId, [email]);
    const removed = await repo.dropPlainSuppression(tx, workspaceId, email);
    await addToSuppressionList(tx, [
      { workspaceId, email: hash, reason: current.get(email) ?? "manual", detail: "Erased on the person's request (GDPR art. 17)" },
    ]);
    counts.suppressions = removed + 1;
  });
  // Deleting the leads goes through the leads service, so campaigns drop their memberships and retries in lock order.
  if (leads.length > 0) {
    const res = await bulkDelete(
      ctx,
      workspaceId,
      leads.map((l) => l.id),
    );
    counts.leads = res.succeeded.length;
  }
  await repo.updateRequest(db, row.id, { status: "completed", progress: 100, counts, subjectId: null, completedAt: new Date() });
}

/**
 * A member's erasure (docs/compliance.md, "Erasing a member"): their rows of this workspace go
 * (membership, API keys, settings, notifications, grants), their address and full name are
 * redacted in every workspace row that mentions them (the same catalog-driven search as a lead's),
 * their sessions end; when they belong to no other workspace, the account itself is erased.
 * counts.account_erased says which (1: the account is gone, 0: it stays for the other workspaces).
 */
async function runUserErasure(ctx: Ctx, row: repo.RequestRow): Promise<void> {
  const db = ctx.db;
  const workspaceId = row.workspaceId;
  const user = row.subjectId ? await repo.memberOf(db, workspaceId, row.subjectId) : undefined;
  if (!user) throw new AppError("COMPLIANCE_SUBJECT_NOT_FOUND", "The member left the workspace before the erasure ran");
  // The rules hold at run time too: an owner or a last administrator named since the request is not erased.
  await assertMemberErasable(db, workspaceId, user.id, row.requestedBy);
  const email = user.email.trim().toLowerCase();
  const hash = suppressionHash(workspaceId, email);
  const placeholder = `erased-${hash.slice(7, 23)}@erased.invalid`;
  const name = user.name.trim();
  const selectors = [data.reLiteral(email)];
  const redactions: data.Redaction[] = [{ pattern: data.reLiteral(email), replacement: placeholder }];
  if (name.length >= 2) {
    // A one-word name ("Sales") would select every row using the word: it is redacted only in rows the address selects.
    if (/\s/.test(name)) selectors.push(`\\m${data.reLiteral(name)}\\M`);
    redactions.push({ pattern: `\\m${data.reLiteral(name)}\\M`, replacement: "[erased]" });
  }
  const match: data.SubjectMatch = { workspaceId, selectors, leadIds: [] };
  const counts: Record<string, number> = {};
  const add = (more: Record<string, number>) => {
    for (const [k, v] of Object.entries(more)) if (v > 0) counts[k] = (counts[k] ?? 0) + v;
  };
  const exportsRemoved = await eraseExportsContaining(
    ctx,
    workspaceId,
    name.includes(" ") ? [email, name] : [email],
    user.created_at ? new Date(user.created_at) : null,
  );
  if (exportsRemoved) counts.data_exports = exportsRemoved;
  let erased = false;
  await transaction(db, async (tx) => {
    await ensureAnotherAdmin(tx, workspaceId, user.id).catch((err) => {
      if (err instanceof AppError && err.code === "LAST_ADMIN") throw new AppError("COMPLIANCE_ERASE_LAST_ADMIN");
      throw err;
    });
    // This workspace's rows of the member, each deleted by the feature that owns the table.
    add(await eraseApiKeysOfUser(tx, user.id, workspaceId));
    add(await eraseSettingsOfUser(tx, user.id, workspaceId));
    add(await eraseNotificationsOfUser(tx, user.id, workspaceId));
    add(await eraseGrantsOfUser(tx, user.id, workspaceId));
    add(await eraseMembership(tx, user.id, workspaceId));
    await repo.updateRequest(tx, row.id, { progress: 10 });
    const tables = await data.scannedTables(tx, SKIP);
    let i = 0;
    for (const t of tables) {
      const n = await data.redactRowsAbout(tx, t, match, redactions);
      if (n > 0) counts[t.name] = (counts[t.name] ?? 0) + n;
      if (++i % 15 === 0) await repo.updateRequest(tx, row.id, { progress: Math.min(80, 10 + Math.round((i / tables.length) * 70)) });
    }
    if ((await membershipCount(tx, user.id)) === 0) {
      // The account itself: no other workspace holds it.
      add(await eraseApiKeysOfUser(tx, user.id, null));
      add(await eraseSettingsOfUser(tx, user.id, null));
      add(await eraseNotificationsOfUser(tx, user.id, null));
      add(await eraseGrantsOfUser(tx, user.id, null));
      add(await eraseTwoFactorOfUser(tx, user.id));
      add(await eraseSignInEventsOfUser(tx, user.id, email));
      add(await eraseAccountIdentity(tx, user.id, email, `erased-${crypto.randomUUID()}@erased.invalid`));
      erased = true;
    }
    // The feed says an erasure happened, without the person.
    await recordActivity(tx, {
      workspaceId,
      actorId: row.requestedBy,
      kind: "member.erased",
      subjectType: "user",
      subjectId: user.id,
      summary: "A member's data was erased on their request (GDPR art. 17)",
      detail: { account_erased: erased },
    });
  });
  if (erased) {
    // The picture's file; its column was cleared with the account.
    await removeProfilePictureFile(ctx, user.image);
    await forgetUser(ctx, user.id);
  } else {
    const n = await revokeUserSessions(ctx, user.id);
    if (n > 0) counts.sessions = n;
  }
  counts.account_erased = erased ? 1 : 0;
  await repo.updateRequest(db, row.id, { status: "completed", progress: 100, counts, subjectId: null, completedAt: new Date() });
}

/** The export file, once ready; marks it downloaded. */
export async function openDownload(ctx: Ctx, workspaceId: string, id: string): Promise<{ file: string; name: string }> {
  const row = await findRequest(ctx, workspaceId, id);
  if (row.kind !== "export" || row.status !== "completed" || !row.filePath) throw new AppError("COMPLIANCE_EXPORT_NOT_READY");
  const file = path.join(ctx.config.DATA_DIR, row.filePath);
  await fs.access(file).catch(() => {
    throw new AppError("COMPLIANCE_EXPORT_NOT_READY");
  });
  await repo.updateRequest(ctx.db, row.id, { downloadedAt: new Date() });
  return { file, name: `data-subject-export-${row.id}.json` };
}
