/**
 * Threat detection (docs/security-operations.md): sign-in events from identity's hook, detection
 * runs over the events since the watermark, alerts (one open per workspace, rule and subject) and
 * the per-workspace rule settings.
 */
import type {
  AlertSeverity,
  DetectionRun,
  DetectionStatus,
  SecurityAlert,
  SecurityAlertAction,
  SecurityAlertDetail,
  SecurityRuleId,
  SecurityRuleList,
  SecurityRuleUpdate,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError, validationError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { apiKeyActivityBetween } from "../api-keys/index.ts";
import type { SignInAttempt } from "../identity/index.ts";
import { createNotification } from "../notifications/index.ts";
import * as repo from "./detection.repository.ts";
import {
  apiKeyDenied,
  apiKeyNewAddress,
  apiKeyVolume,
  bruteForce,
  credentialStuffing,
  defaultThresholds,
  type Finding,
  impossibleTravel,
  newDevice,
  privilegeChange,
  RULE_IDS,
  RULES,
  type Thresholds,
} from "./detection.rules.ts";
import { type GeoIp, loadGeoIp } from "./geoip.ts";

type Ctx = AppContext;

export const DETECTION_JOB = "security.detect";
/** Security events are kept this long, then pruned by the detection run. */
export const EVENT_RETENTION_DAYS = 90;
/** The first run (no watermark yet) looks back this far. */
const FIRST_RUN_LOOKBACK_MS = 24 * 3_600_000;
/** Sign-in windows (brute force, stuffing) look back at most a day before the watermark. */
const SIGN_IN_LOOKBACK_MS = 24 * 3_600_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const STALE_RUN_MS = 30 * 60_000;
const RUN_STEPS = 4;
const EVENT_IDS_KEPT = 200;

// ---- recording

export async function recordSignIn(ctx: Pick<AppContext, "db">, a: SignInAttempt): Promise<void> {
  await repo.insertSignIn(ctx.db, {
    outcome: a.outcome,
    method: a.method,
    email: a.email.slice(0, 320),
    userId: a.userId,
    ip: a.ip,
    userAgent: a.userAgent?.slice(0, 500) ?? null,
    at: a.at,
  });
}

// ---- scope

const scopeOf = (auth: AuthContext): repo.AlertScope => ({ workspaceId: auth.workspaceId, instance: auth.isInstanceAdmin });

// ---- GeoIP

/** The GeoIP database, or null with why (shown on the rules). */
export async function geoIp(ctx: Ctx): Promise<{ geo: GeoIp | null; reason: string | null }> {
  const path = ctx.config.GEOIP_DATABASE_PATH;
  if (!path) return { geo: null, reason: "off: no GeoIP database (set GEOIP_DATABASE_PATH)" };
  try {
    return { geo: await loadGeoIp(path), reason: null };
  } catch (err) {
    ctx.log.warn({ err, path }, "GeoIP database could not be loaded");
    return { geo: null, reason: `off: the GeoIP database at ${path} could not be read` };
  }
}

// ---- rule settings

interface RuleSetting {
  enabled: boolean;
  thresholds: Thresholds;
}

function settingFrom(rule: SecurityRuleId, row: repo.RuleSettingRow | undefined): RuleSetting {
  return { enabled: row?.enabled ?? true, thresholds: { ...defaultThresholds(rule), ...(row?.thresholds ?? {}) } };
}

export async function listRules(ctx: Ctx, auth: AuthContext): Promise<SecurityRuleList> {
  const rows = await repo.ruleSettingsOf(ctx.db, auth.workspaceId);
  const { reason } = await geoIp(ctx);
  return {
    items: RULE_IDS.map((rule) => {
      const spec = RULES[rule];
      const s = settingFrom(
        rule,
        rows.find((r) => r.rule === rule),
      );
      return {
        rule,
        name: spec.name,
        explanation: spec.explanation,
        severity: spec.severity,
        enabled: s.enabled,
        thresholds: spec.thresholds.map((t) => ({ ...t, value: s.thresholds[t.key] ?? t.default })),
        unavailable: rule === "impossible_travel" ? reason : null,
      };
    }),
  };
}

export async function updateRule(ctx: Ctx, auth: AuthContext, ruleId: string, body: SecurityRuleUpdate): Promise<SecurityRuleList> {
  if (!(RULE_IDS as string[]).includes(ruleId))
    throw new AppError("SECURITY_RULE_UNKNOWN", `No detection rule "${ruleId}": use one of ${RULE_IDS.join(", ")}`);
  const rule = ruleId as SecurityRuleId;
  const spec = RULES[rule];
  const errors: { field: string; message: string }[] = [];
  for (const [key, value] of Object.entries(body.thresholds ?? {})) {
    const t = spec.thresholds.find((x) => x.key === key);
    if (!t) errors.push({ field: `thresholds.${key}`, message: `Not a threshold of ${spec.name}` });
    else if (value < t.min || value > t.max) errors.push({ field: `thresholds.${key}`, message: `Between ${t.min} and ${t.max}` });
  }
  if (errors.length) throw validationError(errors);
  const current = settingFrom(
    rule,
    (await repo.ruleSettingsOf(ctx.db, auth.workspaceId)).find((r) => r.rule === rule),
  );
  await repo.upsertRuleSetting(ctx.db, {
    workspaceId: auth.workspaceId,
    rule,
    enabled: body.enabled ?? current.enabled,
    thresholds: { ...current.thresholds, ...(body.thresholds ?? {}) },
    updatedBy: auth.userId,
  });
  return listRules(ctx, auth);
}

// ---- alerts

function toAlert(r: repo.SecurityAlertRow): SecurityAlert {
  return {
    id: r.id,
    workspace_id: r.workspaceId,
    rule: r.rule as SecurityRuleId,
    severity: r.severity as AlertSeverity,
    subject: r.subject,
    title: r.title,
    status: r.status as SecurityAlert["status"],
    occurrences: r.occurrences,
    first_seen_at: r.firstSeenAt.toISOString(),
    last_seen_at: r.lastSeenAt.toISOString(),
    incident_id: r.incidentId,
    handled_by: r.handledBy,
    handled_at: r.handledAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

const encodeCursor = (at: Date, id: string) => Buffer.from(JSON.stringify([at.getTime(), id])).toString("base64url");
function decodeCursor(cursor: string | undefined): { at: Date; id: string } | undefined {
  if (!cursor) return undefined;
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(v) && typeof v[0] === "number" && typeof v[1] === "string" && isUuid(v[1])) return { at: new Date(v[0]), id: v[1] };
  } catch {}
  throw validationError([{ field: "cursor", message: "Not a cursor this list handed out" }]);
}

export async function listAlerts(
  ctx: Ctx,
  auth: AuthContext,
  q: { status?: string; rule?: string; severity?: string; since?: string; limit: number; cursor?: string },
) {
  const rows = await repo.listAlerts(ctx.db, scopeOf(auth), {
    ...q,
    since: q.since ? new Date(q.since) : undefined,
    after: decodeCursor(q.cursor),
  });
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return { items: page.map(toAlert), next_cursor: rows.length > q.limit && last ? encodeCursor(last.createdAt, last.id) : null };
}

async function alertOr404(ctx: Ctx, auth: AuthContext, id: string): Promise<repo.SecurityAlertRow> {
  if (!isUuid(id)) throw new AppError("SECURITY_ALERT_NOT_FOUND");
  const row =
    (await repo.findAlertById(ctx.db, auth.workspaceId, id)) ?? (auth.isInstanceAdmin ? await repo.findAlertById(ctx.db, null, id) : null);
  if (!row) throw new AppError("SECURITY_ALERT_NOT_FOUND");
  return row;
}

export async function getAlert(ctx: Ctx, auth: AuthContext, id: string): Promise<SecurityAlertDetail> {
  const row = await alertOr404(ctx, auth, id);
  return { ...toAlert(row), evidence: row.evidence };
}

const STATUS_OF: Record<SecurityAlertAction, string> = { acknowledge: "acknowledged", resolve: "resolved", dismiss: "dismissed" };

export async function actOnAlert(
  ctx: Ctx,
  auth: AuthContext,
  id: string,
  action: SecurityAlertAction,
  note?: string,
): Promise<SecurityAlertDetail> {
  await alertOr404(ctx, auth, id);
  const row = await repo.setAlertStatus(ctx.db, id, STATUS_OF[action], auth.userId, note);
  if (!row) throw new AppError("SECURITY_ALERT_CLOSED");
  return { ...toAlert(row), evidence: row.evidence };
}

// ---- events

export async function listEvents(
  ctx: Ctx,
  auth: AuthContext,
  q: { outcome?: string; email?: string; ip?: string; limit: number; cursor?: string },
) {
  const rows = await repo.listEvents(ctx.db, scopeOf(auth), { ...q, after: decodeCursor(q.cursor) });
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({
      id: r.id,
      outcome: r.outcome as never,
      method: r.method as never,
      email: r.email,
      user_id: r.userId,
      ip: r.ip,
      user_agent: r.userAgent,
      at: r.at.toISOString(),
    })),
    next_cursor: rows.length > q.limit && last ? encodeCursor(last.at, last.id) : null,
  };
}

// ---- runs

function toRun(r: repo.DetectionRunRow): DetectionRun {
  return {
    id: r.id,
    status: r.status as DetectionRun["status"],
    trigger: r.trigger as DetectionRun["trigger"],
    window_from: r.windowFrom?.toISOString() ?? null,
    window_to: r.windowTo?.toISOString() ?? null,
    steps_done: r.stepsDone,
    steps_total: r.stepsTotal,
    alerts_raised: r.alertsRaised,
    alerts_updated: r.alertsUpdated,
    events_pruned: r.eventsPruned,
    error: r.error,
    started_at: r.startedAt?.toISOString() ?? null,
    finished_at: r.finishedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

export async function detectionStatus(ctx: Ctx): Promise<DetectionStatus> {
  const latest = await repo.latestRun(ctx.db);
  const { geo } = await geoIp(ctx);
  return { latest: latest ? toRun(latest) : null, geoip: geo?.source ?? null };
}

/** Queues a run unless one is queued or running; answers the run either way (manual: 409 when busy). */
export async function queueRun(ctx: Ctx, trigger: "scheduled" | "manual", by: string | null): Promise<DetectionRun | null> {
  await repo.failStaleRuns(ctx.db, new Date(Date.now() - STALE_RUN_MS));
  const active = await repo.activeRun(ctx.db);
  if (active) {
    if (trigger === "manual") throw new AppError("DETECTION_RUN_ACTIVE");
    return null;
  }
  const run = await repo.insertRun(ctx.db, trigger, by);
  await ctx.jobs.send(DETECTION_JOB, { runId: run.id }, { singletonKey: `security-detect:${run.id}` });
  return toRun(run);
}

export async function requestRun(ctx: Ctx, auth: AuthContext): Promise<DetectionRun> {
  return (await queueRun(ctx, "manual", auth.userId)) as DetectionRun;
}

export async function getRun(ctx: Ctx, id: string): Promise<DetectionRun> {
  const run = isUuid(id) ? await repo.findRun(ctx.db, id) : null;
  if (!run) throw new AppError("NOT_FOUND", "No such detection run");
  return toRun(run);
}

/** The ticker's call: queue a scheduled run (a no-op while one is queued or running). */
export async function tick(ctx: Ctx): Promise<void> {
  await queueRun(ctx, "scheduled", null);
}

/** Queues and performs a run in this process (tests, and the job handler's caller). */
export async function detectNow(ctx: Ctx, now = new Date()): Promise<DetectionRun> {
  const run = await repo.insertRun(ctx.db, "manual", null);
  await performRun(ctx, run.id, now);
  return toRun((await repo.findRun(ctx.db, run.id)) as repo.DetectionRunRow);
}

interface RunCounts {
  raised: number;
  updated: number;
}

/** The job: sign-in rules, API key rules, privilege changes, pruning; progress stored after each step. */
export async function performRun(ctx: Ctx, runId: string, now = new Date()): Promise<void> {
  const from = (await repo.watermark(ctx.db)) ?? new Date(now.getTime() - FIRST_RUN_LOOKBACK_MS);
  const run = await repo.claimRun(ctx.db, runId, from, now, RUN_STEPS);
  if (!run) return;
  const counts: RunCounts = { raised: 0, updated: 0 };
  let step = 0;
  const progress = async () => {
    step++;
    await repo.updateRun(ctx.db, runId, { stepsDone: step, alertsRaised: counts.raised, alertsUpdated: counts.updated });
  };
  try {
    const settings = await repo.allRuleSettings(ctx.db);
    const settingOf = (ws: string, rule: SecurityRuleId) =>
      settingFrom(
        rule,
        settings.find((s) => s.workspaceId === ws && s.rule === rule),
      );
    await detectSignIns(ctx, from, now, settingOf, counts);
    await progress();
    await detectApiKeys(ctx, from, now, settingOf, counts);
    await progress();
    const privilege = privilegeChange(await repo.privilegeEventsBetween(ctx.db, from, now), from);
    for (const f of privilege) if (settingOf(f.workspaceId as string, f.rule).enabled) await raise(ctx, f.workspaceId as string, f, counts);
    await progress();
    const pruned = await repo.pruneEvents(ctx.db, new Date(now.getTime() - EVENT_RETENTION_DAYS * DAY));
    await repo.updateRun(ctx.db, runId, { eventsPruned: pruned });
    await progress();
    await repo.updateRun(ctx.db, runId, { status: "done", finishedAt: new Date() });
  } catch (err) {
    ctx.log.error({ err, runId }, "detection run failed");
    await repo.updateRun(ctx.db, runId, { status: "failed", error: (err as Error).message.slice(0, 500), finishedAt: new Date() });
  }
}

type SettingOf = (ws: string, rule: SecurityRuleId) => RuleSetting;

/** Runs `evaluate` once per distinct threshold set in use and hands each workspace its findings. */
async function perWorkspace(
  ctx: Ctx,
  rule: SecurityRuleId,
  evaluate: (t: Thresholds) => Finding[],
  memberships: Map<string, string[]>,
  settingOf: SettingOf,
  counts: RunCounts,
) {
  const cache = new Map<string, Finding[]>();
  const findingsFor = (t: Thresholds) => {
    const key = JSON.stringify(Object.entries(t).sort());
    let f = cache.get(key);
    if (!f) {
      f = evaluate(t);
      cache.set(key, f);
    }
    return f;
  };
  // Any workspace a finding could reach: the workspaces of every user concerned under any setting.
  const candidates = new Set<string>();
  for (const ws of memberships.values()) for (const w of ws) candidates.add(w);
  for (const ws of candidates) {
    const s = settingOf(ws, rule);
    if (!s.enabled) continue;
    for (const f of findingsFor(s.thresholds)) {
      const members = f.userIds.filter((u) => memberships.get(u)?.includes(ws));
      if (members.length === 0) continue;
      await raise(ctx, ws, rule === "credential_stuffing" ? onlyMembers(f, members) : f, counts);
    }
  }
  return findingsFor;
}

/** A credential-stuffing finding as one workspace sees it: its own members only, the total as a count. */
function onlyMembers(f: Finding, members: string[]): Finding {
  const events = (f.evidence.events as { email: string }[]) ?? [];
  const memberEmails = new Set<string>();
  const all = (f.evidence.member_events as { email: string; userId: string | null }[]) ?? [];
  for (const e of all) if (e.userId && members.includes(e.userId)) memberEmails.add(e.email);
  return {
    ...f,
    userIds: members,
    evidence: {
      ...f.evidence,
      accounts: [...memberEmails],
      events: events.filter((e) => memberEmails.has(e.email)),
      member_events: undefined,
      members_targeted: members.length,
    },
  };
}

async function detectSignIns(ctx: Ctx, from: Date, to: Date, settingOf: SettingOf, counts: RunCounts) {
  const events = await repo.signInsBetween(ctx.db, new Date(from.getTime() - SIGN_IN_LOOKBACK_MS), to);
  const fresh = events.filter((e) => e.at > from);
  if (fresh.length === 0) return;
  const freshSuccessUsers = [...new Set(fresh.filter((e) => e.outcome === "success" && e.userId).map((e) => e.userId as string))];
  const successes = await repo.successesOf(ctx.db, freshSuccessUsers, new Date(to.getTime() - 90 * DAY), to);
  const userIds = [...new Set(events.map((e) => e.userId).filter((u): u is string => u !== null))];
  const memberships = new Map<string, string[]>();
  for (const m of await repo.membershipsOf(ctx.db, userIds))
    memberships.set(m.userId, [...(memberships.get(m.userId) ?? []), m.workspaceId]);

  await perWorkspace(ctx, "brute_force", (t) => bruteForce(events, t, from), memberships, settingOf, counts);

  // Credential stuffing keeps each event's user so a workspace's view can be cut to its members.
  const stuffing = (t: Thresholds) =>
    credentialStuffing(events, t, from).map((f) => ({
      ...f,
      evidence: {
        ...f.evidence,
        member_events: events.filter((e) => f.eventIds.includes(e.id)).map((e) => ({ email: e.email, userId: e.userId })),
      },
    }));
  await perWorkspace(ctx, "credential_stuffing", stuffing, memberships, settingOf, counts);
  // The whole attack, for the instance admin (accounts that do not exist included).
  for (const f of credentialStuffing(events, defaultThresholds("credential_stuffing"), from)) await raise(ctx, null, f, counts);

  const { geo } = await geoIp(ctx);
  if (geo) {
    await perWorkspace(
      ctx,
      "impossible_travel",
      (t) => impossibleTravel(successes, (ip) => geo.lookup(ip), t, from),
      memberships,
      settingOf,
      counts,
    );
  }
  await perWorkspace(ctx, "new_device", (t) => newDevice(successes, t, from), memberships, settingOf, counts);
}

async function detectApiKeys(ctx: Ctx, from: Date, to: Date, settingOf: SettingOf, counts: RunCounts) {
  const hourFrom = new Date(Math.floor(from.getTime() / HOUR) * HOUR);
  const end = new Date(to.getTime() + HOUR);
  const recent = await apiKeyActivityBetween(ctx, hourFrom, end);
  if (recent.length === 0) return;
  const keyIds = [...new Set(recent.map((r) => r.apiKeyId))];
  // History for the baselines: 7 days for volume, up to 90 for new addresses.
  const rows = await apiKeyActivityBetween(ctx, new Date(hourFrom.getTime() - 90 * DAY), end, keyIds);
  const rules: [SecurityRuleId, (t: Thresholds) => Finding[]][] = [
    ["api_key_volume", (t) => apiKeyVolume(rows, t, from)],
    ["api_key_new_address", (t) => apiKeyNewAddress(rows, t, from)],
    ["api_key_denied", (t) => apiKeyDenied(rows, t, from)],
  ];
  for (const [rule, evaluate] of rules) {
    const byWorkspace = new Map<string, Finding[]>();
    for (const ws of new Set(rows.map((r) => r.workspaceId))) {
      const s = settingOf(ws, rule);
      if (!s.enabled) continue;
      byWorkspace.set(
        ws,
        evaluate(s.thresholds).filter((f) => f.workspaceId === ws),
      );
    }
    for (const [ws, findings] of byWorkspace) for (const f of findings) await raise(ctx, ws, f, counts);
  }
}

const RANK: Record<string, number> = { low: 0, medium: 1, high: 2, critical: 3 };

/** One open alert per (workspace, rule, subject): a repeat with new events updates it; one with none is ignored. */
async function raise(ctx: Ctx, workspaceId: string | null, f: Finding, counts: RunCounts): Promise<void> {
  const open = await repo.findOpenAlert(ctx.db, workspaceId, f.rule, f.subject);
  if (open) {
    const seen = new Set((open.evidence.event_ids as string[] | undefined) ?? []);
    if (f.eventIds.every((id) => seen.has(id))) return;
    const eventIds = [...new Set([...seen, ...f.eventIds])].slice(-EVENT_IDS_KEPT);
    await repo.updateAlertFinding(ctx.db, open.id, {
      severity: RANK[f.severity]! > RANK[open.severity]! ? f.severity : open.severity,
      title: f.title,
      evidence: { ...f.evidence, event_ids: eventIds, notes: open.evidence.notes },
      // biome-ignore lint/complexity/useMathMinMax: dates, not numbers (Math.max would answer a number).
      lastSeenAt: f.at > open.lastSeenAt ? f.at : open.lastSeenAt,
    });
    counts.updated++;
    return;
  }
  const row = await repo.insertAlert(ctx.db, {
    workspaceId,
    rule: f.rule,
    severity: f.severity,
    subject: f.subject,
    title: f.title.slice(0, 300),
    evidence: { ...f.evidence, event_ids: f.eventIds.slice(-EVENT_IDS_KEPT) },
    firstSeenAt: f.at,
    lastSeenAt: f.at,
  });
  counts.raised++;
  if (workspaceId && (f.severity === "high" || f.severity === "critical")) await notifyAdmins(ctx, workspaceId, row);
}

/** Once per alert, when it is raised: the workspace's admins hear of high and critical ones. */
async function notifyAdmins(ctx: Ctx, workspaceId: string, alert: repo.SecurityAlertRow): Promise<void> {
  for (const userId of await repo.adminsOf(ctx.db, workspaceId)) {
    try {
      await createNotification(ctx, {
        workspaceId,
        userId,
        type: "error",
        title: `Security alert (${alert.severity}): ${RULES[alert.rule as SecurityRuleId].name}`,
        message: alert.title,
        link: `/security/threat-detection?alert=${alert.id}`,
        data: { alert_id: alert.id, rule: alert.rule },
      });
    } catch (err) {
      ctx.log.warn({ err, alertId: alert.id }, "security alert notification failed");
    }
  }
}
