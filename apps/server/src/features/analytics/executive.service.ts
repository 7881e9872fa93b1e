/**
 * The executive pages (docs/analytics/executive.md): the command center (today in the workspace's
 * zone, and what needs a human), the boardroom (month over month from the analytics engine), team
 * performance (the engine cut by owner, plus CRM tasks) and user success (each member's checklist).
 */
import {
  type Boardroom,
  type BoardroomKpi,
  type BoardroomMonth,
  type BoardroomQuery,
  type CommandAlert,
  type CommandCenter,
  type ExecRate,
  type KpiDelta,
  METRICS,
  type MemberAdoption,
  type MemberTrend,
  type MemberTrendQuery,
  type MetricKey,
  type ReportResult,
  type TeamMemberRow,
  type TeamPerformance,
  type TeamPerformanceQuery,
  type TeamSort,
  type TodayFigure,
  type TodayMetric,
  type UserSuccess,
  type UserSuccessQuery,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError, validationError } from "../../platform/errors.ts";
import { badCursor, decodeKeyset, encodeKeyset } from "../../platform/keyset-cursor.ts";
import { normalCdf, twoProportionZTest, wilson } from "../../platform/stats.ts";
import { addDays, isoDay } from "../../platform/utc-days.ts";
import { pipelineAlerts } from "../pipeline/index.ts";
import { runReport } from "./analytics.engine.ts";
import * as repo from "./executive.repository.ts";

type Ctx = AppContext;

const rate = (x: number, n: number): ExecRate => {
  const w = wilson(x, n);
  return { value: w.rate, n, low: w.low, high: w.high };
};

function validZone(tz: string | null): tz is string {
  if (!tz) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- command center

const TODAY_LABELS: Record<TodayMetric, { label: string; source: string }> = {
  sent: { label: "Sent", source: "Campaign messages handed to SMTP, by the local day they were sent" },
  replied: { label: "Replies", source: "People's replies received (auto-replies excluded), by the local day they arrived" },
  meetings: { label: "Meetings", source: "Meetings booked with campaign leads, by the local day they were marked" },
  bounced: { label: "Bounces", source: "Bounces received, by the local day they arrived" },
  unsubscribed: { label: "Unsubscribes", source: "Unsubscribes, by the local day they happened" },
};

const REPLY_WINDOW_DAYS = 14;
const LIST = 10;

export const COMMAND_RULES: Record<string, string> = {
  lists: `Each list shows up to ${LIST} with its total.`,
  today: "Days run midnight to midnight in the workspace's time zone (Settings → workspace), UTC when none is set.",
  replies: `Each lead's latest reply of the last ${REPLY_WINDOW_DAYS} days with nothing after it: no one-off email sent to the lead and no call, email or meeting logged in the CRM. Leads marked interested come first; leads marked not interested are left out. A reply answered from your own mail client is not seen.`,
  tasks: "CRM tasks open or in progress whose due time has passed; yours first, then the longest overdue.",
  campaigns:
    "Paused campaigns (with their last activity, e.g. the sender's reason), and active campaigns that stalled: leads due for over an hour and nothing sent in 24 hours.",
  inboxes: "Sending inboxes that are paused, warned by their health check, or cannot read replies (IMAP error).",
  alerts:
    "Open reputation alerts, sending holds (kill switch) that are on, inboxes that need attention, and the pipeline's medium and high alerts.",
};

export async function commandCenter(ctx: Ctx, auth: AuthContext, now = new Date()): Promise<CommandCenter> {
  const ws = auth.workspaceId;
  const stored = await repo.workspaceTimezone(ctx.db, ws);
  const zoned = validZone(stored) && stored !== "UTC";
  const tz = zoned ? stored : "UTC";
  const [counts, replies, tasks, camps, inboxRows, open, pipe] = await Promise.all([
    repo.dayCounts(ctx.db, ws, tz, now),
    repo.waitingReplies(ctx.db, ws, now, REPLY_WINDOW_DAYS, LIST),
    repo.overdueTasks(ctx.db, ws, auth.userId, now, LIST),
    repo.campaignsNeedingAttention(ctx.db, ws, now, LIST),
    repo.failingInboxes(ctx.db, ws),
    repo.openAlerts(ctx.db, ws),
    pipelineAlerts(ctx, { workspaceId: ws, ownerId: null }, { severity: "medium", limit: 5 }).catch((err: unknown) => {
      ctx.log.warn({ err }, "command center: pipeline alerts failed");
      return { alerts: [], total: 0 };
    }),
  ]);
  const shift = (days: number) => addDays(counts.today, -days);
  const on = (day: string, key: TodayMetric) => counts.days.get(day)?.[key] ?? 0;
  const figures: TodayFigure[] = (Object.keys(TODAY_LABELS) as TodayMetric[]).map((key) => {
    let sum = 0;
    for (let i = 1; i <= 7; i++) sum += on(shift(i), key);
    return {
      key,
      ...TODAY_LABELS[key],
      today: on(counts.today, key),
      yesterday: on(shift(1), key),
      avg_7d: Math.round((sum / 7) * 10) / 10,
    };
  });
  const alerts: CommandAlert[] = [
    ...open.map((a) => ({
      kind: a.kind,
      severity: a.level === "critical" ? ("critical" as const) : ("warning" as const),
      title: a.kind === "reputation" ? `Reputation: ${a.title}` : a.title,
      detail: a.detail,
      link: a.kind === "reputation" ? "/reputation-center" : "/kill-switch",
      since: repo.iso(a.since),
    })),
    ...(inboxRows.length > 0
      ? [
          {
            kind: "inbox" as const,
            severity: inboxRows.some((i) => i.status === "paused") ? ("critical" as const) : ("warning" as const),
            title: `${inboxRows.length} ${inboxRows.length === 1 ? "inbox needs" : "inboxes need"} attention`,
            detail: inboxRows.map((i) => i.email).join(", "),
            link: "/inboxes",
            since: null,
          },
        ]
      : []),
    ...pipe.alerts.map((a) => ({
      kind: "pipeline" as const,
      severity: a.severity === "high" ? ("critical" as const) : ("warning" as const),
      title: a.title,
      detail: a.detail,
      link: "/pipeline",
      since: null,
    })),
  ];
  const sentToday = on(counts.today, "sent");
  return {
    generated_at: now.toISOString(),
    timezone: tz,
    timezone_source: zoned ? "workspace" : "default",
    today: counts.today,
    figures,
    reply_pace: rate(Math.min(on(counts.today, "replied"), sentToday), sentToday),
    alerts,
    replies: {
      total: replies[0]?.total ?? 0,
      items: replies.map((r) => ({
        event_id: r.event_id,
        lead_id: r.lead_id,
        lead_email: r.lead_email,
        lead_name: r.lead_name,
        campaign_id: r.campaign_id,
        campaign_name: r.campaign_name,
        snippet: r.snippet,
        positive: r.positive,
        received_at: repo.iso(r.received_at)!,
        link: `/campaigns/${r.campaign_id}`,
      })),
    },
    tasks: {
      total: tasks[0]?.total ?? 0,
      items: tasks.map((t) => ({
        id: t.id,
        title: t.title,
        due_at: repo.iso(t.due_at)!,
        assignee_id: t.assignee_id,
        assignee_name: t.assignee_name,
        mine: t.assignee_id === auth.userId,
        link: "/crm/tasks",
      })),
    },
    campaigns: {
      total: camps.total,
      items: camps.rows.map((c) => ({
        id: c.id,
        name: c.name,
        state: c.state,
        reason:
          c.state === "paused"
            ? (c.reason ?? "Paused")
            : `Leads are due but nothing was sent in 24 hours${c.since ? "" : " (nothing sent yet)"}`,
        since: repo.iso(c.since),
        link: `/campaigns/${c.id}`,
      })),
    },
    inboxes: {
      total: inboxRows.length,
      items: inboxRows.map((i) => ({
        id: i.id,
        email: i.email,
        status: i.imap_error && i.status === "healthy" ? "imap_error" : i.status,
        reason: i.status_reason ?? i.imap_error ?? i.status,
        link: "/inboxes",
      })),
    },
    rules: COMMAND_RULES,
  };
}

// ---------------------------------------------------------------- engine helpers

const MONTH_METRICS: MetricKey[] = ["sent", "delivered", "replied", "meetings", "deals_created", "deals_won", "revenue_won"];

async function engine(ctx: Ctx, ws: string, dimension: "month" | "week" | "owner", from: string, to: string, ownerIds?: string[]) {
  const rows: ReportResult["rows"] = [];
  let cursor: string | undefined;
  let last: ReportResult;
  do {
    last = await runReport(ctx, ws, {
      metrics: MONTH_METRICS,
      dimensions: [dimension],
      from,
      to,
      filters: ownerIds ? { owner_ids: ownerIds } : {},
      limit: 1000,
      cursor,
    });
    rows.push(...last.rows);
    cursor = last.next_cursor ?? undefined;
  } while (cursor);
  return { rows, sources: last.sources, computedAt: last.computed_at };
}

const v = (row: ReportResult["rows"][number] | undefined, m: MetricKey) => Number(row?.values[m]?.value ?? 0);

const monthAdd = (month: string, n: number) => {
  const d = new Date(`${month}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 7);
};
const lastDay = (month: string) => {
  const d = new Date(`${monthAdd(month, 1)}-01T00:00:00Z`);
  d.setUTCDate(0);
  return d.toISOString().slice(0, 10);
};

// ---------------------------------------------------------------- boardroom

// The engine answers at most 731 days; with the year-before month that is 24 months.
export const MAX_MONTHS = 24;

export async function boardroom(ctx: Ctx, workspaceId: string, q: BoardroomQuery, now = new Date()): Promise<Boardroom> {
  const current = now.toISOString().slice(0, 7);
  // By default the last complete month: comparing a month to date with whole months misleads.
  const to = q.to ?? monthAdd(current, -1);
  const from = q.from ?? monthAdd(to, -11);
  if (from > to) throw validationError([{ field: "from", message: "The first month must be on or before the last (`to`)" }]);
  const index = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7));
  if (index(to) - index(from) + 1 > MAX_MONTHS) throw new AppError("EXECUTIVE_RANGE_TOO_LONG");
  const span: string[] = [];
  for (let m = from; m <= to; m = monthAdd(m, 1)) span.push(m);
  // A year before the last month too, for the year-over-year comparison.
  const yearBefore = monthAdd(to, -12);
  const queryFrom = [yearBefore, from].sort()[0] as string; // "YYYY-MM" strings sort as months
  const [{ rows, sources, computedAt }, pipeline] = await Promise.all([
    engine(ctx, workspaceId, "month", `${queryFrom}-01`, lastDay(to)),
    repo.openPipeline(ctx.db, workspaceId),
  ]);
  const byMonth = new Map(rows.map((r) => [String(r.keys.month ?? "").slice(0, 7), r]));
  const monthOf = (m: string): BoardroomMonth => {
    const r = byMonth.get(m);
    return {
      month: m,
      sent: v(r, "sent"),
      delivered: v(r, "delivered"),
      replied: v(r, "replied"),
      reply_rate: rate(v(r, "replied"), v(r, "delivered")),
      meetings: v(r, "meetings"),
      deals_created: v(r, "deals_created"),
      deals_won: v(r, "deals_won"),
      revenue_won: Math.round(v(r, "revenue_won") * 100) / 100,
    };
  };
  const months = span.map(monthOf);
  const cur = monthOf(to);
  const kpis = (["sent", "reply_rate", "meetings", "deals_created", "deals_won", "revenue_won"] as const).map((key) =>
    kpi(key, cur, monthOf(monthAdd(to, -1)), monthOf(monthAdd(to, -12))),
  );
  const currencies = pipeline.currencies;
  return {
    from,
    to,
    to_is_partial: to >= current,
    months,
    kpis,
    pipeline_open: {
      value: Math.round(pipeline.value * 100) / 100,
      deals: pipeline.deals,
      currency_note:
        currencies.length > 1
          ? `Deals are in ${currencies.join(", ")}: values are summed as entered, without conversion`
          : `In ${currencies[0] ?? "USD"}`,
      source: "CRM deals in a stage that is neither won nor lost, now (their value as entered)",
    },
    sources: { ...sources, reply_rate: METRICS.reply_rate.source },
    computed_at: computedAt,
    generated_at: now.toISOString(),
  };
}

/** A count's change beyond chance: both months as Poisson counts (z = (a − b) / √(a + b)). */
function poissonDelta(a: number, b: number) {
  if (a + b === 0) return { significant: false, p_value: null };
  const z = (a - b) / Math.sqrt(a + b);
  const p = Math.min(1, 2 * (1 - normalCdf(Math.abs(z))));
  return { significant: p < 0.05, p_value: Math.round(p * 1_000_000) / 1_000_000 };
}

function kpi(key: BoardroomKpi["key"], cur: BoardroomMonth, prev: BoardroomMonth, yearAgo: BoardroomMonth): BoardroomKpi {
  const delta = (other: BoardroomMonth): KpiDelta => {
    if (key === "reply_rate") {
      const t = twoProportionZTest(other.replied, other.delivered, cur.replied, cur.delivered);
      const a = cur.reply_rate.value;
      const b = other.reply_rate.value;
      return {
        month: other.month,
        value: b,
        change: a === null || b === null ? null : Math.round((a - b) * 10_000) / 10_000,
        significant: t.significant,
        p_value: t.p_value,
      };
    }
    const a = cur[key];
    const b = other[key];
    // Sends are decided, not sampled; revenue is a sum of amounts: neither has a chance model here.
    const test = key === "sent" || key === "revenue_won" ? { significant: false, p_value: null } : poissonDelta(a, b);
    return { month: other.month, value: b, change: b === 0 ? null : Math.round(((a - b) / b) * 10_000) / 10_000, ...test };
  };
  const metric = key === "reply_rate" ? METRICS.reply_rate : METRICS[key];
  return {
    key,
    label: key === "revenue_won" ? "Revenue won" : metric.label,
    kind: metric.kind,
    month: cur.month,
    value: key === "reply_rate" ? cur.reply_rate.value : cur[key],
    rate: key === "reply_rate" ? cur.reply_rate : null,
    mom: delta(prev),
    yoy: delta(yearAgo),
    source: metric.source,
  };
}

// ---------------------------------------------------------------- team performance

export const ATTRIBUTION =
  "Mail figures (sent, replies, meetings) go to the person who created the campaign (campaigns.created_by); deals to the deal's owner; tasks to their assignee. A campaign whose creator left the workspace counts for no one here.";

const defaultRange = (q: { from?: string; to?: string }, now: Date, days: number) => {
  const to = q.to ?? isoDay(now);
  const from = q.from ?? addDays(to, -(days - 1));
  if (from > to) throw validationError([{ field: "from", message: "The first day must be on or before the last (`to`)" }]);
  return { from, to };
};

const sortValue = (row: TeamMemberRow, sort: TeamSort): number | string =>
  sort === "name" ? row.name.toLowerCase() : sort === "reply_rate" ? (row.reply_rate.value ?? -1) : row[sort];

const encode = encodeKeyset;
function decode(cursor: string): [number | string, string] {
  const key = decodeKeyset(cursor);
  if (key) return key;
  throw badCursor();
}

/** Descending by the metric (ascending by name), the user id breaking ties: a total order for the keyset. */
function compare(sort: TeamSort, a: [number | string, string], b: [number | string, string]): number {
  if (a[0] !== b[0]) {
    if (sort === "name") return String(a[0]) < String(b[0]) ? -1 : 1;
    return Number(b[0]) - Number(a[0]);
  }
  return a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
}

export async function teamPerformance(ctx: Ctx, workspaceId: string, q: TeamPerformanceQuery, now = new Date()): Promise<TeamPerformance> {
  const { from, to } = defaultRange(q, now, 30);
  const end = new Date(`${to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  const [people, { rows, sources, computedAt }, work] = await Promise.all([
    repo.members(ctx.db, workspaceId),
    engine(ctx, workspaceId, "owner", from, to),
    repo.memberWork(ctx.db, workspaceId, `${from}T00:00:00Z`, end.toISOString(), now),
  ]);
  const byOwner = new Map(rows.map((r) => [r.keys.owner ?? "", r]));
  const all: TeamMemberRow[] = people.map((p) => {
    const r = byOwner.get(p.user_id);
    const w = work.get(p.user_id);
    return {
      user_id: p.user_id,
      name: p.name,
      email: p.email,
      role: p.role,
      campaigns_owned: w?.campaigns_owned ?? 0,
      sent: v(r, "sent"),
      replied: v(r, "replied"),
      reply_rate: rate(v(r, "replied"), v(r, "delivered")),
      meetings: v(r, "meetings"),
      deals_created: v(r, "deals_created"),
      deals_won: v(r, "deals_won"),
      revenue_won: Math.round(v(r, "revenue_won") * 100) / 100,
      tasks_completed: w?.tasks_completed ?? 0,
      tasks_overdue: w?.tasks_overdue ?? 0,
    };
  });
  const key = (row: TeamMemberRow): [number | string, string] => [sortValue(row, q.sort), row.user_id];
  all.sort((a, b) => compare(q.sort, key(a), key(b)));
  const after = q.cursor ? decode(q.cursor) : null;
  const rest = after ? all.filter((row) => compare(q.sort, key(row), after) > 0) : all;
  const page = rest.slice(0, q.limit);
  const lastRow = page.at(-1);
  return {
    from,
    to,
    sort: q.sort,
    rows: page,
    total: all.length,
    next_cursor: rest.length > q.limit && lastRow ? encode(...key(lastRow)) : null,
    attribution: ATTRIBUTION,
    computed_at: computedAt,
    sources: {
      ...sources,
      reply_rate: METRICS.reply_rate.source,
      campaigns_owned: "Campaigns the member created (campaigns.created_by), all time",
      tasks_completed: "CRM tasks assigned to the member marked done in the period (UTC days)",
      tasks_overdue: "CRM tasks assigned to the member, open or in progress, past due now",
    },
  };
}

export async function memberTrend(
  ctx: Ctx,
  workspaceId: string,
  userId: string,
  q: MemberTrendQuery,
  now = new Date(),
): Promise<MemberTrend> {
  const member = await repo.memberOf(ctx.db, workspaceId, userId);
  if (!member) throw new AppError("EXECUTIVE_MEMBER_NOT_FOUND");
  const { from, to } = defaultRange(q, now, 84);
  const { rows } = await engine(ctx, workspaceId, "week", from, to, [userId]);
  return {
    user_id: userId,
    name: member.name,
    weeks: rows
      .map((r) => ({
        week: String(r.keys.week ?? ""),
        sent: v(r, "sent"),
        replied: v(r, "replied"),
        reply_rate: rate(v(r, "replied"), v(r, "delivered")),
        meetings: v(r, "meetings"),
        deals_won: v(r, "deals_won"),
      }))
      .sort((a, b) => (a.week < b.week ? -1 : 1)),
  };
}

// ---------------------------------------------------------------- user success

type StepDef = { label: string; link: string; rule: string; adminOnly?: boolean };
const STEPS: Record<MemberAdoption["steps"][number]["key"], StepDef> = {
  email_verified: {
    label: "Email verified",
    link: "/settings/profile",
    rule: "The account's email address is verified (the date is not kept).",
  },
  two_factor: {
    label: "Two-factor sign-in on",
    link: "/settings/security",
    rule: "An authenticator app is set up; dated when it was enabled.",
  },
  profile_complete: {
    label: "Profile complete",
    link: "/settings/profile",
    rule: "A name and a profile picture are set (the date is not kept).",
  },
  inbox_connected: {
    label: "Inbox connected",
    link: "/inboxes",
    rule: "The member connected a sending inbox (SMTP); dated by the first one.",
  },
  leads_added: { label: "Leads added", link: "/leads", rule: "The member created a lead or started an import; dated by the first." },
  campaign_created: { label: "Campaign created", link: "/campaigns", rule: "The member created a campaign; dated by the first." },
  campaign_launched: {
    label: "Campaign launched",
    link: "/campaigns",
    rule: "A campaign the member created was launched; dated by the first launch.",
  },
  reply_received: {
    label: "Reply received",
    link: "/campaigns",
    rule: "A person replied to a campaign the member created (auto-replies excluded); dated by the first reply.",
  },
  deal_created: { label: "Deal created", link: "/crm/deals", rule: "The member created a CRM deal; dated by the first." },
  teammate_invited: {
    label: "Teammate joined",
    link: "/team/members",
    adminOnly: true,
    rule: "Admins only: someone joined the workspace after the admin did (invitations are kept by the workspaces feature, above analytics, so a joined teammate stands for an accepted invite); dated by the first to join.",
  },
};

export const ADOPTION_RULES = Object.fromEntries(Object.entries(STEPS).map(([k, s]) => [k, s.rule]));

export async function userSuccess(ctx: Ctx, workspaceId: string, q: UserSuccessQuery): Promise<UserSuccess> {
  const people = await repo.members(ctx.db, workspaceId);
  const after = q.cursor ? decode(q.cursor) : null;
  const rest = after ? people.filter((p) => compare("name", [p.name.toLowerCase(), p.user_id], after) > 0) : people;
  const page = rest.slice(0, q.limit);
  const facts = await repo.adoptionFacts(
    ctx.db,
    workspaceId,
    page.map((p) => p.user_id),
  );
  const members = page.map((p): MemberAdoption => {
    const f = facts.get(p.user_id);
    const dated = (at: unknown) => ({ done: at !== null && at !== undefined, first_done_at: repo.iso(at), dated: true });
    const state: Record<string, { done: boolean; first_done_at: string | null; dated: boolean }> = {
      email_verified: { done: Boolean(f?.email_verified), first_done_at: null, dated: false },
      two_factor: {
        done: Boolean(f?.two_factor),
        first_done_at: f?.two_factor ? repo.iso(f.two_factor_at) : null,
        dated: Boolean(f?.two_factor_at),
      },
      profile_complete: { done: Boolean(f?.has_image) && p.name.trim().length > 0, first_done_at: null, dated: false },
      inbox_connected: dated(f?.inbox_at),
      leads_added: dated(f?.leads_at),
      campaign_created: dated(f?.campaign_at),
      campaign_launched: dated(f?.launched_at),
      reply_received: dated(f?.reply_at),
      deal_created: dated(f?.deal_at),
      teammate_invited: dated(f?.teammate_at),
    };
    const isAdmin = p.role === "admin" || p.role === "owner";
    const steps = (Object.keys(STEPS) as (keyof typeof STEPS)[])
      .filter((k) => !STEPS[k].adminOnly || isAdmin)
      .map((k) => ({ key: k, label: STEPS[k].label, link: STEPS[k].link, ...state[k]! }));
    const done = steps.filter((s) => s.done).length;
    return {
      user_id: p.user_id,
      name: p.name,
      email: p.email,
      role: p.role,
      joined_at: repo.iso(p.joined_at)!,
      last_active_at: repo.iso(f?.last_active_at),
      steps,
      done,
      applicable: steps.length,
      completion: steps.length ? Math.round((done / steps.length) * 1000) / 1000 : 0,
    };
  });
  const lastRow = page.at(-1);
  return {
    members,
    total: people.length,
    next_cursor: rest.length > q.limit && lastRow ? encode(lastRow.name.toLowerCase(), lastRow.user_id) : null,
    rules: ADOPTION_RULES,
  };
}
