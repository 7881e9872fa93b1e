/** Answers of the executive routes for the page tests, shaped by their contracts. */
import type {
  Boardroom,
  BoardroomKpi,
  BoardroomMonth,
  CommandCenter,
  ExecRate,
  MemberAdoption,
  TeamMemberRow,
  TeamPerformance,
  TodayFigure,
  UserSuccess,
} from "@prospector/contracts";

export const rate = (value: number | null, n: number, low: number | null = null, high: number | null = null): ExecRate => ({
  value,
  n,
  low,
  high,
});

export function figure(key: TodayFigure["key"], today: number, yesterday: number, avg: number): TodayFigure {
  const labels = { sent: "Sent", replied: "Replies", meetings: "Meetings", bounced: "Bounces", unsubscribed: "Unsubscribes" };
  return { key, label: labels[key], today, yesterday, avg_7d: avg, source: `${labels[key]} source line` };
}

export function commandCenter(over: Partial<CommandCenter> = {}): CommandCenter {
  return {
    generated_at: "2026-03-10T15:00:00.000Z",
    timezone: "UTC",
    timezone_source: "default",
    today: "2026-03-10",
    figures: [
      figure("sent", 0, 0, 0),
      figure("replied", 0, 0, 0),
      figure("meetings", 0, 0, 0),
      figure("bounced", 0, 0, 0),
      figure("unsubscribed", 0, 0, 0),
    ],
    reply_pace: rate(null, 0),
    alerts: [],
    replies: { items: [], total: 0 },
    tasks: { items: [], total: 0 },
    campaigns: { items: [], total: 0 },
    inboxes: { items: [], total: 0 },
    rules: { today: "Days run midnight to midnight in the workspace's time zone." },
    ...over,
  };
}

export function month(m: string, over: Partial<BoardroomMonth> = {}): BoardroomMonth {
  return {
    month: m,
    sent: 0,
    delivered: 0,
    replied: 0,
    reply_rate: rate(null, 0),
    meetings: 0,
    deals_created: 0,
    deals_won: 0,
    revenue_won: 0,
    ...over,
  };
}

export function kpi(over: Partial<BoardroomKpi> & Pick<BoardroomKpi, "key" | "label" | "kind">): BoardroomKpi {
  return {
    month: "2026-02",
    value: 0,
    rate: null,
    mom: { month: "2026-01", value: 0, change: null, significant: false, p_value: null },
    yoy: { month: "2025-02", value: null, change: null, significant: false, p_value: null },
    source: `${over.label} source line`,
    ...over,
  };
}

export function boardroom(over: Partial<Boardroom> = {}): Boardroom {
  return {
    from: "2026-01",
    to: "2026-02",
    to_is_partial: false,
    months: [month("2026-01"), month("2026-02")],
    kpis: [],
    pipeline_open: { value: 0, deals: 0, currency_note: "In USD", source: "Open deals source line" },
    sources: { sent: "Messages handed to SMTP" },
    computed_at: "2026-03-10T14:55:00.000Z",
    generated_at: "2026-03-10T15:00:00.000Z",
    ...over,
  };
}

export function member(userId: string, name: string, over: Partial<TeamMemberRow> = {}): TeamMemberRow {
  return {
    user_id: userId,
    name,
    email: `${name.toLowerCase().replaceAll(" ", ".")}@acme.test`,
    role: "sales_rep",
    campaigns_owned: 0,
    sent: 0,
    replied: 0,
    reply_rate: rate(null, 0),
    meetings: 0,
    deals_created: 0,
    deals_won: 0,
    revenue_won: 0,
    tasks_completed: 0,
    tasks_overdue: 0,
    ...over,
  };
}

export function team(rows: TeamMemberRow[], over: Partial<TeamPerformance> = {}): TeamPerformance {
  return {
    from: "2026-02-09",
    to: "2026-03-10",
    sort: "sent",
    rows,
    total: rows.length,
    next_cursor: null,
    attribution: "Mail figures go to the person who created the campaign (campaigns.created_by).",
    computed_at: null,
    sources: { sent: "Messages handed to SMTP" },
    ...over,
  };
}

export function adoption(userId: string, name: string, done: string[], over: Partial<MemberAdoption> = {}): MemberAdoption {
  const keys = ["email_verified", "two_factor", "inbox_connected", "campaign_created"] as const;
  const labels = {
    email_verified: "Email verified",
    two_factor: "Two-factor sign-in on",
    inbox_connected: "Inbox connected",
    campaign_created: "Campaign created",
  };
  const links = {
    email_verified: "/settings/profile",
    two_factor: "/settings/security",
    inbox_connected: "/inboxes",
    campaign_created: "/campaigns",
  };
  const steps = keys.map((k) => ({
    key: k,
    label: labels[k],
    done: done.includes(k),
    first_done_at: done.includes(k) && k !== "email_verified" ? "2026-02-03T10:00:00.000Z" : null,
    dated: k !== "email_verified",
    link: links[k],
  }));
  const n = steps.filter((s) => s.done).length;
  return {
    user_id: userId,
    name,
    email: `${name.toLowerCase()}@acme.test`,
    role: "sales_rep",
    joined_at: "2026-01-05T10:00:00.000Z",
    last_active_at: "2026-03-09T10:00:00.000Z",
    steps,
    done: n,
    applicable: steps.length,
    completion: n / steps.length,
    ...over,
  };
}

export function userSuccess(members: MemberAdoption[], over: Partial<UserSuccess> = {}): UserSuccess {
  return {
    members,
    total: members.length,
    next_cursor: null,
    rules: { inbox_connected: "The member connected a sending inbox." },
    ...over,
  };
}
