/**
 * The deliverability pages' answers: per sending domain the cached DNS checks, per inbox the bounce
 * and complaint rates against the bulk-sender thresholds, warm-up and today's volume; RFC 8058
 * readiness; blocklists; trends; and what a message's headers say. Pages read the cache; a job
 * (deliverability.jobs.ts) refreshes it.
 */
import type {
  BlocklistReport,
  CheckStatus,
  DeliverabilityOverview,
  DeliverabilityQuery,
  DomainCheck,
  HeaderAnalysis,
  InboxDeliverability,
  RateVerdict,
  RefreshRun,
  StoredMessages,
  Thresholds,
  Trends,
  TrendsQuery,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";
import { effectiveDailyLimit, inboxSendStats } from "../inboxes/index.ts";
import { cachedDomainChecks } from "./deliverability.checks.ts";
import { analyzeHeaders, parseHeaders } from "./deliverability.headers.ts";
import * as repo from "./deliverability.repository.ts";

export const REFRESH_JOB = "deliverability.refresh";
/** A run still "queued" or "running" after this long was cut off (a crash): a new one may start. */
const RUN_STALE_MS = 10 * 60_000;
export const WINDOW_DAYS = 30;
/** Too few sends say nothing about a rate (the inboxes feature's rule). */
export const MIN_SENDS = 20;
/** Gmail's and Yahoo's bulk-sender rules (2024): spam complaints under 0.3 %, aiming under 0.1 %. */
export const COMPLAINT_MAX = 0.003;
export const COMPLAINT_TARGET = 0.001;
/** The usual line for hard bounces; the app also pauses an inbox at BOUNCE_RATE_PAUSE_THRESHOLD. */
export const BOUNCE_MAX = 0.02;
const DNS_KINDS = ["spf", "dkim", "dmarc", "mx"];

type Ctx = Pick<AppContext, "db" | "config" | "jobs" | "hooks" | "log">;

export const domainOf = (email: string) => email.split("@")[1]?.toLowerCase() ?? "";
export const zones = (value: string) =>
  value.toLowerCase() === "none"
    ? []
    : value
        .split(",")
        .map((z) => z.trim().toLowerCase().replace(/\.$/, ""))
        .filter(Boolean);

export function toRun(row: repo.RunRow): RefreshRun {
  return {
    id: row.id,
    status: row.status,
    total: row.total,
    done: row.done,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

const isActive = (run: repo.RunRow | undefined, now = Date.now()) =>
  Boolean(run && (run.status === "queued" || run.status === "running") && now - run.createdAt.getTime() < RUN_STALE_MS);

export function thresholds(ctx: Pick<AppContext, "config">): Thresholds {
  return {
    window_days: WINDOW_DAYS,
    min_sends: MIN_SENDS,
    complaint_max: COMPLAINT_MAX,
    complaint_target: COMPLAINT_TARGET,
    bounce_max: Math.min(BOUNCE_MAX, ctx.config.BOUNCE_RATE_PAUSE_THRESHOLD),
    bounce_pause: ctx.config.BOUNCE_RATE_PAUSE_THRESHOLD,
  };
}

const pct = (x: number) => `${(x * 100).toFixed(x && x < 0.01 ? 2 : 1)} %`;

export function bounceVerdict(sent: number, bounces: number, t: Thresholds): RateVerdict {
  const rate = sent ? bounces / sent : 0;
  if (sent < MIN_SENDS)
    return {
      count: bounces,
      rate,
      status: "unknown",
      summary: `Only ${sent} sends in ${t.window_days} days: too few to judge (needs ${MIN_SENDS}).`,
    };
  if (rate >= t.bounce_pause)
    return {
      count: bounces,
      rate,
      status: "fail",
      summary: `${pct(rate)} bounced: at or above ${pct(t.bounce_pause)} the app pauses the inbox. Clean the list (verify addresses) before sending more.`,
    };
  if (rate >= t.bounce_max)
    return {
      count: bounces,
      rate,
      status: "warn",
      summary: `${pct(rate)} bounced: keep it under ${pct(t.bounce_max)}; verify addresses before importing.`,
    };
  return { count: bounces, rate, status: "pass", summary: `${pct(rate)} bounced, under ${pct(t.bounce_max)}.` };
}

export function complaintVerdict(sent: number, complaints: number, t: Thresholds): RateVerdict {
  const rate = sent ? complaints / sent : 0;
  if (sent < MIN_SENDS)
    return {
      count: complaints,
      rate,
      status: "unknown",
      summary: `Only ${sent} sends in ${t.window_days} days: too few to judge (needs ${MIN_SENDS}).`,
    };
  if (rate >= t.complaint_max)
    return {
      count: complaints,
      rate,
      status: "fail",
      summary: `${pct(rate)} marked as spam: Gmail and Yahoo filter bulk senders at ${pct(t.complaint_max)}. Send fewer, better-targeted emails.`,
    };
  if (rate >= t.complaint_target)
    return {
      count: complaints,
      rate,
      status: "warn",
      summary: `${pct(rate)} marked as spam: under the ${pct(t.complaint_max)} limit but above the ${pct(t.complaint_target)} target.`,
    };
  return { count: complaints, rate, status: "pass", summary: `${pct(rate)} marked as spam, under the ${pct(t.complaint_target)} target.` };
}

/** Whether recipients' one-click POST (RFC 8058) can reach the unsubscribe link. */
export function oneClick(ctx: Pick<AppContext, "config">): DeliverabilityOverview["one_click"] {
  const url = ctx.config.trackingUrl;
  let host = "";
  let https = false;
  try {
    const u = new URL(url);
    host = u.hostname;
    https = u.protocol === "https:";
  } catch {}
  const local =
    /^(localhost|127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|0\.0\.0\.0|\[?::1\]?$)/.test(host) ||
    host.endsWith(".local") ||
    !host.includes(".");
  const base = "Every email carries List-Unsubscribe and List-Unsubscribe-Post: List-Unsubscribe=One-Click.";
  if (local)
    return {
      status: "fail",
      tracking_url: url,
      headers_added: true,
      summary: `${base} But its link points at ${url}, which recipients cannot reach: set PUBLIC_URL (or TRACKING_BASE_URL) to the app's public https address.`,
    };
  if (!https)
    return {
      status: "warn",
      tracking_url: url,
      headers_added: true,
      summary: `${base} Its link is plain http (${url}): Gmail expects https for one-click unsubscribe. Serve the app over https.`,
    };
  return { status: "pass", tracking_url: url, headers_added: true, summary: `${base} The link (${url}) is a public https address.` };
}

function domainReports(
  inboxes: repo.SendingInbox[],
  checks: DomainCheck[],
  selectors: Map<string, string | null>,
  ttlMs: number,
  now: number,
) {
  const byDomain = new Map<string, string[]>();
  for (const i of inboxes) byDomain.set(domainOf(i.email), [...(byDomain.get(domainOf(i.email)) ?? []), i.email]);
  return [...byDomain.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([domain, emails]) => {
      const mine = checks.filter((c) => c.domain === domain);
      const dnsChecks = DNS_KINDS.map((k) => mine.find((c) => c.kind === k)).filter((c): c is DomainCheck => Boolean(c));
      const times = mine.map((c) => Date.parse(c.checked_at));
      const oldest = times.length ? Math.min(...times) : null;
      return {
        domain,
        inboxes: emails,
        checks: dnsChecks,
        dkim_selector: selectors.get(domain) ?? null,
        checked_at: oldest === null ? null : new Date(oldest).toISOString(),
        stale: oldest === null || dnsChecks.length < DNS_KINDS.length || now - oldest > ttlMs,
      };
    });
}

export async function overview(ctx: Ctx, workspaceId: string, query: DeliverabilityQuery): Promise<DeliverabilityOverview> {
  const now = new Date();
  const [inboxes, checks, selectors, latest] = await Promise.all([
    repo.sendingInboxes(ctx.db, workspaceId),
    cachedDomainChecks(ctx, workspaceId),
    repo.savedSelectors(ctx.db, workspaceId),
    repo.latestRun(ctx.db, workspaceId),
  ]);
  const ttlMs = ctx.config.DELIVERABILITY_CHECK_TTL_SECONDS * 1000;
  const domains = domainReports(inboxes, checks, selectors, ttlMs, now.getTime());
  let run = latest;
  // Stale or never checked: answer from the cache now and refresh behind it.
  if (domains.some((d) => d.stale) && !isActive(latest, now.getTime())) {
    // The page still answers when the queue cannot take the job (the next view tries again).
    run = await enqueue(ctx, workspaceId, null).catch((err) => {
      ctx.log.warn({ err, workspaceId }, "deliverability refresh not queued");
      return latest;
    });
  }

  const page = inboxes.slice((query.page - 1) * query.per_page, query.page * query.per_page);
  const t = thresholds(ctx);
  const [rates, stats, sendingCampaigns] = await Promise.all([
    repo.inboxRates(ctx.db, workspaceId, new Date(now.getTime() - WINDOW_DAYS * 86_400_000)),
    inboxSendStats(
      ctx,
      page.map((i) => i.id),
      now,
    ),
    repo.sendingCampaigns(ctx.db, workspaceId),
  ]);
  const rows: InboxDeliverability[] = page.map((i) => {
    const r = rates.get(i.id) ?? { sent: 0, bounces: 0, complaints: 0 };
    const started = i.warmupStartedAt ?? i.createdAt;
    const day = i.warmupEnabled ? Math.max(0, Math.floor((now.getTime() - started.getTime()) / 86_400_000)) : null;
    const todayLimit = effectiveDailyLimit(i, now);
    const mine = sendingCampaigns.filter((c) => c.inboxIds.includes(i.id));
    return {
      id: i.id,
      email: i.email,
      domain: domainOf(i.email),
      status: i.status,
      status_reason: i.statusReason,
      sent: r.sent,
      bounces: bounceVerdict(r.sent, r.bounces, t),
      complaints: complaintVerdict(r.sent, r.complaints, t),
      warmup: {
        enabled: i.warmupEnabled,
        started_at: i.warmupEnabled ? started.toISOString() : null,
        day,
        today_limit: todayLimit,
        daily_limit: i.dailyLimit,
        days_to_full:
          !i.warmupEnabled || todayLimit >= i.dailyLimit
            ? i.warmupEnabled
              ? 0
              : null
            : i.warmupIncreasePerDay > 0
              ? Math.ceil((i.dailyLimit - todayLimit) / i.warmupIncreasePerDay)
              : null,
      },
      sent_today: stats.get(i.id)?.sentToday ?? 0,
      campaigns: { total: mine.length, tracking: mine.filter((c) => c.trackOpens || c.trackClicks).length },
    };
  });
  return {
    domains,
    inboxes: rows,
    inbox_total: inboxes.length,
    page: query.page,
    per_page: query.per_page,
    one_click: oneClick(ctx),
    thresholds: t,
    ttl_seconds: ctx.config.DELIVERABILITY_CHECK_TTL_SECONDS,
    run: run ? toRun(run) : null,
  };
}

async function enqueue(ctx: Ctx, workspaceId: string, domain: string | null): Promise<repo.RunRow> {
  const run = await repo.createRun(ctx.db, workspaceId, domain);
  try {
    await ctx.jobs.send(REFRESH_JOB, { workspaceId, runId: run.id });
  } catch (err) {
    // A run that never reached the queue must not look busy for the next ten minutes.
    await repo.updateRun(ctx.db, run.id, {
      status: "failed",
      error: "The check could not be queued; try Re-check again.",
      finishedAt: new Date(),
    });
    throw err;
  }
  return run;
}

/** "Re-check": a run over every sending domain, or one; an unfinished run is returned instead of a second one. */
export async function startRefresh(ctx: Ctx, workspaceId: string, domain?: string): Promise<RefreshRun> {
  if (domain) {
    const inboxes = await repo.sendingInboxes(ctx.db, workspaceId);
    if (!inboxes.some((i) => domainOf(i.email) === domain)) throw new AppError("DELIVERABILITY_DOMAIN_NOT_FOUND");
  }
  const latest = await repo.latestRun(ctx.db, workspaceId);
  if (latest && isActive(latest) && (latest.domain === null || latest.domain === (domain ?? null))) return toRun(latest);
  return toRun(await enqueue(ctx, workspaceId, domain ?? null));
}

export async function getRun(ctx: Ctx, workspaceId: string, id: string): Promise<RefreshRun> {
  const run = await repo.getRun(ctx.db, workspaceId, id);
  if (!run) throw new AppError("DELIVERABILITY_RUN_NOT_FOUND");
  return toRun(run);
}

/** Saves (or clears) the DKIM selector of one of the workspace's sending domains and re-checks it. */
export async function saveSelector(ctx: Ctx, workspaceId: string, domain: string, selector: string | null): Promise<RefreshRun> {
  const inboxes = await repo.sendingInboxes(ctx.db, workspaceId);
  if (!inboxes.some((i) => domainOf(i.email) === domain)) throw new AppError("DELIVERABILITY_DOMAIN_NOT_FOUND");
  await repo.saveSelector(ctx.db, workspaceId, domain, selector);
  return toRun(await enqueue(ctx, workspaceId, domain));
}

export async function blocklists(ctx: Ctx, workspaceId: string): Promise<BlocklistReport> {
  const [inboxes, checks, latest] = await Promise.all([
    repo.sendingInboxes(ctx.db, workspaceId),
    cachedDomainChecks(ctx, workspaceId),
    repo.latestRun(ctx.db, workspaceId),
  ]);
  const byDomain = new Map<string, Set<string>>();
  for (const i of inboxes) {
    const set = byDomain.get(domainOf(i.email)) ?? new Set<string>();
    if (i.smtp?.host) set.add(i.smtp.host.toLowerCase());
    byDomain.set(domainOf(i.email), set);
  }
  return {
    ip_zones: zones(ctx.config.DNSBL_ZONES),
    domain_zones: zones(ctx.config.DNSBL_DOMAIN_ZONES),
    domains: [...byDomain.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([domain, hosts]) => ({
        domain,
        hosts: [...hosts].map((host) => ({ host, ips: /^\d+(\.\d+){3}$/.test(host) ? [host] : [] })),
        checks: checks.filter((c) => c.domain === domain && c.kind.startsWith("blocklist:")),
      })),
    run: latest ? toRun(latest) : null,
  };
}

const dayString = (d: Date) => d.toISOString().slice(0, 10);

export async function trends(ctx: Ctx, workspaceId: string, query: TrendsQuery): Promise<Trends> {
  const today = new Date();
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (query.days - 1)));
  const [inboxes, rates, history] = await Promise.all([
    repo.sendingInboxes(ctx.db, workspaceId),
    repo.dailyInboxRates(ctx.db, workspaceId, start),
    repo.dailyHistory(ctx.db, workspaceId, dayString(start)),
  ]);
  const inboxDomain = new Map(inboxes.map((i) => [i.id, domainOf(i.email)]));
  const domains = [...new Set(inboxes.map((i) => domainOf(i.email)))].filter((d) => !query.domain || d === query.domain).sort();
  const key = (day: string, domain: string) => `${day}|${domain}`;
  const counts = new Map<string, { sent: number; bounces: number; complaints: number }>();
  for (const r of rates) {
    const domain = inboxDomain.get(r.inbox_id);
    if (!domain) continue;
    const c = counts.get(key(r.day, domain)) ?? { sent: 0, bounces: 0, complaints: 0 };
    c.sent += r.sent;
    c.bounces += r.bounces;
    c.complaints += r.complaints;
    counts.set(key(r.day, domain), c);
  }
  const checks = new Map(history.map((h) => [key(h.day, h.domain), h.checks]));
  const series: Trends["series"] = [];
  for (let i = 0; i < query.days; i++) {
    const day = dayString(new Date(start.getTime() + i * 86_400_000));
    for (const domain of domains) {
      const c = counts.get(key(day, domain)) ?? { sent: 0, bounces: 0, complaints: 0 };
      series.push({
        date: day,
        domain,
        ...c,
        bounce_rate: c.sent ? c.bounces / c.sent : 0,
        complaint_rate: c.sent ? c.complaints / c.sent : 0,
        checks: (checks.get(key(day, domain)) as Record<string, CheckStatus> | undefined) ?? null,
      });
    }
  }
  return { days: query.days, domains, series };
}

export async function storedMessages(ctx: Ctx, workspaceId: string, page: number, perPage: number): Promise<StoredMessages> {
  const { items, total } = await repo.localMessages(ctx.db, workspaceId, page, perPage);
  return {
    items: items.map((m) => ({
      id: m.id,
      subject: m.subject,
      from: m.fromAddress,
      to: m.toAddress,
      kind: m.kind,
      created_at: m.createdAt.toISOString(),
    })),
    total,
    page,
    per_page: perPage,
  };
}

/** A local-mailbox message's headers as our sender wrote them; it never crossed the internet, which the notes say. */
export async function storedMessageHeaders(ctx: Ctx, workspaceId: string, id: string): Promise<HeaderAnalysis> {
  const m = await repo.localMessage(ctx.db, workspaceId, id);
  if (!m) throw new AppError("DELIVERABILITY_MESSAGE_NOT_FOUND");
  const headers = [
    { name: "From", value: m.fromAddress },
    { name: "To", value: m.toAddress },
    { name: "Subject", value: m.subject },
    { name: "Date", value: (m.sentAt ?? m.createdAt).toUTCString() },
    ...(m.messageId ? [{ name: "Message-ID", value: m.messageId }] : []),
  ];
  return analyzeHeaders(headers, [
    `Kept in this app's local mailbox (status ${m.status}): it never left this server, so no receiver checked SPF, DKIM or DMARC and there are no Authentication-Results to read. Send a test from a real inbox to your own address, open "Show original" (Gmail) or "View message source" (Outlook), and paste the headers below.`,
  ]);
}

export function pastedHeaders(raw: string): HeaderAnalysis {
  const headers = parseHeaders(raw);
  if (!headers)
    throw new AppError("DELIVERABILITY_HEADERS_INVALID", undefined, {
      errors: [{ field: "raw", message: "No header lines (Name: value) found" }],
    });
  return analyzeHeaders(headers);
}
