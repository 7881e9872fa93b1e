/**
 * Provider intelligence: the workspace's sends per recipient mailbox provider (from the cached
 * lookups of the leads' email domains), the domains behind them, and the lookup job that fills
 * the cache (send-insights.jobs.ts) with its progress.
 */
import {
  MAIL_PROVIDER_LABELS,
  MailProvider,
  type MxLookupJob,
  type MxLookupProgress,
  type ProviderDomainPage,
  type ProviderDomainsQuery,
  type ProviderFigures,
  type ProviderInsights,
  type ProviderQuery,
} from "@prospector/contracts";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { findCampaign } from "../campaigns/index.ts";
import { KNOWN_DOMAINS } from "./send-insights.providers.ts";
import * as repo from "./send-insights.repository.ts";
import type { SnapshotKey } from "./send-insights.snapshots.repository.ts";
import { type Compute, requestRefresh, type Step, serveCached } from "./send-insights.snapshots.ts";
import { wilson } from "./send-insights.stats.ts";

type Ctx = AppContext;
const DAY_MS = 86_400_000;
export const LOOKUP_QUEUE = "send-insights.mx-lookup";
export const LOOKUP_EVENT = "send_insights_lookup.progress";

const KNOWN: Record<string, MailProvider> = Object.fromEntries(KNOWN_DOMAINS);
const rate = (n: number, d: number) => (d > 0 ? Math.round((n / d) * 10_000) / 10_000 : null);

function figures(counts: {
  leads: number;
  domains: number;
  sent: number;
  bounced: number;
  opened: number;
  clicked: number;
  replied: number;
}): Omit<ProviderFigures, "provider" | "label"> {
  const delivered = Math.max(0, counts.sent - counts.bounced);
  return {
    ...counts,
    delivered,
    open_rate: rate(counts.opened, delivered),
    click_rate: rate(counts.clicked, delivered),
    reply_rate: rate(counts.replied, delivered),
    bounce_rate: rate(counts.bounced, counts.sent),
    reply: wilson(counts.replied, delivered),
  };
}

type StoredProviders = Omit<ProviderInsights, "cache">;

async function checkCampaign(ctx: Ctx, workspaceId: string, campaignId: string | undefined): Promise<void> {
  if (campaignId && !(isUuid(campaignId) && (await findCampaign(ctx, workspaceId, campaignId))))
    throw new AppError("SEND_TIME_CAMPAIGN_NOT_FOUND");
}

export const providersKey = (workspaceId: string, days: number, campaignId?: string | null): SnapshotKey => ({
  workspaceId,
  kind: "providers",
  days,
  campaignId: campaignId ?? "",
});

/** The page's answer from the stored one (computed once on the first read of this period and campaign). */
export async function providerInsights(
  ctx: Ctx,
  workspaceId: string,
  q: z.output<typeof ProviderQuery>,
  now = new Date(),
): Promise<ProviderInsights> {
  await checkCampaign(ctx, workspaceId, q.campaign_id);
  const { payload, cache } = await serveCached(
    ctx,
    providersKey(workspaceId, q.days, q.campaign_id),
    providersCompute(ctx, workspaceId, q.days, q.campaign_id ?? null),
    now,
  );
  return { ...payload, cache };
}

/** Queues a recompute of the stored answer for this period and campaign. */
export async function recomputeProviders(ctx: Ctx, workspaceId: string, q: { days: number; campaign_id?: string }) {
  await checkCampaign(ctx, workspaceId, q.campaign_id);
  return requestRefresh(ctx, providersKey(workspaceId, q.days, q.campaign_id));
}

/** The providers snapshot's compute for a period (and campaign): the window ends when it runs. */
export const providersCompute =
  (ctx: Ctx, workspaceId: string, days: number, campaignId: string | null): Compute<StoredProviders> =>
  (now, step) =>
    computeProviders(ctx, { workspaceId, from: new Date(now.getTime() - days * DAY_MS), to: now, campaignId }, days, step);

async function computeProviders(ctx: Ctx, w: repo.Window, days: number, step: Step): Promise<StoredProviders> {
  const workspaceId = w.workspaceId;
  await step(5, "Counting sends, bounces, opens and replies per provider");
  const sends = await repo.providerSends(ctx.db, w, KNOWN);
  await step(80, "Counting leads and domains per provider");
  const [leadCounts, summary] = await Promise.all([
    repo.providerLeads(ctx.db, workspaceId, KNOWN),
    repo.lookupSummary(ctx.db, workspaceId, KNOWN),
  ]);
  await step(95, "Saving");
  const q = { days, campaign_id: w.campaignId };
  const providers = MailProvider.options
    .map((provider) => {
      const s = sends.find((r) => r.provider === provider);
      const l = leadCounts.find((r) => r.provider === provider);
      const c = {
        leads: l?.leads ?? 0,
        domains: l?.domains ?? 0,
        sent: s?.sent ?? 0,
        bounced: s?.bounced ?? 0,
        opened: s?.opened ?? 0,
        clicked: s?.clicked ?? 0,
        replied: s?.replied ?? 0,
      };
      return { provider, label: MAIL_PROVIDER_LABELS[provider], ...figures(c) };
    })
    .filter((p) => p.leads > 0 || p.sent > 0)
    .sort((a, b) => b.sent - a.sent || b.leads - a.leads);
  const total = (k: "leads" | "domains" | "sent" | "bounced" | "opened" | "clicked" | "replied") => providers.reduce((n, p) => n + p[k], 0);
  return {
    from: w.from.toISOString(),
    to: w.to.toISOString(),
    days: q.days,
    campaign_id: q.campaign_id ?? null,
    providers,
    totals: figures({
      leads: total("leads"),
      domains: summary.domains,
      sent: total("sent"),
      bounced: total("bounced"),
      opened: total("opened"),
      clicked: total("clicked"),
      replied: total("replied"),
    }),
    lookups: {
      domains: summary.domains,
      classified: summary.classified,
      pending: summary.pending,
      unresolved: summary.unresolved,
      last_checked_at: summary.last_checked_at?.toISOString() ?? null,
    },
    computed_at: w.to.toISOString(),
  };
}

export async function providerDomains(
  ctx: Ctx,
  workspaceId: string,
  q: z.output<typeof ProviderDomainsQuery>,
): Promise<ProviderDomainPage> {
  const rows = await repo.domainPage(ctx.db, workspaceId, KNOWN, {
    provider: q.provider,
    status: q.status,
    q: q.q || undefined,
    limit: q.per_page,
    offset: (q.page - 1) * q.per_page,
  });
  return {
    items: rows.map((r) => ({
      domain: r.domain,
      provider: r.provider,
      status: r.status,
      mx_hosts: r.mx_hosts ?? [],
      error: r.error,
      checked_at: r.checked_at ? new Date(r.checked_at).toISOString() : null,
      leads: r.leads,
    })),
    total: rows[0]?.total ?? 0,
    page: q.page,
    per_page: q.per_page,
  };
}

export function toJob(row: repo.JobRow): MxLookupJob {
  return {
    id: row.id,
    status: row.status,
    total: row.total,
    processed: row.processed,
    classified: row.classified,
    unresolved: row.unresolved,
    progress: row.status === "completed" ? 100 : row.total ? Math.floor((row.processed / row.total) * 100) : 0,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** Starts a lookup job, or answers the one already queued or running for the workspace. */
export async function startLookup(ctx: Ctx, auth: AuthContext, force: boolean): Promise<{ job: MxLookupJob; created: boolean }> {
  const running = await repo.activeJob(ctx.db, auth.workspaceId);
  if (running) return { job: toJob(running), created: false };
  const row = await repo.createJob(ctx.db, auth.workspaceId, auth.userId, force);
  await ctx.jobs.send(LOOKUP_QUEUE, { jobId: row.id });
  return { job: toJob(row), created: true };
}

export async function getLookupJob(ctx: Ctx, workspaceId: string, id: string): Promise<MxLookupJob> {
  const row = isUuid(id) ? await repo.getJob(ctx.db, workspaceId, id) : undefined;
  if (!row) throw new AppError("MX_LOOKUP_JOB_NOT_FOUND");
  return toJob(row);
}

export async function latestLookupJob(ctx: Ctx, workspaceId: string): Promise<MxLookupJob | null> {
  const row = await repo.latestJob(ctx.db, workspaceId);
  return row ? toJob(row) : null;
}

export function publishProgress(ctx: Pick<Ctx, "bus">, workspaceId: string, payload: MxLookupProgress): Promise<void> {
  // The envelope realtime.toWorkspace uses, relayed by every API process to the workspace's sockets.
  return ctx.bus.publish(`ws:${workspaceId}`, { type: LOOKUP_EVENT, payload });
}
