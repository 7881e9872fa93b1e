/**
 * Campaign rules: create (with the plan's monthly campaign limit), read, the cached list, partial
 * updates that keep subject_line/body and steps[0] in one place, delete and duplicate. State
 * changes (launch, pause, resume, stop) are in campaigns.states.ts.
 */
import {
  CAMPAIGN_EDITABLE_STATES,
  CAMPAIGN_SCHEDULE_JOB,
  type Campaign,
  type CampaignList,
  type CampaignListQuery,
  type CampaignScheduleJob,
  type CampaignStep,
  type FieldError,
  limitsFor,
} from "@prospector/contracts";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/client.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { organizationPlan } from "../billing/index.ts";
import { monthStart } from "../plans/index.ts";
import { findUserSettings } from "../user-settings/index.ts";
import { clearLeadCampaign } from "./campaign-leads.repository.ts";
import { LIST_TTL_MS } from "./campaigns.cache.ts";
import "./campaigns.hooks.ts";
import { type CampaignRow, type CampaignValues, defaultSchedule, toCampaign } from "./campaigns.mapper.ts";
import * as repo from "./campaigns.repository.ts";
import { checkTemplate, TemplateError } from "./campaigns.template.ts";

type CreateInput = z.output<typeof import("@prospector/contracts").CampaignCreate>;
type UpdateInput = z.output<typeof import("@prospector/contracts").CampaignUpdate>;

export interface Caller {
  workspaceId: string;
  userId: string;
}

/** What campaign services use of the app context (`campaignCache` is built by campaigns' register). */
export type CampaignCtx = Pick<AppContext, "db" | "jobs" | "realtime" | "log" | "hooks" | "campaignCache">;

/** A malformed id cannot name a campaign: the same 404 as another workspace's campaign. */
export function campaignId(id: string): string {
  if (!isUuid(id)) throw new AppError("CAMPAIGN_NOT_FOUND");
  return id;
}

/** The job runs at `at` (null: now). A failure to enqueue is logged: the sender's periodic sweep also finds due leads. */
export async function sendScheduleJob(ctx: Pick<AppContext, "jobs" | "log">, job: CampaignScheduleJob, at: Date | null): Promise<void> {
  try {
    await ctx.jobs.send(CAMPAIGN_SCHEDULE_JOB, job, at ? { startAfter: at } : {});
  } catch (err) {
    ctx.log.error({ err, campaign: job.campaign_id }, "campaign.schedule job not sent");
  }
}

/**
 * The stored sequence: `steps` when given (else the current one, else one empty step), with the
 * first step's subject and body replaced by subject_line and body when those are given.
 */
export function buildSteps(
  input: { subject_line?: string; body?: string; steps?: CampaignStep[] },
  current?: CampaignStep[],
): CampaignStep[] {
  const base = input.steps?.length ? input.steps : (current ?? []);
  const first: CampaignStep = base[0] ?? { delay_days: 0, subject: "", body: "", variants: [] };
  return [{ ...first, delay_days: 0, subject: input.subject_line ?? first.subject, body: input.body ?? first.body }, ...base.slice(1)];
}

/** Liquid syntax errors in any subject or body: 400 "Invalid campaign data" naming each field and line. */
export function assertTemplatesParse(steps: CampaignStep[]): void {
  const errors: FieldError[] = [];
  const check = (source: string, field: string, kind: "text" | "html") => {
    try {
      checkTemplate(source, field, kind);
    } catch (err) {
      if (!(err instanceof TemplateError)) throw err;
      errors.push({ field, message: err.line ? `Line ${err.line}: ${err.message}` : err.message });
    }
  };
  steps.forEach((s, i) => {
    check(s.subject, i === 0 ? "subject_line" : `steps.${i}.subject`, "text");
    check(s.body, i === 0 ? "body" : `steps.${i}.body`, "html");
    s.variants.forEach((v, j) => {
      check(v.subject, `steps.${i}.variants.${j}.subject`, "text");
      check(v.body, `steps.${i}.variants.${j}.body`, "html");
    });
  });
  if (errors.length) throw new AppError("CAMPAIGN_INVALID", undefined, { errors });
}

export async function loadCampaign(ctx: Pick<AppContext, "db">, workspaceId: string, id: string): Promise<CampaignRow> {
  const row = await repo.getCampaign(ctx.db, workspaceId, campaignId(id));
  if (!row) throw new AppError("CAMPAIGN_NOT_FOUND");
  return row;
}

export async function withLeadCount(ctx: Pick<AppContext, "db">, row: CampaignRow): Promise<Campaign> {
  const counts = await repo.leadCounts(ctx.db, [row.id]);
  return toCampaign(row, counts.get(row.id) ?? 0);
}

export async function getCampaign(ctx: Pick<AppContext, "db">, workspaceId: string, id: string): Promise<Campaign> {
  return withLeadCount(ctx, await loadCampaign(ctx, workspaceId, id));
}

/** Tells the workspace's browsers and drops cached lists. */
export async function campaignChanged(
  ctx: Pick<CampaignCtx, "campaignCache" | "realtime" | "log">,
  workspaceId: string,
  id: string,
  status: Campaign["status"] | "deleted",
  action: string,
) {
  await ctx.campaignCache.bump(workspaceId);
  await ctx.realtime
    .toWorkspace(workspaceId, "campaign.updated", {
      workspace_id: workspaceId,
      campaign_id: id,
      status,
      action: action as "updated",
    })
    .catch((err) => ctx.log.warn({ err }, "campaign.updated not published"));
}

async function assertCampaignAllowance(tx: repo.Tx, workspaceId: string): Promise<void> {
  const org = await organizationPlan({ db: tx as AppContext["db"] }, workspaceId);
  const limit = limitsFor(org.plan).campaigns_per_month;
  if (limit === null) return;
  const used = await repo.campaignsCreatedSince(tx, org.organizationId, new Date(`${monthStart()}T00:00:00Z`));
  if (used >= limit) {
    throw new AppError(
      "CAMPAIGN_LIMIT_REACHED",
      `Monthly campaign limit reached: the ${org.plan} plan allows ${limit} new campaigns per month (${used} created this month)`,
    );
  }
}

export async function createCampaign(
  ctx: CampaignCtx,
  caller: Caller,
  input: CreateInput,
  opts: { from?: CampaignRow } = {},
): Promise<Campaign> {
  const steps = buildSteps(input, opts.from?.steps);
  assertTemplatesParse(steps);
  let schedule = input.schedule ?? opts.from?.schedule;
  if (!schedule) {
    const settings = await findUserSettings(ctx, caller.userId, caller.workspaceId);
    schedule = defaultSchedule(settings?.preferences ?? {});
  }
  const row = await transaction(ctx.db, async (tx) => {
    await assertCampaignAllowance(tx, caller.workspaceId);
    const created = await repo.insertCampaign(tx, {
      workspaceId: caller.workspaceId,
      name: input.name,
      steps,
      inboxIds: input.inbox_ids ?? opts.from?.inboxIds ?? [],
      schedule,
      startsAt: input.starts_at ? new Date(input.starts_at) : null,
      trackOpens: input.track_opens ?? opts.from?.trackOpens ?? true,
      trackClicks: input.track_clicks ?? opts.from?.trackClicks ?? true,
      stopOnReply: input.stop_on_reply ?? opts.from?.stopOnReply ?? true,
      createdBy: caller.userId,
    });
    await repo.addActivity(tx, {
      workspaceId: caller.workspaceId,
      campaignId: created.id,
      kind: opts.from ? "duplicated" : "created",
      message: opts.from ? `Duplicated from "${opts.from.name}"` : "Campaign created",
      userId: caller.userId,
      data: opts.from ? { from_campaign_id: opts.from.id } : undefined,
    });
    return created;
  });
  await campaignChanged(ctx, caller.workspaceId, row.id, row.status, "created");
  return toCampaign(row, 0);
}

/** Fields that change what is sent; only while draft, scheduled or paused. */
const CONTENT_FIELDS = [
  "subject_line",
  "body",
  "steps",
  "inbox_ids",
  "schedule",
  "starts_at",
  "track_opens",
  "track_clicks",
  "stop_on_reply",
];

/**
 * Refuses a save while another user holds the campaign's edit lock on the team socket; the holder
 * (any of their tabs) and anyone when nobody holds it save as before.
 */
async function assertNotLockedByOther(ctx: CampaignCtx, caller: Caller, id: string): Promise<void> {
  const holders = await ctx.hooks.run("campaigns.editLockHolder", { workspaceId: caller.workspaceId, campaignId: id });
  const other = holders.find((h) => h !== null && h.userId !== caller.userId);
  if (!other) return;
  throw new AppError("CAMPAIGN_LOCKED", `${other.name} is editing this campaign; try again when they are done`, {
    locked_by: { user_id: other.userId, name: other.name, since: other.since.toISOString() },
  });
}

export async function updateCampaign(ctx: CampaignCtx, caller: Caller, id: string, input: UpdateInput): Promise<Campaign> {
  await assertNotLockedByOther(ctx, caller, campaignId(id));
  const row = await transaction(ctx.db, async (tx) => {
    const current = await repo.getCampaign(tx, caller.workspaceId, campaignId(id), { lock: "no key update" });
    if (!current) throw new AppError("CAMPAIGN_NOT_FOUND");
    const changesContent = CONTENT_FIELDS.some((f) => (input as Record<string, unknown>)[f] !== undefined);
    if (changesContent && !CAMPAIGN_EDITABLE_STATES.includes(current.status)) throw new AppError("CAMPAIGN_NOT_EDITABLE");
    const values: CampaignValues = {};
    if (input.name !== undefined) values.name = input.name;
    if (input.subject_line !== undefined || input.body !== undefined || input.steps !== undefined) {
      values.steps = buildSteps(input, current.steps);
      assertTemplatesParse(values.steps);
    }
    if (input.inbox_ids !== undefined) values.inboxIds = input.inbox_ids;
    if (input.schedule !== undefined) values.schedule = input.schedule;
    if (input.starts_at !== undefined) values.startsAt = input.starts_at ? new Date(input.starts_at) : null;
    if (input.track_opens !== undefined) values.trackOpens = input.track_opens;
    if (input.track_clicks !== undefined) values.trackClicks = input.track_clicks;
    if (input.stop_on_reply !== undefined) values.stopOnReply = input.stop_on_reply;
    if (Object.keys(values).length === 0) return current;
    return repo.updateCampaign(tx, caller.workspaceId, current.id, values);
  });
  // A scheduled campaign whose start moved needs a job for the new time (the old one will find it early and do nothing).
  if (row.status === "scheduled" && input.starts_at !== undefined) {
    const at = row.startsAt && row.startsAt > new Date() ? row.startsAt : null;
    await sendScheduleJob(ctx, { campaign_id: row.id, workspace_id: row.workspaceId, reason: "start_at" }, at);
  }
  await campaignChanged(ctx, caller.workspaceId, row.id, row.status, "updated");
  return withLeadCount(ctx, row);
}

export async function deleteCampaign(ctx: CampaignCtx, caller: Caller, id: string): Promise<void> {
  await transaction(ctx.db, async (tx) => {
    const current = await repo.getCampaign(tx, caller.workspaceId, campaignId(id), { lock: "update" });
    if (!current) throw new AppError("CAMPAIGN_NOT_FOUND");
    if (current.status === "active") throw new AppError("CAMPAIGN_DELETE_ACTIVE");
    await clearLeadCampaign(tx, caller.workspaceId, current.id);
    await repo.deleteCampaign(tx, caller.workspaceId, current.id);
  });
  await campaignChanged(ctx, caller.workspaceId, id, "deleted", "deleted");
}

/** A draft copy of the sequence and settings, without leads, history or dates. */
export async function duplicateCampaign(ctx: CampaignCtx, caller: Caller, id: string, newName: string): Promise<Campaign> {
  const from = await loadCampaign(ctx, caller.workspaceId, id);
  return createCampaign(ctx, caller, { name: newName, subject_line: from.steps[0]?.subject ?? "" }, { from });
}

export async function listCampaigns(ctx: CampaignCtx, workspaceId: string, q: CampaignListQuery): Promise<CampaignList> {
  const gen = await ctx.campaignCache.generation(workspaceId);
  const key = `list:${workspaceId}:${gen}:${JSON.stringify(q)}`;
  const cached = await ctx.campaignCache.get<CampaignList>(key);
  if (cached) return cached;
  const { rows, total } = await repo.listCampaigns(ctx.db, workspaceId, q);
  const list: CampaignList = {
    campaigns: rows.map((r) => toCampaign(r.campaign, r.leads)),
    total,
    page: q.page,
    per_page: q.per_page,
    total_pages: Math.ceil(total / q.per_page),
  };
  await ctx.campaignCache.set(key, list, LIST_TTL_MS);
  return list;
}

/**
 * "inboxes.deleted", inside the deleting transaction: an inbox that an active or scheduled
 * campaign sends from cannot go (INBOX_IN_USE rolls the delete back); others drop it from their lists.
 */
export async function releaseInbox(tx: repo.Tx, workspaceId: string, inboxId: string): Promise<void> {
  const using = await repo.campaignsUsingInbox(tx, workspaceId, inboxId);
  if (using.length) {
    throw new AppError("INBOX_IN_USE", `This inbox sends for ${using.map((c) => `"${c.name}"`).join(", ")}: pause or stop it first`);
  }
  await repo.dropInbox(tx, workspaceId, inboxId);
}

/** The campaign's activity log, newest first. */
export async function listActivity(ctx: Pick<AppContext, "db">, workspaceId: string, id: string, limit: number) {
  const campaign = await loadCampaign(ctx, workspaceId, id);
  const rows = await repo.listActivity(ctx.db, campaign.id, limit);
  return rows.map((a) => ({ id: a.id, kind: a.kind, message: a.message, user_id: a.userId, created_at: a.createdAt.toISOString() }));
}

/** A campaign row of the workspace, or undefined (for features that read a campaign without the 404). */
export async function findCampaign(ctx: Pick<AppContext, "db">, workspaceId: string, id: string): Promise<CampaignRow | undefined> {
  return repo.getCampaign(ctx.db, workspaceId, id);
}

/** One entry in a campaign's activity log (the sender records "completed"). */
export async function addCampaignActivity(ctx: Pick<AppContext, "db">, entry: Parameters<typeof repo.addActivity>[1]): Promise<void> {
  await repo.addActivity(ctx.db, entry);
}

/**
 * Emails sent since `since` across the organization's workspaces (the monthly plan limit): campaign
 * mail, plus what other features send ("campaigns.emailsSent": one-off sends). `ctx.db` may be a
 * transaction.
 */
export async function emailsSentSince(ctx: Pick<AppContext, "db" | "hooks">, organizationId: string, since: Date): Promise<number> {
  // One after the other: `ctx.db` may be a transaction, which runs one statement at a time anyway.
  let sent = await repo.campaignEmailsSentSince(ctx.db, organizationId, since);
  for (const n of await ctx.hooks.run("campaigns.emailsSent", { db: ctx.db, organizationId, since })) sent += n;
  return sent;
}

/** Campaigns created since `since` across the organization's workspaces (the monthly plan limit). */
export async function campaignsCreatedSince(db: repo.Tx, organizationId: string, since: Date): Promise<number> {
  return repo.campaignsCreatedSince(db, organizationId, since);
}
