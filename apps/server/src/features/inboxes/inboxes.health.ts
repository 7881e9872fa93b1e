/**
 * Inbox capacity and health rules: today's limit under the warm-up ramp, the bounce-rate verdict,
 * and the auto-pause (with a notification to the inbox's owner) when bounces pass the threshold.
 */
import type { InboxHealth, InboxStatus } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { createNotification } from "../notifications/index.ts";
import * as repo from "./inboxes.repository.ts";
import "./inboxes.hooks.ts";
import type { InboxRow, SendStats } from "./inboxes.types.ts";

/** Too few sends say nothing about a rate: one bounce in two sends is not a 50% problem. */
export const MIN_SENDS_FOR_HEALTH = 20;

/** The limit for today: the daily limit, or the warm-up ramp's value while it is lower. */
export function effectiveDailyLimit(row: InboxRow, now = new Date()): number {
  if (!row.warmupEnabled) return row.dailyLimit;
  const started = row.warmupStartedAt ?? row.createdAt;
  const days = Math.max(0, Math.floor((now.getTime() - started.getTime()) / 86_400_000));
  return Math.min(row.dailyLimit, row.warmupStartPerDay + days * row.warmupIncreasePerDay);
}

/** The status a health check would give (a paused inbox stays paused until someone resumes it). */
export function verdict(row: InboxRow, stats: SendStats, threshold: number): { status: InboxStatus; reason: string | null } {
  if (row.status === "paused") return { status: "paused", reason: row.statusReason };
  const rate = stats.recentSends ? stats.recentBounces / stats.recentSends : 0;
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  if (stats.recentSends >= MIN_SENDS_FOR_HEALTH && rate > threshold) {
    return { status: "paused", reason: `Bounce rate ${pct(rate)} over the last ${stats.recentSends} sends is above ${pct(threshold)}` };
  }
  if (stats.recentSends >= MIN_SENDS_FOR_HEALTH / 2 && rate > threshold / 2) {
    return { status: "warning", reason: `Bounce rate ${pct(rate)} over the last ${stats.recentSends} sends is rising` };
  }
  if (row.imapError) return { status: "warning", reason: `Replies cannot be read: ${row.imapError}` };
  return { status: "healthy", reason: null };
}

export function toHealth(row: InboxRow, stats: SendStats, threshold: number, now = new Date()): InboxHealth {
  const v = verdict(row, stats, threshold);
  return {
    status: v.status,
    reason: v.reason,
    sent_today: stats.sentToday,
    effective_daily_limit: effectiveDailyLimit(row, now),
    recent_sends: stats.recentSends,
    recent_bounces: stats.recentBounces,
    bounce_rate: stats.recentSends ? Math.round((stats.recentBounces / stats.recentSends) * 1000) / 1000 : 0,
    last_sent_at: row.lastSentAt?.toISOString() ?? null,
  };
}

/** After a bounce: pause the inbox when its bounce rate passed the threshold, and tell its owner once. */
export async function checkInboxHealth(
  ctx: Pick<AppContext, "db" | "config" | "realtime" | "log" | "hooks">,
  inboxId: string,
): Promise<InboxStatus> {
  const row = await repo.getInboxById(ctx.db, inboxId);
  if (!row || row.kind === "local") return "healthy";
  const stats = (await inboxSendStats(ctx, [row.id])).get(row.id) as SendStats;
  const v = verdict(row, stats, ctx.config.BOUNCE_RATE_PAUSE_THRESHOLD);
  if (v.status !== "paused" || row.status === "paused") {
    if (row.status !== v.status && row.status !== "paused") {
      await repo.updateInbox(ctx.db, row.workspaceId, row.id, { status: v.status, statusReason: v.reason });
    }
    return v.status;
  }
  await repo.updateInbox(ctx.db, row.workspaceId, row.id, { status: "paused", statusReason: v.reason, pausedManually: false });
  if (row.createdBy) {
    await createNotification(ctx, {
      workspaceId: row.workspaceId,
      userId: row.createdBy,
      type: "warning",
      title: `Inbox ${row.email} paused`,
      message: `${v.reason}. Campaigns no longer send from it; check the address list, then resume the inbox.`,
      link: "/inboxes",
      data: { inbox_id: row.id },
    }).catch((err) => ctx.log.warn({ err }, "inbox pause notification not sent"));
  }
  return "paused";
}

/**
 * For validate-launch and estimates: how many emails the given inboxes can send per day now
 * (paused ones count zero), and which of them are missing or paused.
 */
export async function inboxCapacity(
  ctx: Pick<AppContext, "db">,
  workspaceId: string,
  inboxIds: string[],
  now = new Date(),
): Promise<{ dailyCapacity: number; usable: number; paused: string[]; missing: string[] }> {
  const rows = await repo.getInboxesByIds(ctx.db, workspaceId, inboxIds);
  const found = new Set(rows.map((r) => r.id));
  const usable = rows.filter((r) => r.status !== "paused");
  return {
    dailyCapacity: usable.reduce((n, r) => n + effectiveDailyLimit(r, now), 0),
    usable: usable.length,
    paused: rows.filter((r) => r.status === "paused").map((r) => r.id),
    missing: inboxIds.filter((id) => !found.has(id)),
  };
}

/** The workspace's inboxes with these ids (missing ones left out). */
export async function inboxesByIds(ctx: Pick<AppContext, "db">, workspaceId: string, ids: string[]): Promise<InboxRow[]> {
  return repo.getInboxesByIds(ctx.db, workspaceId, ids);
}

/**
 * Per inbox: what was sent or is in flight in the last 24 hours (the daily limit) and the bounce
 * window, over every outbox that sends from inboxes ("inboxes.sentMessages"). `ctx.db` may be a
 * transaction.
 */
export async function inboxSendStats(
  ctx: Pick<AppContext, "db" | "hooks">,
  ids: string[],
  now = new Date(),
): Promise<Map<string, SendStats>> {
  return repo.sendStats(ctx.db, ids, await ctx.hooks.run("inboxes.sentMessages"), now);
}
