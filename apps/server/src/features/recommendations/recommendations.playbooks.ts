/**
 * Playbooks: what earned replies in this workspace. Templates (a step's or variant's subject and
 * body, identical content across campaigns grouped by a fingerprint of the normalized text), send
 * times (recipient-local weekday × 3-hour blocks, from send-insights' cells) and lead segments,
 * each with sends, replies and the reply rate's 95 % Wilson interval, ranked by the interval's
 * lower bound; rows under the minimum sample are kept, marked and ranked last.
 */
import { createHash } from "node:crypto";
import {
  CAMPAIGN_EDITABLE_STATES,
  MAX_STEPS,
  type PlaybookQuery,
  type PlaybookSegment,
  type PlaybookSendTime,
  type Playbooks,
  type PlaybookTemplate,
  type PlaybookTemplateDetail,
  type PlaybookTemplateUsed,
  type PlaybookUseTemplate,
  type RateEstimate,
} from "@prospector/contracts";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { wilson } from "../../platform/stats.ts";
import { refreshStatus } from "../analytics/index.ts";
import { findCampaign, updateCampaign } from "../campaigns/index.ts";
import { sendTimeInsights } from "../send-insights/index.ts";
import * as repo from "./recommendations.repository.ts";

type Ctx = AppContext;
type Query = z.output<typeof PlaybookQuery>;
const DAY_MS = 86_400_000;
export const BLOCK_HOURS = 3;
const TOP = 50;

export const SOURCE =
  "Delivered campaign emails (campaign outbox, status sent) and the human replies to them (reply events, bots excluded); a rate is replies per delivered email.";

/** Lower case, tags stripped, white space collapsed: cosmetic edits do not split a template. */
export const normalize = (s: string) =>
  s
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();

export const fingerprint = (subject: string, body: string) =>
  createHash("sha256")
    .update(`${normalize(subject)}\u0001${normalize(body)}`)
    .digest("hex")
    .slice(0, 16);

const opening = (body: string) => {
  const text = body
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > 140 ? `${text.slice(0, 139)}…` : text;
};

/** Sorted best first: enough data before not enough, then the interval's lower bound, then sample size. */
export function rank<T extends { enough: boolean; estimate: RateEstimate; sends: number }>(rows: T[]): T[] {
  return [...rows].sort(
    (a, b) => Number(b.enough) - Number(a.enough) || (b.estimate.low ?? -1) - (a.estimate.low ?? -1) || b.sends - a.sends,
  );
}

const figures = (sends: number, replies: number, min: number) => ({
  sends,
  replies,
  estimate: wilson(replies, sends),
  enough: sends >= min,
});

interface Content {
  subject: string;
  body: string;
}

/** The content a message was built from: the step's, or its variant's (an empty variant field falls back to the step's). */
export function contentOf(c: repo.CampaignLite, step: number, variant: number): Content | null {
  const s = c.steps[step];
  if (!s) return null;
  if (variant === 0) return { subject: s.subject, body: s.body };
  const v = s.variants[variant - 1];
  if (!v) return null;
  return { subject: v.subject || s.subject, body: v.body.trim() ? v.body : s.body };
}

interface TemplateGroup {
  hash: string;
  content: Content;
  sends: number;
  replies: number;
  rows: (repo.ContentRow & { campaign: repo.CampaignLite })[];
}

async function templateGroups(ctx: Ctx, w: repo.Window, counted?: repo.ContentRow[]): Promise<Map<string, TemplateGroup>> {
  const rows = counted ?? (await repo.contentCounts(ctx.db, w));
  const camps = new Map(
    (await repo.campaignsByIds(ctx.db, w.workspaceId, [...new Set(rows.map((r) => r.campaign_id))])).map((c) => [c.id, c]),
  );
  const groups = new Map<string, TemplateGroup>();
  for (const r of rows) {
    const c = camps.get(r.campaign_id);
    const content = c ? contentOf(c, r.step, r.variant) : null;
    // A step deleted since it was sent has no content left to reuse.
    if (!c || !content) continue;
    const hash = fingerprint(content.subject, content.body);
    const g = groups.get(hash) ?? { hash, content, sends: 0, replies: 0, rows: [] };
    g.sends += r.sends;
    g.replies += r.replies;
    g.rows.push({ ...r, campaign: c });
    groups.set(hash, g);
  }
  return groups;
}

const windowOf = (workspaceId: string, days: number, now: Date): repo.Window => ({
  workspaceId,
  from: new Date(now.getTime() - days * DAY_MS),
  to: now,
});

/**
 * The answers computed since the workspace's analytics were last refreshed, per workspace × period
 * × minimum sample (this process's memory, at most CACHE_MAX entries): reused while the engine's
 * `computed_at` is unchanged and for at most CACHE_TTL_MS (the engine's schedule period), so the
 * playbooks lag the outbox no more than the analytics pages do. A workspace never refreshed is
 * computed on every request; "Use this" clears its workspace's answers.
 */
export const CACHE_TTL_MS = 5 * 60_000;
const CACHE_MAX = 500;
const cache = new Map<string, { stamp: string; at: number; answer: Playbooks }>();

export function forgetPlaybooks(workspaceId: string): void {
  for (const k of cache.keys()) if (k.startsWith(`${workspaceId}:`)) cache.delete(k);
}

export async function playbooks(ctx: Ctx, workspaceId: string, q: Query, now = new Date()): Promise<Playbooks> {
  const stamp = (await refreshStatus(ctx, workspaceId)).computed_at;
  if (!stamp) return computePlaybooks(ctx, workspaceId, q, now);
  const key = `${workspaceId}:${q.days}:${q.min_sends}`;
  const hit = cache.get(key);
  const age = now.getTime() - (hit?.at ?? 0);
  if (hit && hit.stamp === stamp && age >= 0 && age < CACHE_TTL_MS) return hit.answer;
  const answer = await computePlaybooks(ctx, workspaceId, q, now);
  cache.delete(key);
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(key, { stamp, at: now.getTime(), answer });
  return answer;
}

async function computePlaybooks(ctx: Ctx, workspaceId: string, q: Query, now: Date): Promise<Playbooks> {
  const w = windowOf(workspaceId, q.days, now);
  const min = q.min_sends;
  const counts = await repo.playbookCounts(ctx.db, w);
  const groups = await templateGroups(ctx, w, counts.content);
  const segRows = counts.segments;
  const total = counts.content.reduce((t, r) => ({ sends: t.sends + r.sends, replies: t.replies + r.replies }), { sends: 0, replies: 0 });
  const times = await sendTimeInsights(ctx, workspaceId, { days: q.days, metric: "reply", block_hours: BLOCK_HOURS }, now);
  const templates: PlaybookTemplate[] = [...groups.values()].map((g) => ({
    hash: g.hash,
    subject: g.content.subject,
    opening: opening(g.content.body),
    campaigns: new Set(g.rows.map((r) => r.campaign_id)).size,
    ...figures(g.sends, g.replies, min),
  }));

  const blocks = new Map<string, { weekday: number; start: number; sends: number; replies: number }>();
  for (const c of times.cells) {
    const start = Math.floor(c.hour / BLOCK_HOURS) * BLOCK_HOURS;
    const k = `${c.weekday}:${start}`;
    const b = blocks.get(k) ?? { weekday: c.weekday, start, sends: 0, replies: 0 };
    b.sends += c.sends;
    b.replies += c.replied;
    blocks.set(k, b);
  }
  const sendTimes: PlaybookSendTime[] = [...blocks.values()]
    .filter((b) => b.sends > 0)
    .map((b) => ({ weekday: b.weekday, start_hour: b.start, end_hour: b.start + BLOCK_HOURS, ...figures(b.sends, b.replies, min) }));

  const byDim = new Map<string, PlaybookSegment[]>();
  for (const r of segRows) {
    const list = byDim.get(r.dimension) ?? [];
    list.push({ dimension: r.dimension, value: r.value || "(not set)", ...figures(r.sends, r.replies, min) });
    byDim.set(r.dimension, list);
  }
  const segments = [...byDim.values()].flatMap((list) => rank(list).slice(0, 20));

  const z = times.zones;
  return {
    from: w.from.toISOString(),
    to: w.to.toISOString(),
    days: q.days,
    min_sends: min,
    totals: { sends: total.sends, replies: total.replies, estimate: wilson(total.replies, total.sends) },
    templates: rank(templates).slice(0, TOP),
    send_times: rank(sendTimes).slice(0, TOP),
    send_time_basis: `Recipient's local time: the zone was inferred for ${z.inferred} of ${z.leads} leads, the others are placed in their campaign's schedule zone. From send-insights' stored answer of ${times.computed_at.slice(0, 16).replace("T", " ")} UTC.`,
    segments,
    source: SOURCE,
  };
}

async function findGroup(ctx: Ctx, workspaceId: string, hash: string, days: number, now: Date): Promise<TemplateGroup> {
  const g = /^[0-9a-f]{16}$/.test(hash) ? (await templateGroups(ctx, windowOf(workspaceId, days, now))).get(hash) : undefined;
  if (!g) throw new AppError("PLAYBOOK_TEMPLATE_NOT_FOUND");
  return g;
}

export async function templateDetail(
  ctx: Ctx,
  workspaceId: string,
  hash: string,
  days: number,
  now = new Date(),
): Promise<PlaybookTemplateDetail> {
  const g = await findGroup(ctx, workspaceId, hash, days, now);
  return {
    hash,
    subject: g.content.subject,
    body: g.content.body,
    sends: g.sends,
    replies: g.replies,
    estimate: wilson(g.replies, g.sends),
    evidence: g.rows
      .map((r) => ({
        campaign_id: r.campaign_id,
        campaign_name: r.campaign.name,
        campaign_status: r.campaign.status,
        step: r.step + 1,
        variant: r.variant,
        sends: r.sends,
        replies: r.replies,
        estimate: wilson(r.replies, r.sends),
      }))
      .sort((a, b) => b.sends - a.sends),
  };
}

/** "Use this": the template becomes the last step of a draft, scheduled or paused campaign (through the campaigns feature). */
export async function useTemplate(
  ctx: Ctx,
  auth: AuthContext,
  hash: string,
  input: z.output<typeof PlaybookUseTemplate>,
): Promise<PlaybookTemplateUsed> {
  const g = await findGroup(ctx, auth.workspaceId, hash, input.days, new Date());
  const campaign = isUuid(input.campaign_id) ? await findCampaign(ctx, auth.workspaceId, input.campaign_id) : undefined;
  if (!campaign) throw new AppError("PLAYBOOK_CAMPAIGN_NOT_FOUND");
  if (!CAMPAIGN_EDITABLE_STATES.includes(campaign.status)) throw new AppError("PLAYBOOK_CAMPAIGN_NOT_EDITABLE");
  if (campaign.steps.length >= MAX_STEPS) throw new AppError("PLAYBOOK_CAMPAIGN_FULL");
  const steps = [...campaign.steps, { delay_days: input.delay_days, subject: g.content.subject, body: g.content.body, variants: [] }];
  await updateCampaign(ctx, { workspaceId: auth.workspaceId, userId: auth.userId }, campaign.id, { steps });
  forgetPlaybooks(auth.workspaceId);
  return { campaign_id: campaign.id, campaign_name: campaign.name, step: steps.length };
}
