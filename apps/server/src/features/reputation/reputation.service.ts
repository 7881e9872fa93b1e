/**
 * Reputation over time: the refresh (today's and yesterday's snapshots, then alerts and the game),
 * the backfill job that rebuilds past days from the event tables with persisted progress, and the
 * answers of /api/reputation. Every read is scoped by the caller's workspace.
 */
import {
  type ReputationAlert,
  type ReputationAlertList,
  type ReputationAlertsQuery,
  type ReputationBackfill,
  type ReputationHistory,
  type ReputationHistoryQuery,
  type ReputationOverview,
  type ReputationOverviewQuery,
  type ReputationSubject,
  REPUTATION_THRESHOLDS as T,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";
import { evaluateAlerts } from "./reputation.alerts.ts";
import { evaluateGame } from "./reputation.game.ts";
import * as repo from "./reputation.repository.ts";
import { addDays, buildSnapshots, dayOf, domainOf, toPoint } from "./reputation.snapshots.ts";

type Ctx = Pick<AppContext, "db" | "realtime" | "log">;

export const REFRESH_JOB = "reputation.refresh";
export const BACKFILL_JOB = "reputation.backfill";
/** A workspace's first refresh rebuilds this many days, so the page has a history at once. */
export const FIRST_BACKFILL_DAYS = 30;
/** Days a backfill computes per step (one progress update each). */
const BACKFILL_CHUNK = 7;

/**
 * Today's and yesterday's snapshots (late events land on their own day), then the alerts over
 * today's, then the game. Idempotent: runs again give the same rows and notify nothing new.
 */
export async function refreshWorkspace(ctx: Ctx, workspaceId: string, now = new Date()): Promise<{ snapshots: number; notified: number }> {
  const today = dayOf(now);
  const rows = await buildSnapshots(ctx, workspaceId, addDays(today, -1), today, now);
  const inboxes = await repo.deliveringInboxes(ctx.db, workspaceId);
  const creators = new Map(inboxes.map((i) => [i.id, { domain: domainOf(i.email), createdBy: i.createdBy }]));
  const notified = await evaluateAlerts(
    ctx,
    workspaceId,
    rows.filter((r) => r.day === today),
    creators,
    now,
  );
  if (inboxes.length) await evaluateGame(ctx, workspaceId, 1, 1, now);
  await repo.setRefreshed(ctx.db, workspaceId, now);
  return { snapshots: rows.length, notified };
}

function toBackfill(s: repo.StateRow | undefined): ReputationBackfill {
  return {
    status: s?.backfillStatus ?? "idle",
    days: s?.backfillDays ?? 0,
    done_days: s?.backfillDoneDays ?? 0,
    started_at: s?.backfillStartedAt?.toISOString() ?? null,
    finished_at: s?.backfillFinishedAt?.toISOString() ?? null,
    error: s?.backfillError ?? null,
  };
}

export async function backfillState(ctx: Ctx, workspaceId: string): Promise<ReputationBackfill> {
  return toBackfill(await repo.getState(ctx.db, workspaceId));
}

/** Queues a rebuild of the last `days` days (409 while one is queued or running). */
export async function startBackfill(ctx: Ctx & Pick<AppContext, "jobs">, workspaceId: string, days: number): Promise<ReputationBackfill> {
  if (!(await repo.deliveringInboxes(ctx.db, workspaceId)).length) throw new AppError("REPUTATION_NO_INBOXES");
  if (!(await repo.queueBackfill(ctx.db, workspaceId, days))) throw new AppError("REPUTATION_BACKFILL_RUNNING");
  await ctx.jobs.send(BACKFILL_JOB, { workspaceId, days }, { singletonKey: `reputation-backfill:${workspaceId}` });
  return backfillState(ctx, workspaceId);
}

/** The backfill job: oldest days first, a week at a time, progress stored after each step; then a refresh. */
export async function performBackfill(ctx: Ctx, data: { workspaceId: string; days: number }, now = new Date()): Promise<void> {
  const state = await repo.getState(ctx.db, data.workspaceId);
  if (!state || state.backfillStatus === "done" || state.backfillStatus === "idle") return;
  await repo.setBackfill(ctx.db, data.workspaceId, { status: "running", startedAt: now, doneDays: 0, error: null });
  try {
    const today = dayOf(now);
    const first = addDays(today, -(data.days - 1));
    let done = 0;
    for (let from = first; from <= today; from = addDays(from, BACKFILL_CHUNK)) {
      const to = [addDays(from, BACKFILL_CHUNK - 1), today].sort()[0]!;
      await buildSnapshots(ctx, data.workspaceId, from, to, now);
      done = Math.min(data.days, done + BACKFILL_CHUNK);
      await repo.setBackfill(ctx.db, data.workspaceId, { doneDays: done });
    }
    await refreshWorkspace(ctx, data.workspaceId, now);
    await repo.setBackfill(ctx.db, data.workspaceId, { status: "done", doneDays: data.days, finishedAt: new Date() });
  } catch (err) {
    await repo.setBackfill(ctx.db, data.workspaceId, {
      status: "failed",
      finishedAt: new Date(),
      error: "The rebuild stopped on an internal error; try again",
    });
    throw err;
  }
}

/**
 * The periodic pass (every process that runs jobs): claims workspaces whose snapshots are older
 * than `everyMs` and queues their refresh; a workspace seen for the first time gets its history
 * rebuilt (FIRST_BACKFILL_DAYS) instead.
 */
export async function tick(ctx: Ctx & Pick<AppContext, "jobs">, everyMs: number, now = new Date()): Promise<string[]> {
  const due = await repo.claimDueWorkspaces(ctx.db, now, new Date(now.getTime() - everyMs), 100);
  for (const w of due) {
    if (w.isNew && (await repo.queueBackfill(ctx.db, w.workspaceId, FIRST_BACKFILL_DAYS))) {
      await ctx.jobs.send(
        BACKFILL_JOB,
        { workspaceId: w.workspaceId, days: FIRST_BACKFILL_DAYS },
        { singletonKey: `reputation-backfill:${w.workspaceId}` },
      );
    } else {
      await ctx.jobs.send(REFRESH_JOB, { workspaceId: w.workspaceId }, { singletonKey: `reputation-refresh:${w.workspaceId}` });
    }
  }
  return due.map((w) => w.workspaceId);
}

export async function overview(ctx: Ctx, workspaceId: string, q: ReputationOverviewQuery): Promise<ReputationOverview> {
  const [inboxes, latest, state, open] = await Promise.all([
    repo.deliveringInboxes(ctx.db, workspaceId),
    repo.latestSnapshots(ctx.db, workspaceId),
    repo.getState(ctx.db, workspaceId),
    repo.openAlerts(ctx.db, workspaceId),
  ]);
  // Subjects measured now (inboxes that exist and their domains), plus those with history only (a deleted inbox).
  const current = new Map<string, ReputationSubject>();
  const key = (kind: string, id: string) => `${kind}|${id}`;
  const blank = (kind: "domain" | "inbox", id: string, label: string, domain: string): ReputationSubject => ({
    kind,
    id,
    label,
    domain,
    latest: null,
    score_change_7d: null,
    open_alerts: 0,
  });
  for (const i of inboxes) {
    const d = domainOf(i.email);
    if (!current.has(key("domain", d))) current.set(key("domain", d), blank("domain", d, d, d));
  }
  for (const i of inboxes) current.set(key("inbox", i.id), blank("inbox", i.id, i.email, domainOf(i.email)));
  for (const s of latest)
    if (!current.has(key(s.subjectKind, s.subjectId)))
      current.set(key(s.subjectKind, s.subjectId), blank(s.subjectKind, s.subjectId, s.label, s.domain));
  const latestDay =
    latest
      .map((s) => s.day)
      .sort()
      .at(-1) ?? "";
  const before = latestDay ? await repo.snapshotsOn(ctx.db, workspaceId, addDays(latestDay, -7)) : [];
  const beforeBy = new Map(before.map((s) => [key(s.subjectKind, s.subjectId), s.score]));
  for (const s of latest) {
    const subj = current.get(key(s.subjectKind, s.subjectId))!;
    subj.latest = toPoint(s);
    const old = s.day === latestDay ? beforeBy.get(key(s.subjectKind, s.subjectId)) : undefined;
    subj.score_change_7d = old === undefined ? null : s.score - old;
  }
  for (const a of open) {
    const subj = current.get(key(a.subjectKind, a.subjectId));
    if (subj) subj.open_alerts++;
  }
  // Worst first: open alerts, then the lowest score; domains before their inboxes on a tie.
  const all = [...current.values()]
    .filter((s) => !q.kind || s.kind === q.kind)
    .sort(
      (a, b) =>
        b.open_alerts - a.open_alerts ||
        (a.latest?.score ?? 101) - (b.latest?.score ?? 101) ||
        (a.kind === b.kind ? 0 : a.kind === "domain" ? -1 : 1) ||
        a.label.localeCompare(b.label),
    );
  return {
    subjects: all.slice((q.page - 1) * q.per_page, q.page * q.per_page),
    total: all.length,
    page: q.page,
    per_page: q.per_page,
    inboxes: inboxes.length,
    refreshed_at: state?.refreshedAt?.toISOString() ?? null,
    backfill: toBackfill(state),
    thresholds: { ...T },
  };
}

export async function subjectHistory(
  ctx: Ctx,
  workspaceId: string,
  q: ReputationHistoryQuery,
  now = new Date(),
): Promise<ReputationHistory> {
  let label = await repo.subjectLabel(ctx.db, workspaceId, q.kind, q.id);
  if (!label) {
    // Measured but not snapshotted yet (a new inbox before the first refresh): an empty history, not a 404.
    const inboxes = await repo.deliveringInboxes(ctx.db, workspaceId);
    const hit = q.kind === "inbox" ? inboxes.find((i) => i.id === q.id) : inboxes.find((i) => domainOf(i.email) === q.id.toLowerCase());
    if (!hit) throw new AppError("REPUTATION_SUBJECT_NOT_FOUND");
    label = q.kind === "inbox" ? hit.email : domainOf(hit.email);
  }
  const from = addDays(dayOf(now), -(q.days - 1));
  const rows = await repo.history(ctx.db, workspaceId, q.kind, q.kind === "domain" ? q.id.toLowerCase() : q.id, from);
  return { kind: q.kind, id: q.id, label, days: q.days, points: rows.map(toPoint) };
}

function toAlert(a: repo.AlertRow): ReputationAlert {
  return {
    id: a.id,
    subject_kind: a.subjectKind,
    subject_id: a.subjectId,
    subject_label: a.subjectLabel,
    kind: a.kind,
    level: a.level,
    value: a.value,
    threshold: a.threshold,
    zone: a.zone,
    message: a.message,
    opened_at: a.openedAt.toISOString(),
    resolved_at: a.resolvedAt?.toISOString() ?? null,
  };
}

export async function alerts(ctx: Ctx, workspaceId: string, q: ReputationAlertsQuery): Promise<ReputationAlertList> {
  const { rows, total, open } = await repo.listAlerts(ctx.db, workspaceId, q.status, q.per_page, (q.page - 1) * q.per_page);
  return { alerts: rows.map(toAlert), total, open, page: q.page, per_page: q.per_page };
}

/** "Refresh now" from the page: the same work as the job, for the caller's workspace. */
export async function refreshNow(ctx: Ctx, workspaceId: string): Promise<void> {
  if (!(await repo.deliveringInboxes(ctx.db, workspaceId)).length) throw new AppError("REPUTATION_NO_INBOXES");
  await refreshWorkspace(ctx, workspaceId);
}
