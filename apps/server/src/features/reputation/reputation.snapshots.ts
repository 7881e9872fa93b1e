/**
 * Builds the daily snapshots of a workspace's sending domains and inboxes from the event tables:
 * sends per inbox and UTC day (campaign_messages), people's bounces, complaints and unsubscribes
 * (campaign_events, bots left out), summed over the trailing window, and, for today, the blocklist
 * zones the cached checks say list the domain. Any range of past days can be rebuilt (backfill):
 * a rebuilt day keeps the blocklist state recorded on it, if any.
 */
import { REPUTATION_THRESHOLDS as T } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { cachedDomainChecks } from "../deliverability/index.ts";
import * as repo from "./reputation.repository.ts";
import { rates, reputationScore, type WindowCounts } from "./reputation.score.ts";

const DAY_MS = 86_400_000;
export const dayOf = (d: Date) => d.toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
export const domainOf = (email: string) => (email.split("@")[1] ?? "").toLowerCase();

type Ctx = Pick<AppContext, "db">;
type InboxRow = Awaited<ReturnType<typeof repo.deliveringInboxes>>[number];

/** Zones listing each domain now, from the cached checks (status fail on a blocklist:<zone> check). */
export async function currentListings(ctx: Ctx, workspaceId: string): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const c of await cachedDomainChecks(ctx, workspaceId)) {
    if (!c.kind.startsWith("blocklist:") || c.status !== "fail") continue;
    const zones = out.get(c.domain) ?? [];
    zones.push(c.kind.slice("blocklist:".length));
    out.set(c.domain, zones.sort());
  }
  return out;
}

interface Subject {
  kind: "domain" | "inbox";
  id: string;
  label: string;
  domain: string;
  inboxIds: string[];
  /** The first day it is measured on: the day its first inbox was connected or first sent. */
  firstDay: string;
}

function subjectsOf(inboxes: InboxRow[], firstSendDay: Map<string, string>): Subject[] {
  const out: Subject[] = [];
  const domains = new Map<string, Subject>();
  for (const i of inboxes) {
    const domain = domainOf(i.email);
    const created = dayOf(i.createdAt);
    const sent = firstSendDay.get(i.id);
    const firstDay = sent && sent < created ? sent : created;
    out.push({ kind: "inbox", id: i.id, label: i.email, domain, inboxIds: [i.id], firstDay });
    const d = domains.get(domain);
    if (d) {
      d.inboxIds.push(i.id);
      if (firstDay < d.firstDay) d.firstDay = firstDay;
    } else domains.set(domain, { kind: "domain", id: domain, label: domain, domain, inboxIds: [i.id], firstDay });
  }
  return [...domains.values(), ...out];
}

export type BuiltSnapshot = repo.NewSnapshot & { windowSent: number };

/**
 * Computes and stores the snapshots of days [fromDay, toDay] for every subject; `today` (the day
 * the blocklist state is current for) gets listed_on from the cached checks. Returns the rows.
 */
export async function buildSnapshots(ctx: Ctx, workspaceId: string, fromDay: string, toDay: string, now: Date): Promise<BuiltSnapshot[]> {
  const inboxes = await repo.deliveringInboxes(ctx.db, workspaceId);
  if (!inboxes.length) return [];
  const today = dayOf(now);
  const readFrom = addDays(fromDay, -(T.window_days - 1));
  const readTo = dayStart(addDays(toDay, 1));
  const [sends, events, listedNow, recorded, firstSent] = await Promise.all([
    repo.sendsPerDay(ctx.db, workspaceId, dayStart(readFrom), readTo),
    repo.eventsPerDay(ctx.db, workspaceId, dayStart(readFrom), readTo),
    toDay >= today ? currentListings(ctx, workspaceId) : Promise.resolve(new Map<string, string[]>()),
    repo.recordedListings(ctx.db, workspaceId, fromDay, toDay),
    repo.firstSends(ctx.db, workspaceId),
  ]);

  // counts[inboxId][day]
  const counts = new Map<string, Map<string, WindowCounts>>();
  const cell = (inboxId: string, day: string) => {
    let byDay = counts.get(inboxId);
    if (!byDay) {
      byDay = new Map();
      counts.set(inboxId, byDay);
    }
    let c = byDay.get(day);
    if (!c) {
      c = { sent: 0, bounces: 0, complaints: 0, unsubscribes: 0 };
      byDay.set(day, c);
    }
    return c;
  };
  // From the inbox's first send ever, not the first one in this range: a day between two sends still gets its row.
  const firstSendDay = new Map([...firstSent].map(([id, at]) => [id, dayOf(at)]));
  for (const s of sends) cell(s.inboxId, s.day).sent += s.n;
  for (const e of events) {
    const c = cell(e.inboxId, e.day);
    if (e.type === "bounce") c.bounces += e.n;
    else if (e.type === "complaint") c.complaints += e.n;
    else c.unsubscribes += e.n;
  }
  const recordedOn = new Map(recorded.map((r) => [`${r.subjectKind}|${r.subjectId}|${r.day}`, r.listedOn ?? []]));

  const sum = (ids: string[], days: string[]): WindowCounts => {
    const total = { sent: 0, bounces: 0, complaints: 0, unsubscribes: 0 };
    for (const id of ids)
      for (const d of days) {
        const c = counts.get(id)?.get(d);
        if (!c) continue;
        total.sent += c.sent;
        total.bounces += c.bounces;
        total.complaints += c.complaints;
        total.unsubscribes += c.unsubscribes;
      }
    return total;
  };

  const rows: BuiltSnapshot[] = [];
  for (const s of subjectsOf(inboxes, firstSendDay)) {
    for (let day = fromDay < s.firstDay ? s.firstDay : fromDay; day <= toDay; day = addDays(day, 1)) {
      const own = sum(s.inboxIds, [day]);
      const window = sum(
        s.inboxIds,
        Array.from({ length: T.window_days }, (_, i) => addDays(day, -i)),
      );
      const listedOn = day === today ? (listedNow.get(s.domain) ?? []) : null;
      const listings = listedOn ?? recordedOn.get(`${s.kind}|${s.id}|${day}`) ?? [];
      rows.push({
        workspaceId,
        subjectKind: s.kind,
        subjectId: s.id,
        label: s.label,
        domain: s.domain,
        day,
        sent: own.sent,
        bounces: own.bounces,
        complaints: own.complaints,
        unsubscribes: own.unsubscribes,
        windowSent: window.sent,
        windowBounces: window.bounces,
        windowComplaints: window.complaints,
        windowUnsubscribes: window.unsubscribes,
        listedOn,
        score: reputationScore(window, listings.length),
        computedAt: now,
      });
    }
  }
  await repo.upsertSnapshots(ctx.db, rows);
  return rows;
}

/** A stored snapshot as the API shows it. */
export function toPoint(
  r: Pick<
    repo.SnapshotRow,
    | "day"
    | "sent"
    | "bounces"
    | "complaints"
    | "unsubscribes"
    | "windowSent"
    | "windowBounces"
    | "windowComplaints"
    | "windowUnsubscribes"
    | "listedOn"
    | "score"
  >,
) {
  return {
    day: r.day,
    sent: r.sent,
    bounces: r.bounces,
    complaints: r.complaints,
    unsubscribes: r.unsubscribes,
    window_sent: r.windowSent,
    ...rates({ sent: r.windowSent, bounces: r.windowBounces, complaints: r.windowComplaints, unsubscribes: r.windowUnsubscribes }),
    listed_on: r.listedOn ?? null,
    score: r.score,
  };
}
