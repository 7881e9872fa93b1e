/**
 * Opens, clicks, bounces and unsubscribes have no hook: a periodic scan reads campaign_events after
 * a cursor (ids are UUIDv7, so time-ordered) into the trigger inbox, and campaign memberships added
 * or finished after a time. One scan at a time across processes: the cursor row is leased with a
 * conditional UPDATE. Events younger than `settleMs` wait for the next scan, so an event whose
 * transaction commits a little after a younger one is still read; the inbox's unique key makes a
 * second read harmless.
 */
import type { AutomationTriggerType } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import * as repo from "./automation.repository.ts";
import * as nrepo from "./nurture.repository.ts";

export const SETTLE_MS = 10_000;
const LEASE_SECONDS = 120;
const EVENT_BATCH = 1000;

/** The smallest UUIDv7 of a millisecond: ids below it were made before that time. */
export function uuidAt(ms: number): string {
  const hex = Math.max(0, Math.floor(ms)).toString(16).padStart(12, "0");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7000-8000-000000000000`;
}

const EVENT_TRIGGER: Record<string, { type: AutomationTriggerType; human: boolean }> = {
  open: { type: "email_opened", human: true },
  click: { type: "link_clicked", human: true },
  bounce: { type: "bounced", human: false },
  unsubscribe: { type: "unsubscribed", human: false },
  complaint: { type: "unsubscribed", human: false },
};

/** Workspace → the earliest time it cares about, from enabled rules, sequences and (for exits) active enrolments. */
async function interest(db: repo.Tx, types: AutomationTriggerType[], withEnrolments: boolean): Promise<Map<string, Date>> {
  const maps = await Promise.all([
    repo.interestedWorkspaces(db, types),
    nrepo.interestedSequenceWorkspaces(db, types),
    withEnrolments ? nrepo.workspacesWithActiveEnrollments(db) : Promise.resolve(new Map<string, Date>()),
  ]);
  const out = new Map<string, Date>();
  for (const m of maps) for (const [ws, at] of m) if (!out.has(ws) || at < out.get(ws)!) out.set(ws, at);
  return out;
}

/** Reads new campaign events into the trigger inbox; answers how many triggers it wrote (null: another scan holds the cursor). */
export async function scanEvents(ctx: Pick<AppContext, "db">, opts: { now?: Date; settleMs?: number } = {}): Promise<number | null> {
  const now = opts.now ?? new Date();
  const cursor = await repo.leaseCursor(ctx.db, "campaign_events", LEASE_SECONDS);
  if (!cursor) return null;
  let last = cursor.eventId;
  let written = 0;
  try {
    const before = uuidAt(now.getTime() - (opts.settleMs ?? SETTLE_MS));
    const wanted = await interest(ctx.db, ["email_opened", "link_clicked", "bounced", "unsubscribed"], true);
    if (!wanted.size) {
      // Nobody listens: what happened until now is history for any rule made later.
      const jumpTo = uuidAt(Math.min(now.getTime() - (opts.settleMs ?? SETTLE_MS), now.getTime()));
      last = last && last > jumpTo ? last : jumpTo;
    } else {
      const events = await repo.eventsAfter(ctx.db, last, before, EVENT_BATCH);
      const rows: repo.NewTrigger[] = [];
      for (const ev of events) {
        const kind = EVENT_TRIGGER[ev.type];
        const since = wanted.get(ev.workspaceId);
        if (!kind || !ev.leadId || !since || ev.occurredAt < since || (kind.human && ev.isBot)) continue;
        rows.push({
          workspaceId: ev.workspaceId,
          type: kind.type,
          ref: ev.id,
          leadId: ev.leadId,
          campaignId: ev.campaignId,
          step: ev.step,
          depth: 0,
          occurredAt: ev.occurredAt,
        });
      }
      for (let i = 0; i < rows.length; i += 500) written += await repo.insertTriggers(ctx.db, rows.slice(i, i + 500));
      if (events.length) last = events[events.length - 1]!.id;
    }
  } finally {
    await repo.saveCursor(ctx.db, "campaign_events", { eventId: last });
  }
  return written;
}

/** Reads memberships added to, or finished in, the listening workspaces' campaigns into the trigger inbox. */
export async function scanMemberships(ctx: Pick<AppContext, "db">, opts: { now?: Date; settleMs?: number } = {}): Promise<number | null> {
  const now = opts.now ?? new Date();
  const cursor = await repo.leaseCursor(ctx.db, "campaign_leads", LEASE_SECONDS);
  if (!cursor) return null;
  // Never past now: the cursor is this time, and memberships written after it must still be read.
  const to = new Date(Math.min(now.getTime() - (opts.settleMs ?? SETTLE_MS), now.getTime()));
  let reached = cursor.memberAt;
  let written = 0;
  try {
    const wanted = await interest(ctx.db, ["lead_added_to_campaign", "campaign_finished"], false);
    if (!wanted.size) {
      reached = reached && reached > to ? reached : to;
    } else {
      const from = cursor.memberAt ?? new Date(Math.min(...[...wanted.values()].map((d) => d.getTime())) - 1);
      const changes = await repo.membershipChanges(ctx.db, [...wanted.keys()], from, to);
      const rows: repo.NewTrigger[] = [];
      for (const m of changes) {
        const since = wanted.get(m.workspaceId)!;
        if (m.addedAt > from && m.addedAt <= to && m.addedAt >= since)
          rows.push({
            workspaceId: m.workspaceId,
            type: "lead_added_to_campaign",
            ref: `${m.campaignId}:${m.leadId}`,
            leadId: m.leadId,
            campaignId: m.campaignId,
            depth: 0,
            occurredAt: m.addedAt,
          });
        if (m.state === "completed" && m.finishedAt && m.finishedAt > from && m.finishedAt <= to && m.finishedAt >= since)
          rows.push({
            workspaceId: m.workspaceId,
            type: "campaign_finished",
            ref: `${m.campaignId}:${m.leadId}`,
            leadId: m.leadId,
            campaignId: m.campaignId,
            step: m.step,
            depth: 0,
            occurredAt: m.finishedAt,
          });
      }
      for (let i = 0; i < rows.length; i += 500) written += await repo.insertTriggers(ctx.db, rows.slice(i, i + 500));
      // A full page: continue from the newest change read, else from the window's end.
      const times = changes.flatMap((m) => [m.addedAt, m.finishedAt].filter((d): d is Date => d != null && d <= to));
      reached = changes.length >= 5000 && times.length ? new Date(Math.max(...times.map((d) => d.getTime()))) : to;
    }
  } finally {
    await repo.saveCursor(ctx.db, "campaign_leads", { memberAt: reached });
  }
  return written;
}
