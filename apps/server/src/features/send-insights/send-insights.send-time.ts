/**
 * The send-time optimizer: every delivered send of the period, placed in its recipient's own time
 * zone (inferred from the lead, else the campaign's schedule zone), bucketed by local weekday and
 * hour, with the share a person opened or replied to (bots excluded) and the best block of hours.
 * And "apply to campaign": the campaign's sending window set to that block, previewed first.
 */
import {
  CAMPAIGN_EDITABLE_STATES,
  type InsightsCache,
  type ScheduleChange,
  SEND_TIME_MIN_SENDS,
  type SendTimeApplied,
  type SendTimeApply,
  type SendTimeInsights,
  type SendTimePreview,
  type SendTimeQuery,
  type ZoneCoverage,
  type ZoneFallbackReason,
} from "@prospector/contracts";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { type CampaignRow, findCampaign, updateCampaign } from "../campaigns/index.ts";
import * as repo from "./send-insights.repository.ts";
import type { SnapshotKey } from "./send-insights.snapshots.repository.ts";
import { type Compute, requestRefresh, type Step, serveCached } from "./send-insights.snapshots.ts";
import { bestBlock, bucket, type CellCounts } from "./send-insights.stats.ts";
import { inferZone, type ZoneAnswer } from "./send-insights.zones.ts";

type Ctx = AppContext;
type Query = z.output<typeof SendTimeQuery>;
type ApplyInput = z.output<typeof SendTimeApply>;

const DAY_MS = 86_400_000;

async function campaignOf(ctx: Pick<Ctx, "db">, workspaceId: string, id: string): Promise<CampaignRow> {
  const row = isUuid(id) ? await findCampaign(ctx, workspaceId, id) : undefined;
  if (!row) throw new AppError("SEND_TIME_CAMPAIGN_NOT_FOUND");
  return row;
}

interface Resolved {
  zoneMap: Record<string, string>;
  coverage: ZoneCoverage;
}

/** Each location key → its zone (known to the database), with how many leads were inferred or fell back. */
async function resolveZones(ctx: Pick<Ctx, "db">, rows: repo.LocationRow[], sendsWithoutLead: number): Promise<Resolved> {
  const answers = rows.map((r) => ({ row: r, answer: inferZone(r) as ZoneAnswer }));
  const wanted = [...new Set(answers.flatMap((a) => (a.answer.zone ? [a.answer.zone] : [])))];
  const known = await repo.knownToDatabase(ctx.db, wanted);
  const zoneMap: Record<string, string> = {};
  const reasons = new Map<ZoneFallbackReason, number>();
  const zones = new Map<string, number>();
  let inferred = 0;
  let fallback = 0;
  for (const { row, answer } of answers) {
    if (answer.zone && known.has(answer.zone)) {
      zoneMap[row.key] = answer.zone;
      inferred += row.leads;
      zones.set(answer.zone, (zones.get(answer.zone) ?? 0) + row.leads);
    } else {
      fallback += row.leads;
      const reason: ZoneFallbackReason = answer.zone === null ? answer.reason : "unknown_country";
      reasons.set(reason, (reasons.get(reason) ?? 0) + row.leads);
    }
  }
  if (sendsWithoutLead) reasons.set("lead_deleted", 0);
  return {
    zoneMap,
    coverage: {
      leads: inferred + fallback,
      inferred,
      fallback,
      fallback_reasons: [...reasons].map(([reason, leads]) => ({ reason, leads })).filter((r) => r.leads > 0),
      sends_without_lead: sendsWithoutLead,
      zones: [...zones]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, 12)
        .map(([zone, leads]) => ({ zone, leads })),
    },
  };
}

/** Campaign schedule zone → a zone the database knows (UTC otherwise). */
async function fallbackZones(ctx: Pick<Ctx, "db">, w: repo.Window): Promise<Record<string, string>> {
  const zones = await repo.campaignZones(ctx.db, w);
  const known = await repo.knownToDatabase(ctx.db, zones);
  return Object.fromEntries(zones.map((z) => [z, known.has(z) ? z : "UTC"]));
}

/** What a stored send-time answer keeps: the counts; metric and block are applied when read. */
export interface SendTimeCounts {
  from: string;
  to: string;
  cells: CellCounts[];
  events: { hour: number; opens: number; replies: number }[];
  botOpens: number;
  zones: ZoneCoverage;
}

/** Reads the window's sends, opens and replies per recipient-local weekday × hour (the expensive part). */
export async function computeSendTimeCounts(ctx: Ctx, w: repo.Window, step: Step): Promise<SendTimeCounts> {
  await step(5, "Placing recipients in their time zones");
  const { rows, sendsWithoutLead } = await repo.sentLocations(ctx.db, w);
  const { zoneMap, coverage } = await resolveZones(ctx, rows, sendsWithoutLead);
  const campaignZone = await fallbackZones(ctx, w);
  await step(30, "Counting sends, opens and replies per weekday and hour");
  // Both at once: on PostgreSQL they run on two connections (PGlite takes them in turn).
  const [cellRows, events] = await Promise.all([
    repo.sendCells(ctx.db, w, zoneMap, campaignZone),
    repo.eventHours(ctx.db, w, zoneMap, campaignZone),
  ]);
  await step(95, "Saving");
  return {
    from: w.from.toISOString(),
    to: w.to.toISOString(),
    cells: cellRows.map((r) => ({ weekday: r.dow, hour: r.hour, sends: r.sends, opened: r.opened, replied: r.replied })),
    events: events.hours,
    botOpens: events.botOpens,
    zones: coverage,
  };
}

/** The send-time snapshot's compute for a period (and campaign): the window ends when it runs. */
export const sendTimeCompute =
  (ctx: Ctx, workspaceId: string, days: number, campaignId: string | null): Compute<SendTimeCounts> =>
  (now, step) =>
    computeSendTimeCounts(ctx, { workspaceId, from: new Date(now.getTime() - days * DAY_MS), to: now, campaignId }, step);

/** The page's answer from the counts, for the chosen metric and block length. */
export function sendTimeAnswer(counts: SendTimeCounts, q: Query, cache: InsightsCache): SendTimeInsights {
  const { cells, events } = counts;
  const sum = (of: CellCounts[]) => ({
    sends: of.reduce((n, c) => n + c.sends, 0),
    opened: of.reduce((n, c) => n + c.opened, 0),
    replied: of.reduce((n, c) => n + c.replied, 0),
  });
  const min = SEND_TIME_MIN_SENDS;
  const hours = Array.from({ length: 24 }, (_, hour) => {
    const s = sum(cells.filter((c) => c.hour === hour));
    const ev = events.find((e) => e.hour === hour);
    return { hour, ...bucket(s.sends, s.opened, s.replied, min), opens_in_hour: ev?.opens ?? 0, replies_in_hour: ev?.replies ?? 0 };
  });
  const weekdays = Array.from({ length: 7 }, (_, weekday) => {
    const s = sum(cells.filter((c) => c.weekday === weekday));
    return { weekday, ...bucket(s.sends, s.opened, s.replied, min) };
  });
  const byCell = new Map(cells.map((c) => [c.weekday * 24 + c.hour, c]));
  const grid = [];
  for (let weekday = 0; weekday < 7; weekday++) {
    for (let hour = 0; hour < 24; hour++) {
      const c = byCell.get(weekday * 24 + hour);
      grid.push({ weekday, hour, ...bucket(c?.sends ?? 0, c?.opened ?? 0, c?.replied ?? 0, min) });
    }
  }
  const totals = sum(cells);
  const block = bestBlock(cells, q.metric, q.block_hours, min);
  return {
    campaign_id: q.campaign_id ?? null,
    from: counts.from,
    to: counts.to,
    days: q.days,
    metric: q.metric,
    block_hours: q.block_hours,
    min_sends: min,
    totals: { ...totals, bot_opens_excluded: counts.botOpens },
    zones: counts.zones,
    hours,
    weekdays,
    cells: grid,
    best: block.best,
    best_missing: block.missing,
    computed_at: counts.to,
    cache,
  };
}

export const sendTimeKey = (workspaceId: string, days: number, campaignId?: string | null): SnapshotKey => ({
  workspaceId,
  kind: "send_time",
  days,
  campaignId: campaignId ?? "",
});

/** The page's answer from the stored counts (computed once on the first read of this period and campaign). */
export async function sendTimeInsights(ctx: Ctx, workspaceId: string, q: Query, now = new Date()): Promise<SendTimeInsights> {
  if (q.campaign_id) await campaignOf(ctx, workspaceId, q.campaign_id);
  const { payload, cache } = await serveCached(
    ctx,
    sendTimeKey(workspaceId, q.days, q.campaign_id),
    sendTimeCompute(ctx, workspaceId, q.days, q.campaign_id ?? null),
    now,
  );
  return sendTimeAnswer(payload, q, cache);
}

/** Queues a recompute of the stored answer for this period and campaign. */
export async function recomputeSendTime(ctx: Ctx, workspaceId: string, q: { days: number; campaign_id?: string }) {
  if (q.campaign_id) await campaignOf(ctx, workspaceId, q.campaign_id);
  return requestRefresh(ctx, sendTimeKey(workspaceId, q.days, q.campaign_id));
}

const hh = (h: number) => (h >= 24 ? "23:59" : `${String(h).padStart(2, "0")}:00`);
const dayList = (days: number[]) => days.map((d) => ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][d]).join(", ");

/** What "apply" would set, without setting it; refuses only a campaign that does not exist. */
export async function previewApply(ctx: Ctx, workspaceId: string, input: ApplyInput, now = new Date()): Promise<SendTimePreview> {
  const campaign = await campaignOf(ctx, workspaceId, input.campaign_id);
  // The best hours are learnt from the whole workspace (one campaign rarely has enough sends alone).
  const insights = await sendTimeInsights(
    ctx,
    workspaceId,
    { days: input.days, metric: input.metric, block_hours: input.block_hours },
    now,
  );
  if (!insights.best) throw new AppError("SEND_TIME_NOT_ENOUGH_DATA", `Not enough data to pick the best hours: ${insights.best_missing}`);
  const best = insights.best;

  const locations = await repo.campaignLocations(ctx.db, workspaceId, campaign.id);
  const byZone = new Map<string, number>();
  let members = 0;
  for (const row of locations) {
    members += row.leads;
    const a = inferZone(row);
    if (a.zone) byZone.set(a.zone, (byZone.get(a.zone) ?? 0) + row.leads);
  }
  const campaignZones = [...byZone].sort((a, b) => b[1] - a[1]).map(([zone, leads]) => ({ zone, leads }));
  const current = campaign.schedule;
  const dominant = campaignZones[0];
  const timezone = input.timezone_mode === "recipients" && dominant ? dominant.zone : current.timezone;
  const proposed = { timezone, days: best.days, start: hh(best.start_hour), end: hh(best.end_hour) };
  const inZone = byZone.get(timezone) ?? 0;

  const changes: ScheduleChange[] = [];
  if (current.timezone !== proposed.timezone) changes.push({ field: "timezone", from: current.timezone, to: proposed.timezone });
  if (dayList(current.days) !== dayList(proposed.days))
    changes.push({ field: "days", from: dayList(current.days), to: dayList(proposed.days) });
  if (current.start !== proposed.start) changes.push({ field: "start", from: current.start, to: proposed.start });
  if (current.end !== proposed.end) changes.push({ field: "end", from: current.end, to: proposed.end });

  const editable = CAMPAIGN_EDITABLE_STATES.includes(campaign.status);
  const notEditable = editable
    ? null
    : campaign.status === "active"
      ? "The campaign is sending: pause it, apply, then resume."
      : `The campaign is ${campaign.status}: its schedule can no longer change.`;
  const note =
    members === 0
      ? "The campaign has no leads yet: the window is set in its schedule's time zone."
      : input.timezone_mode === "recipients" && dominant
        ? `A campaign sends in one time zone: ${inZone} of its ${members} leads are in ${timezone}; the others get mail at these hours of ${timezone}.`
        : `The window stays in ${timezone}; ${inZone} of the campaign's ${members} leads are in that zone.`;
  return {
    campaign: { id: campaign.id, name: campaign.name, status: campaign.status },
    editable,
    not_editable_reason: notEditable,
    current: { timezone: current.timezone, days: current.days, start: current.start, end: current.end },
    proposed,
    changes,
    best,
    campaign_zones: campaignZones.slice(0, 5),
    zone_share: members ? Math.round((inZone / members) * 1000) / 1000 : null,
    note,
  };
}

const sameSchedule = (a: SendTimePreview["proposed"], b: NonNullable<ApplyInput["expected"]>) =>
  a.timezone === b.timezone && a.start === b.start && a.end === b.end && dayList(a.days) === dayList([...b.days].sort());

/** Sets the campaign's window to the best block through the campaigns feature's own update. */
export async function applyToCampaign(ctx: Ctx, auth: AuthContext, input: ApplyInput): Promise<SendTimeApplied> {
  const preview = await previewApply(ctx, auth.workspaceId, input);
  if (!preview.editable) throw new AppError("SEND_TIME_CAMPAIGN_NOT_EDITABLE", preview.not_editable_reason ?? undefined);
  if (input.expected && !sameSchedule(preview.proposed, input.expected)) throw new AppError("SEND_TIME_CHANGED");
  try {
    await updateCampaign(ctx, { workspaceId: auth.workspaceId, userId: auth.userId }, preview.campaign.id, { schedule: preview.proposed });
  } catch (err) {
    // A state change between the preview and the update (a launch meanwhile) is the same refusal.
    if (err instanceof AppError && err.code === "CAMPAIGN_NOT_EDITABLE") throw new AppError("SEND_TIME_CAMPAIGN_NOT_EDITABLE");
    throw err;
  }
  return { ...preview, applied_at: new Date().toISOString() };
}
