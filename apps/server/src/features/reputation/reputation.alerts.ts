/**
 * Threshold alerts over today's snapshots: bounce rate above 2 %, complaint rate above 0.1 %
 * (warning) or 0.3 % (critical), a domain newly on a blocklist. An alert opens once per crossing
 * (one open alert per subject and condition, a partial unique index) and that opening, or its
 * escalation from warning to critical, is sent as notifications; it resolves when the condition
 * clears, and a later crossing opens a new one.
 */
import { REPUTATION_THRESHOLDS as T } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { createNotification } from "../notifications/index.ts";
import * as repo from "./reputation.repository.ts";
import { rates } from "./reputation.score.ts";
import type { BuiltSnapshot } from "./reputation.snapshots.ts";

type Ctx = Pick<AppContext, "db" | "realtime" | "log">;

interface Condition {
  key: string;
  kind: "bounce_rate" | "complaint_rate" | "blocklisted";
  level: "warning" | "critical";
  value: number | null;
  threshold: number | null;
  zone: string | null;
  message: string;
}

const pct = (x: number) => `${(x * 100).toFixed(x > 0 && x < 0.01 ? 2 : 1)} %`;

/** The conditions that hold for one subject's snapshot. */
export function conditionsOf(s: BuiltSnapshot): Condition[] {
  const out: Condition[] = [];
  const what = s.subjectKind === "domain" ? `Domain ${s.label}` : `Inbox ${s.label}`;
  const r = rates({ sent: s.windowSent, bounces: s.windowBounces ?? 0, complaints: s.windowComplaints ?? 0, unsubscribes: 0 });
  const over = `over the last ${T.window_days} days (${s.windowSent} sent)`;
  if (s.windowSent >= T.min_sends && r.bounce_rate > T.bounce_rate) {
    out.push({
      key: "bounce_rate",
      kind: "bounce_rate",
      level: "critical",
      value: r.bounce_rate,
      threshold: T.bounce_rate,
      zone: null,
      message: `${what}: bounce rate ${pct(r.bounce_rate)} ${over} is above ${pct(T.bounce_rate)}. Clean the address list (verify addresses, drop old ones) before sending more.`,
    });
  }
  if (s.windowSent >= T.min_sends && r.complaint_rate > T.complaint_warn) {
    const critical = r.complaint_rate > T.complaint_rate;
    out.push({
      key: "complaint_rate",
      kind: "complaint_rate",
      level: critical ? "critical" : "warning",
      value: r.complaint_rate,
      threshold: critical ? T.complaint_rate : T.complaint_warn,
      zone: null,
      message: `${what}: spam complaint rate ${pct(r.complaint_rate)} ${over} is above ${pct(critical ? T.complaint_rate : T.complaint_warn)}${
        critical ? " (the bulk-sender limit of Gmail and Yahoo)" : ""
      }. Send only to people who expect you, and make unsubscribing easy.`,
    });
  }
  for (const zone of s.listedOn ?? []) {
    out.push({
      key: `blocklisted:${zone}`,
      kind: "blocklisted",
      level: "critical",
      value: null,
      threshold: null,
      zone,
      message: `${what} is listed on the blocklist ${zone}. Find out why on the list's own site, fix the cause, then ask for removal.`,
    });
  }
  return out;
}

/** Who is told: the creators of the subject's inboxes and the workspace's owner. */
async function recipients(
  ctx: Ctx,
  workspaceId: string,
  s: BuiltSnapshot,
  creators: Map<string, { domain: string; createdBy: string | null }>,
) {
  const users = new Set<string>();
  for (const [id, i] of creators) {
    if (!i.createdBy) continue;
    if (s.subjectKind === "inbox" ? id === s.subjectId : i.domain === s.domain) users.add(i.createdBy);
  }
  const owner = await repo.workspaceOwner(ctx.db, workspaceId);
  if (owner) users.add(owner);
  return [...users];
}

async function notify(ctx: Ctx, workspaceId: string, userIds: string[], c: Condition, alertId: string) {
  for (const userId of userIds) {
    await createNotification(ctx, {
      workspaceId,
      userId,
      type: c.level === "critical" ? "error" : "warning",
      title:
        c.kind === "blocklisted"
          ? `Blocklisted on ${c.zone}`
          : c.kind === "bounce_rate"
            ? "Bounce rate above threshold"
            : "Spam complaints above threshold",
      message: c.message,
      link: "/reputation-center",
      data: { reputation_alert_id: alertId },
    }).catch((err) => ctx.log.warn({ err }, "reputation alert notification not sent"));
  }
}

/**
 * Opens, escalates and resolves the workspace's alerts from today's snapshots. Returns how many
 * crossings were notified (new alerts and escalations).
 */
export async function evaluateAlerts(
  ctx: Ctx,
  workspaceId: string,
  today: BuiltSnapshot[],
  creators: Map<string, { domain: string; createdBy: string | null }>,
  now: Date,
): Promise<number> {
  const open = await repo.openAlerts(ctx.db, workspaceId);
  const openByKey = new Map(open.map((a) => [`${a.subjectKind}|${a.subjectId}|${a.alertKey}`, a]));
  const holding = new Set<string>();
  let notified = 0;
  for (const s of today) {
    for (const c of conditionsOf(s)) {
      const key = `${s.subjectKind}|${s.subjectId}|${c.key}`;
      holding.add(key);
      const existing = openByKey.get(key);
      if (existing) {
        const escalated = existing.level === "warning" && c.level === "critical";
        await repo.updateAlert(ctx.db, existing.id, {
          level: c.level,
          value: c.value,
          threshold: c.threshold,
          message: c.message,
          subjectLabel: s.label,
          ...(escalated ? { notifiedAt: now } : {}),
        });
        if (escalated) {
          await notify(ctx, workspaceId, await recipients(ctx, workspaceId, s, creators), c, existing.id);
          notified++;
        }
        continue;
      }
      const row = await repo.openAlert(ctx.db, {
        workspaceId,
        subjectKind: s.subjectKind,
        subjectId: s.subjectId,
        subjectLabel: s.label,
        kind: c.kind,
        alertKey: c.key,
        level: c.level,
        value: c.value,
        threshold: c.threshold,
        zone: c.zone,
        message: c.message,
        openedAt: now,
        notifiedAt: now,
      });
      // Undefined: another process opened it a moment ago and told everyone.
      if (row) {
        await notify(ctx, workspaceId, await recipients(ctx, workspaceId, s, creators), c, row.id);
        notified++;
      }
    }
  }
  for (const [key, a] of openByKey) if (!holding.has(key)) await repo.updateAlert(ctx.db, a.id, { resolvedAt: now });
  return notified;
}
