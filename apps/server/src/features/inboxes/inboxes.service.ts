/**
 * Inbox rules: connect (passwords sealed at rest, never returned), edit, pause/resume, delete
 * (refused while an active campaign sends from it), test the connection, and the local mailbox
 * that every workspace has for trying campaigns out without delivering anything.
 */
import type { Inbox, InboxCreate, InboxList, InboxTestResult, InboxUpdate } from "@prospector/contracts";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/client.ts";
import { secretBoxFor } from "../../platform/crypto.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { assertHostsAllowed, testConnections } from "./inboxes.connection.ts";
import { inboxSendStats, toHealth } from "./inboxes.health.ts";
import "./inboxes.hooks.ts";
import * as repo from "./inboxes.repository.ts";
import type { ServerSettings } from "./inboxes.table.ts";

type Ctx = Pick<AppContext, "db" | "config" | "realtime" | "log" | "mailGuard" | "hooks">;
type CreateInput = z.output<typeof import("@prospector/contracts").InboxCreate>;
type UpdateInput = z.output<typeof import("@prospector/contracts").InboxUpdate>;

export const LOCAL_INBOX_LABEL = "Local mailbox (test only, not delivered)";

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const serverInfo = (s: ServerSettings | null, sealed: string | null) =>
  s ? { host: s.host, port: s.port, secure: s.secure, username: s.username, has_password: Boolean(sealed) } : null;

export function toInbox(row: repo.InboxRow, stats: repo.SendStats, threshold: number): Inbox {
  const local = row.kind === "local";
  return {
    id: row.id,
    kind: row.kind,
    delivers: !local,
    label: local ? LOCAL_INBOX_LABEL : row.fromName ? `${row.fromName} <${row.email}>` : row.email,
    email: row.email,
    from_name: row.fromName,
    smtp: serverInfo(row.smtp, row.smtpPassword),
    imap: serverInfo(row.imap, row.imapPassword),
    allow_plaintext: row.allowPlaintext,
    daily_limit: row.dailyLimit,
    min_gap_seconds: row.minGapSeconds,
    warmup: {
      enabled: row.warmupEnabled,
      start_per_day: row.warmupStartPerDay,
      increase_per_day: row.warmupIncreasePerDay,
      started_at: iso(row.warmupStartedAt),
    },
    health: toHealth(row, stats, threshold),
    imap_status: { last_polled_at: iso(row.imapLastPolledAt), error: row.imapError },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function present(ctx: Ctx, rows: repo.InboxRow[]): Promise<Inbox[]> {
  const stats = await inboxSendStats(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toInbox(r, stats.get(r.id) as repo.SendStats, ctx.config.BOUNCE_RATE_PAUSE_THRESHOLD));
}

async function load(ctx: Ctx, workspaceId: string, id: string): Promise<repo.InboxRow> {
  const row = isUuid(id) ? await repo.getInbox(ctx.db, workspaceId, id) : undefined;
  if (!row) throw new AppError("INBOX_NOT_FOUND");
  return row;
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === "23505" || e.cause?.code === "23505";
};

/** The local mailbox is listed with the workspace's inboxes (created on first listing). */
export async function listInboxes(ctx: Ctx, workspaceId: string): Promise<InboxList> {
  await repo.ensureLocalInbox(ctx.db, workspaceId);
  const inboxes = await present(ctx, await repo.listInboxes(ctx.db, workspaceId));
  return { inboxes, total: inboxes.length };
}

export async function getInbox(ctx: Ctx, workspaceId: string, id: string): Promise<Inbox> {
  const [inbox] = await present(ctx, [await load(ctx, workspaceId, id)]);
  return inbox as Inbox;
}

const settings = (s: { host: string; port: number; secure: boolean; username: string }): ServerSettings => ({
  host: s.host,
  port: s.port,
  secure: s.secure,
  username: s.username,
});

export async function createInbox(ctx: Ctx, caller: { workspaceId: string; userId: string }, input: CreateInput): Promise<Inbox> {
  const box = secretBoxFor(ctx.config);
  const now = new Date();
  await assertHostsAllowed(ctx.mailGuard, [
    { field: "smtp.host", host: input.smtp.host },
    ...(input.imap ? [{ field: "imap.host", host: input.imap.host }] : []),
  ]);
  try {
    const row = await repo.insertInbox(ctx.db, {
      workspaceId: caller.workspaceId,
      kind: "smtp",
      email: input.email,
      fromName: input.from_name,
      smtp: settings(input.smtp),
      smtpPassword: input.smtp.password ? box.encrypt(input.smtp.password) : null,
      imap: input.imap ? settings(input.imap) : null,
      imapPassword: input.imap?.password ? box.encrypt(input.imap.password) : null,
      allowPlaintext: input.allow_plaintext,
      dailyLimit: input.daily_limit,
      minGapSeconds: input.min_gap_seconds,
      warmupEnabled: input.warmup?.enabled ?? false,
      warmupStartPerDay: input.warmup?.start_per_day ?? 5,
      warmupIncreasePerDay: input.warmup?.increase_per_day ?? 2,
      warmupStartedAt: input.warmup?.enabled ? now : null,
      createdBy: caller.userId,
    });
    return (await present(ctx, [row]))[0] as Inbox;
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("INBOX_EXISTS");
    throw err;
  }
}

type ServerUpdate = NonNullable<UpdateInput["smtp"]>;

/** New settings; a password left out or empty keeps the sealed one. */
function mergeServer(update: ServerUpdate, sealed: string | null, encrypt: (s: string) => string) {
  return { settings: settings(update), password: update.password ? encrypt(update.password) : sealed };
}

export async function updateInbox(ctx: Ctx, workspaceId: string, id: string, input: UpdateInput): Promise<Inbox> {
  const current = await load(ctx, workspaceId, id);
  const box = secretBoxFor(ctx.config);
  const encrypt = (s: string) => box.encrypt(s);
  const values: repo.InboxValues = {};
  if (current.kind === "local") {
    const fixed = [input.email, input.smtp, input.imap, input.warmup, input.allow_plaintext];
    if (fixed.some((v) => v !== undefined)) throw new AppError("INBOX_LOCAL_FIXED");
  }
  await assertHostsAllowed(ctx.mailGuard, [
    ...(input.smtp ? [{ field: "smtp.host", host: input.smtp.host }] : []),
    ...(input.imap ? [{ field: "imap.host", host: input.imap.host }] : []),
  ]);
  if (input.email !== undefined) values.email = input.email;
  if (input.from_name !== undefined) values.fromName = input.from_name;
  if (input.smtp) {
    const m = mergeServer(input.smtp, current.smtpPassword, encrypt);
    values.smtp = m.settings;
    values.smtpPassword = m.password;
  }
  if (input.imap === null) {
    values.imap = null;
    values.imapPassword = null;
    values.imapError = null;
  } else if (input.imap) {
    const m = mergeServer(input.imap, current.imapPassword, encrypt);
    // Another server or account is another mailbox: its UIDs start over.
    const moved = current.imap?.host !== m.settings.host || current.imap?.username !== m.settings.username;
    values.imap = m.settings;
    values.imapPassword = m.password;
    values.imapError = null;
    if (moved) Object.assign(values, { imapUidValidity: null, imapLastUid: null });
  }
  if (input.allow_plaintext !== undefined) values.allowPlaintext = input.allow_plaintext;
  if (input.daily_limit !== undefined) values.dailyLimit = input.daily_limit;
  if (input.min_gap_seconds !== undefined) values.minGapSeconds = input.min_gap_seconds;
  if (input.warmup) {
    values.warmupEnabled = input.warmup.enabled;
    values.warmupStartPerDay = input.warmup.start_per_day;
    values.warmupIncreasePerDay = input.warmup.increase_per_day;
    // Turning the ramp on starts it today; editing a running ramp keeps its start.
    if (input.warmup.enabled && !current.warmupEnabled) values.warmupStartedAt = new Date();
  }
  if (input.paused === true && current.status !== "paused") {
    Object.assign(values, { status: "paused", statusReason: "Paused by a team member", pausedManually: true });
  } else if (input.paused === false && current.status === "paused") {
    // A resume also forgets the bounces so far: the next verdict starts from the sends after it.
    Object.assign(values, { status: "healthy", statusReason: null, pausedManually: false, healthSince: new Date() });
  }
  try {
    const row = (await repo.updateInbox(ctx.db, workspaceId, current.id, values)) ?? current;
    return (await present(ctx, [row]))[0] as Inbox;
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("INBOX_EXISTS");
    throw err;
  }
}

export async function deleteInbox(ctx: Ctx, workspaceId: string, id: string): Promise<void> {
  const current = await load(ctx, workspaceId, id);
  if (current.kind === "local")
    throw new AppError("INBOX_LOCAL_FIXED", "The local mailbox is part of every workspace and cannot be deleted");
  // Features that send from the inbox refuse ("inboxes.deleted" throws, rolling the delete back) or let go of it.
  await transaction(ctx.db, async (tx) => {
    await repo.deleteInbox(tx, workspaceId, current.id);
    await ctx.hooks.run("inboxes.deleted", { tx, workspaceId, inboxId: current.id });
  });
}

/** The workspace's inbox with this id (the local mailbox with "local", created on first use), or undefined. */
export async function findInbox(ctx: Pick<AppContext, "db">, workspaceId: string, id: string): Promise<repo.InboxRow | undefined> {
  if (id === "local") {
    await repo.ensureLocalInbox(ctx.db, workspaceId);
    return repo.getLocalInbox(ctx.db, workspaceId);
  }
  return repo.getInbox(ctx.db, workspaceId, id);
}

export async function testInbox(ctx: Ctx, workspaceId: string, id: string): Promise<InboxTestResult> {
  const row = await load(ctx, workspaceId, id);
  if (row.kind === "local") {
    const ok = { ok: true, message: "The local mailbox keeps messages in this app; nothing is delivered", duration_ms: 0 };
    return { ok: true, smtp: ok, imap: null };
  }
  return testConnections(row, secretBoxFor(ctx.config), ctx.mailGuard);
}

export type { InboxCreate, InboxUpdate };
