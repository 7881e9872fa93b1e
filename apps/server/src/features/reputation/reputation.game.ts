/**
 * The deliverability game: per inbox that delivers, ten tasks checked against the workspace's real
 * data (cached DNS checks, inbox settings, sends and events, campaign templates), worth 100 points
 * together. Each evaluation records every task's state (first_done_at kept after a regression) and
 * the workspace's score of the day (for the streak). Rules: docs/reputation.md, "The game".
 */
import { type DomainCheck, type GameBoard, type GameTask, type GameTaskKey, REPUTATION_THRESHOLDS as T } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { cachedDomainChecks } from "../deliverability/index.ts";
import { effectiveDailyLimit } from "../inboxes/index.ts";
import * as game from "./reputation.game.repository.ts";
import * as repo from "./reputation.repository.ts";
import { addDays, dayOf, domainOf } from "./reputation.snapshots.ts";

type Ctx = Pick<AppContext, "db">;
type InboxRow = Awaited<ReturnType<typeof repo.deliveringInboxes>>[number];

const DAY_MS = 86_400_000;
/** Days over which bounce and complaint rates are judged for the game. */
export const GAME_WINDOW_DAYS = 30;
/** A workspace day counts for the streak at or above this score. */
export const STREAK_SCORE = 80;
/** An inbox younger than this is new: it needs warm-up and a lower cap. */
export const NEW_INBOX_DAYS = 30;

export const TASKS: readonly { key: GameTaskKey; title: string; points: number }[] = [
  { key: "spf", title: "Publish an SPF record that authorizes your sending server", points: 15 },
  { key: "dkim", title: "Sign your mail with DKIM", points: 15 },
  { key: "dmarc", title: "Publish a DMARC policy", points: 10 },
  { key: "not_blocklisted", title: "Stay off DNS blocklists", points: 10 },
  { key: "safe_cap", title: "Keep the daily cap in the safe range for the inbox's age", points: 10 },
  { key: "warmup", title: "Warm up a new inbox", points: 10 },
  { key: "clean_bounces", title: "Clean bounces: never mail a bounced address, keep bounces under 2 %", points: 10 },
  { key: "low_complaints", title: "Keep spam complaints under 0.1 %", points: 5 },
  { key: "unsubscribe_footer", title: "Add an unsubscribe link to every email", points: 10 },
  { key: "imap", title: "Set up IMAP so replies and bounces are read", points: 5 },
];

/** The most a day a safe inbox sends, by age in days (cold-email practice: 20 while new, 50 once established). */
export function safeDailyCap(ageDays: number): number {
  return ageDays < 14 ? 20 : ageDays < NEW_INBOX_DAYS ? 35 : 50;
}

export const LEVELS = [
  { level: 1, name: "Spam folder", from: 0 },
  { level: 2, name: "Promotions tab", from: 40 },
  { level: 3, name: "Inbox", from: 60 },
  { level: 4, name: "Primary inbox", from: 80 },
  { level: 5, name: "Trusted sender", from: 95 },
] as const;

export function levelOf(score: number) {
  const i = LEVELS.findLastIndex((l) => score >= l.from);
  const l = LEVELS[Math.max(0, i)]!;
  return { level: l.level, name: l.name, next_at: LEVELS[i + 1]?.from ?? null };
}

const UNSUBSCRIBE = /\{\{-?\s*unsubscribe_url\b/;
const pct = (x: number) => `${(x * 100).toFixed(x > 0 && x < 0.01 ? 2 : 1)} %`;

interface Facts {
  checks: Map<string, DomainCheck[]>;
  campaigns: Awaited<ReturnType<typeof game.liveCampaigns>>;
  toBounced: Map<string, { n: number; campaignId: string }>;
  windows: Map<string, { sent: number; bounces: number; complaints: number }>;
  firstSent: Map<string, Date>;
  now: Date;
}

type Verdict = { done: boolean; why: string; link: string; link_label: string };

function dnsTask(checks: DomainCheck[], kind: "spf" | "dkim" | "dmarc", domain: string): Verdict {
  const c = checks.find((x) => x.kind === kind);
  const link = "/deliverability";
  const label = "Open deliverability checks";
  if (!c)
    return {
      done: false,
      why: `${kind.toUpperCase()} of ${domain} has not been checked yet: run the checks on the deliverability page.`,
      link,
      link_label: label,
    };
  if (c.status === "pass") return { done: true, why: `${kind.toUpperCase()} passes: ${c.summary}`, link, link_label: label };
  const fix = c.fix ? ` Publish ${c.fix.type} ${c.fix.name}: ${c.fix.value}` : "";
  return {
    done: false,
    why: `${kind.toUpperCase()} ${c.status === "unknown" ? "could not be checked" : c.status === "warn" ? "needs work" : "fails"}: ${c.summary}.${fix}`,
    link,
    link_label: label,
  };
}

/** Every task of one inbox, decided from the facts. */
export function judgeInbox(inbox: InboxRow, f: Facts): Record<GameTaskKey, Verdict> {
  const domain = domainOf(inbox.email);
  const checks = f.checks.get(domain) ?? [];
  // Its age: since it was connected here or first sent, whichever is earlier.
  const sent = f.firstSent.get(inbox.id);
  const born = sent && sent < inbox.createdAt ? sent : inbox.createdAt;
  const ageDays = Math.max(0, Math.floor((f.now.getTime() - born.getTime()) / DAY_MS));
  const inboxes = { link: "/inboxes", link_label: "Edit the inbox" };
  const w = f.windows.get(inbox.id) ?? { sent: 0, bounces: 0, complaints: 0 };

  const lists = checks.filter((c) => c.kind.startsWith("blocklist:"));
  const listed = lists.filter((c) => c.status === "fail").map((c) => c.kind.slice(10));
  const unknown = lists.filter((c) => c.status === "unknown").map((c) => c.kind.slice(10));
  const notBlocklisted: Verdict = {
    done: lists.length > 0 && listed.length === 0 && unknown.length === 0,
    why: !lists.length
      ? `No blocklist has been asked about ${domain} yet: run the blocklist lookups on the enhanced deliverability page.`
      : listed.length
        ? `${domain} is listed on ${listed.join(", ")}.`
        : unknown.length
          ? `${unknown.join(", ")} could not be asked (the zone did not answer): not counted as clean.`
          : `${domain} is on none of the ${lists.length} blocklists checked.`,
    link: "/deliverability/enhanced",
    link_label: "Open blocklist lookups",
  };

  const safe = safeDailyCap(ageDays);
  const today = effectiveDailyLimit(inbox, f.now);
  const capOk = inbox.warmupEnabled ? today <= safe && inbox.dailyLimit <= safeDailyCap(NEW_INBOX_DAYS) : inbox.dailyLimit <= safe;
  const safeCap: Verdict = {
    done: capOk,
    why: capOk
      ? `Sends at most ${today} a day${inbox.warmupEnabled ? ` today (warm-up towards ${inbox.dailyLimit})` : ""}, within ${safe} for an inbox ${ageDays} days old.`
      : inbox.warmupEnabled
        ? `The warm-up target of ${inbox.dailyLimit} a day is above ${safeDailyCap(NEW_INBOX_DAYS)}, the safe most for one inbox: lower it, and add inboxes for more volume.`
        : `The daily limit of ${inbox.dailyLimit} is above ${safe}, the safe most for an inbox ${ageDays} days old: lower it${ageDays < NEW_INBOX_DAYS ? " or enable warm-up" : ""}.`,
    ...inboxes,
  };

  const isNew = ageDays < NEW_INBOX_DAYS;
  const warmup: Verdict = {
    done: inbox.warmupEnabled || !isNew,
    why: inbox.warmupEnabled
      ? `Warm-up is on: ${inbox.warmupStartPerDay} a day, ${inbox.warmupIncreasePerDay} more each day.`
      : isNew
        ? `The inbox is ${ageDays} days old and sends its full limit from day one: enable warm-up.`
        : `The inbox is ${ageDays} days old: established, warm-up no longer needed.`,
    ...inboxes,
  };

  const bounced = f.toBounced.get(inbox.id);
  const bounceRate = w.sent ? w.bounces / w.sent : 0;
  const bouncesHigh = w.sent >= T.min_sends && bounceRate > T.bounce_rate;
  const cleanBounces: Verdict = {
    done: !bounced && !bouncesHigh,
    why: bounced
      ? `${bounced.n} message${bounced.n === 1 ? " was" : "s were"} sent in the last ${GAME_WINDOW_DAYS} days to addresses that had already bounced.`
      : bouncesHigh
        ? `Bounce rate ${pct(bounceRate)} over the last ${GAME_WINDOW_DAYS} days (${w.bounces} of ${w.sent}) is above ${pct(T.bounce_rate)}.`
        : `No mail to bounced addresses; ${w.sent ? `bounce rate ${pct(bounceRate)} of ${w.sent} sent` : "nothing sent"} in the last ${GAME_WINDOW_DAYS} days.`,
    link: bounced ? `/campaigns/${bounced.campaignId}` : "/leads",
    link_label: bounced ? "Open the campaign's message log" : "Review the lead list",
  };

  const complaintRate = w.sent ? w.complaints / w.sent : 0;
  const complaintsOk = w.complaints === 0 || (w.sent >= T.min_sends && complaintRate <= T.complaint_warn);
  const lowComplaints: Verdict = {
    done: complaintsOk,
    why:
      w.complaints === 0
        ? `No spam complaints in the last ${GAME_WINDOW_DAYS} days.`
        : `${w.complaints} complaint${w.complaints === 1 ? "" : "s"} of ${w.sent} sent (${pct(complaintRate)}) in the last ${GAME_WINDOW_DAYS} days${complaintsOk ? ", under 0.1 %" : `: keep it under ${pct(T.complaint_warn)}`}.`,
    link: "/campaigns",
    link_label: "Review campaigns",
  };

  const mine = f.campaigns.filter((c) => c.inboxIds.includes(inbox.id));
  const missing = mine.filter((c) =>
    c.steps.some((s) => !UNSUBSCRIBE.test(s.body) || s.variants.some((v) => v.body.trim() !== "" && !UNSUBSCRIBE.test(v.body))),
  );
  const footer: Verdict = {
    done: missing.length === 0,
    why: missing.length
      ? `${missing.length} campaign${missing.length === 1 ? "" : "s"} sending from it ha${missing.length === 1 ? "s" : "ve"} an email without {{ unsubscribe_url }}: ${missing
          .slice(0, 3)
          .map((c) => `“${c.name}”`)
          .join(", ")}.`
      : mine.length
        ? `Every email of its ${mine.length} campaign${mine.length === 1 ? "" : "s"} carries {{ unsubscribe_url }}.`
        : "No campaign sends from it yet: nothing goes out without an unsubscribe link.",
    link: missing[0] ? `/campaigns/${missing[0].id}/edit` : "/campaigns",
    link_label: missing[0] ? "Edit the campaign" : "Open campaigns",
  };

  const imap: Verdict = {
    done: inbox.imap !== null && !inbox.imapError,
    why:
      inbox.imap === null
        ? "No IMAP settings: replies and bounce reports sent to this inbox are never read."
        : inbox.imapError
          ? `IMAP fails: ${inbox.imapError}`
          : `IMAP reads ${inbox.imap.host}${inbox.imapLastPolledAt ? `, last read ${inbox.imapLastPolledAt.toISOString()}` : ""}.`,
    ...inboxes,
  };

  return {
    spf: dnsTask(checks, "spf", domain),
    dkim: dnsTask(checks, "dkim", domain),
    dmarc: dnsTask(checks, "dmarc", domain),
    not_blocklisted: notBlocklisted,
    safe_cap: safeCap,
    warmup,
    clean_bounces: cleanBounces,
    low_complaints: lowComplaints,
    unsubscribe_footer: footer,
    imap,
  };
}

/** Evaluates every inbox now, records the tasks and today's score, and answers one page of the board. */
export async function evaluateGame(ctx: Ctx, workspaceId: string, page = 1, perPage = 20, now = new Date()): Promise<GameBoard> {
  const inboxes = await repo.deliveringInboxes(ctx.db, workspaceId);
  const since = new Date(now.getTime() - GAME_WINDOW_DAYS * DAY_MS);
  const [allChecks, campaigns, toBounced, sends, events, firstSent] = await Promise.all([
    cachedDomainChecks(ctx, workspaceId),
    game.liveCampaigns(ctx.db, workspaceId),
    game.sendsToBounced(ctx.db, workspaceId, since),
    repo.sendsPerDay(ctx.db, workspaceId, since, now),
    repo.eventsPerDay(ctx.db, workspaceId, since, now),
    repo.firstSends(ctx.db, workspaceId),
  ]);
  const checks = new Map<string, DomainCheck[]>();
  for (const c of allChecks) checks.set(c.domain, [...(checks.get(c.domain) ?? []), c]);
  const windows = new Map<string, { sent: number; bounces: number; complaints: number }>();
  const win = (id: string) => {
    let w = windows.get(id);
    if (!w) {
      w = { sent: 0, bounces: 0, complaints: 0 };
      windows.set(id, w);
    }
    return w;
  };
  for (const s of sends) win(s.inboxId).sent += s.n;
  for (const e of events) {
    if (e.type === "bounce") win(e.inboxId).bounces += e.n;
    if (e.type === "complaint") win(e.inboxId).complaints += e.n;
  }
  const facts: Facts = { checks, campaigns, toBounced, windows, firstSent, now };

  const judged = inboxes.map((i) => ({ inbox: i, verdicts: judgeInbox(i, facts) }));
  await game.saveTasks(
    ctx.db,
    workspaceId,
    judged.flatMap((j) => TASKS.map((t) => ({ inboxId: j.inbox.id, task: t.key, done: j.verdicts[t.key].done }))),
    now,
  );
  const stored = await game.taskRows(ctx.db, workspaceId);
  const firstDone = new Map(stored.map((r) => [`${r.inboxId}|${r.task}`, r.firstDoneAt]));

  const board = judged.map(({ inbox, verdicts }) => {
    const tasks: GameTask[] = TASKS.map((t) => {
      const v = verdicts[t.key];
      return {
        key: t.key,
        title: t.title,
        done: v.done,
        why: v.why,
        points: t.points,
        earned: v.done ? t.points : 0,
        link: v.link,
        link_label: v.link_label,
        first_done_at: firstDone.get(`${inbox.id}|${t.key}`)?.toISOString() ?? null,
      };
    });
    return {
      inbox_id: inbox.id,
      email: inbox.email,
      domain: domainOf(inbox.email),
      score: tasks.reduce((n, t) => n + t.earned, 0),
      tasks_done: tasks.filter((t) => t.done).length,
      tasks,
    };
  });

  const score = board.length ? Math.round(board.reduce((n, b) => n + b.score, 0) / board.length) : null;
  const today = dayOf(now);
  let streak = 0;
  if (score !== null) {
    await game.saveDay(ctx.db, workspaceId, today, score);
    const days = await game.daysSince(ctx.db, workspaceId, addDays(today, -365));
    for (let i = 0, want = today; i < days.length; i++, want = addDays(want, -1)) {
      if (days[i]!.day !== want || days[i]!.score < STREAK_SCORE) break;
      streak++;
    }
  }
  const recent = await game.recentCompletions(ctx.db, workspaceId, 10);
  const titles = new Map(TASKS.map((t) => [t.key, t.title]));
  return {
    score,
    level: score === null ? null : levelOf(score),
    streak_days: streak,
    streak_score: STREAK_SCORE,
    tasks_done: board.reduce((n, b) => n + b.tasks_done, 0),
    tasks_total: board.length * TASKS.length,
    recent_completions: recent.map((r) => ({
      inbox_email: r.email,
      key: r.task,
      title: titles.get(r.task) ?? r.task,
      first_done_at: (r.firstDoneAt as Date).toISOString(),
    })),
    inboxes: board.slice((page - 1) * perPage, page * perPage),
    total: board.length,
    page,
    per_page: perPage,
    evaluated_at: now.toISOString(),
  };
}
