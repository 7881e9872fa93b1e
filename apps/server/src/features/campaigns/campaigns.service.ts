/**
 * Campaign rules: create (with the plan's monthly campaign limit), read, the cached list, partial
 * updates that keep subject_line/body and steps[0] in one place, delete and duplicate. State
 * changes (launch, pause, resume, stop) are in campaigns.states.ts.
 */
import {
  CAMPAIGN_EDITABLE_STATES,
  type Campaign,
  type CampaignList,
  type CampaignListQuery,
  type CampaignStep,
  type FieldError,
  limitsFor,
} from "@prospector/contracts";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";
import { organizationPlan } from "../billing/billing.usage.ts";
import { monthStart } from "../plans/plans.service.ts";
import { createUserSettingsRepository } from "../user-settings/user-settings.repository.ts";
import { clearLeadCampaign } from "./campaign-leads.repository.ts";
import { LIST_TTL_MS } from "./campaigns.cache.ts";
import { type CampaignDeps, campaignId, sendScheduleJob } from "./campaigns.deps.ts";
import { type CampaignRow, type CampaignValues, defaultSchedule, toCampaign } from "./campaigns.mapper.ts";
import * as repo from "./campaigns.repository.ts";
import { checkTemplate, TemplateError } from "./campaigns.template.ts";

type CreateInput = z.output<typeof import("@prospector/contracts").CampaignCreate>;
type UpdateInput = z.output<typeof import("@prospector/contracts").CampaignUpdate>;

export interface Caller {
  workspaceId: string;
  userId: string;
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

export async function loadCampaign(deps: Pick<CampaignDeps, "db">, workspaceId: string, id: string): Promise<CampaignRow> {
  const row = await repo.getCampaign(deps.db, workspaceId, campaignId(id));
  if (!row) throw new AppError("CAMPAIGN_NOT_FOUND");
  return row;
}

export async function withLeadCount(deps: Pick<CampaignDeps, "db">, row: CampaignRow): Promise<Campaign> {
  const counts = await repo.leadCounts(deps.db, [row.id]);
  return toCampaign(row, counts.get(row.id) ?? 0);
}

export async function getCampaign(deps: CampaignDeps, workspaceId: string, id: string): Promise<Campaign> {
  return withLeadCount(deps, await loadCampaign(deps, workspaceId, id));
}

/** Tells the workspace's browsers and drops cached lists. */
export async function campaignChanged(
  deps: CampaignDeps,
  workspaceId: string,
  id: string,
  status: Campaign["status"] | "deleted",
  action: string,
) {
  await deps.cache.bump(workspaceId);
  await deps.realtime
    .toWorkspace(workspaceId, "campaign.updated", {
      workspace_id: workspaceId,
      campaign_id: id,
      status,
      action: action as "updated",
    })
    .catch((err) => deps.log.warn({ err }, "campaign.updated not published"));
}

async function assertCampaignAllowance(tx: repo.Tx, workspaceId: string): Promise<void> {
  const org = await organizationPlan({ db: tx as CampaignDeps["db"] }, workspaceId);
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
  deps: CampaignDeps,
  caller: Caller,
  input: CreateInput,
  opts: { from?: CampaignRow } = {},
): Promise<Campaign> {
  const steps = buildSteps(input, opts.from?.steps);
  assertTemplatesParse(steps);
  let schedule = input.schedule ?? opts.from?.schedule;
  if (!schedule) {
    const settings = await createUserSettingsRepository(deps.db).find(caller.userId, caller.workspaceId);
    schedule = defaultSchedule(settings?.preferences ?? {});
  }
  const row = await deps.db.transaction(async (tx) => {
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
  await campaignChanged(deps, caller.workspaceId, row.id, row.status, "created");
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

export async function updateCampaign(deps: CampaignDeps, caller: Caller, id: string, input: UpdateInput): Promise<Campaign> {
  const row = await deps.db.transaction(async (tx) => {
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
    await sendScheduleJob(deps, { campaign_id: row.id, workspace_id: row.workspaceId, reason: "start_at" }, at);
  }
  await campaignChanged(deps, caller.workspaceId, row.id, row.status, "updated");
  return withLeadCount(deps, row);
}

export async function deleteCampaign(deps: CampaignDeps, caller: Caller, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const current = await repo.getCampaign(tx, caller.workspaceId, campaignId(id), { lock: "update" });
    if (!current) throw new AppError("CAMPAIGN_NOT_FOUND");
    if (current.status === "active") throw new AppError("CAMPAIGN_DELETE_ACTIVE");
    await clearLeadCampaign(tx, caller.workspaceId, current.id);
    await repo.deleteCampaign(tx, caller.workspaceId, current.id);
  });
  await campaignChanged(deps, caller.workspaceId, id, "deleted", "deleted");
}

/** A draft copy of the sequence and settings, without leads, history or dates. */
export async function duplicateCampaign(deps: CampaignDeps, caller: Caller, id: string, newName: string): Promise<Campaign> {
  const from = await loadCampaign(deps, caller.workspaceId, id);
  return createCampaign(deps, caller, { name: newName, subject_line: from.steps[0]?.subject ?? "" }, { from });
}

export async function listCampaigns(deps: CampaignDeps, workspaceId: string, q: CampaignListQuery): Promise<CampaignList> {
  const gen = await deps.cache.generation(workspaceId);
  const key = `list:${workspaceId}:${gen}:${JSON.stringify(q)}`;
  const cached = await deps.cache.get<CampaignList>(key);
  if (cached) return cached;
  const { rows, total } = await repo.listCampaigns(deps.db, workspaceId, q);
  const list: CampaignList = {
    campaigns: rows.map((r) => toCampaign(r.campaign, r.leads)),
    total,
    page: q.page,
    per_page: q.per_page,
    total_pages: Math.ceil(total / q.per_page),
  };
  await deps.cache.set(key, list, LIST_TTL_MS);
  return list;
}

/** A campaign row of the workspace, or undefined (for features that read a campaign without the 404). */
export async function findCampaign(ctx: Pick<AppContext, "db">, workspaceId: string, id: string): Promise<CampaignRow | undefined> {
  return repo.getCampaign(ctx.db, workspaceId, id);
}

/** One entry in a campaign's activity log (the sender records "completed"). */
export async function addCampaignActivity(ctx: Pick<AppContext, "db">, entry: Parameters<typeof repo.addActivity>[1]): Promise<void> {
  await repo.addActivity(ctx.db, entry);
}

/** Emails sent since `since` across the organization's workspaces (the monthly plan limit). `db` may be a transaction. */
export async function emailsSentSince(db: repo.Tx, organizationId: string, since: Date): Promise<number> {
  return repo.emailsSentSince(db, organizationId, since);
}

/** Campaigns created since `since` across the organization's workspaces (the monthly plan limit). */
export async function campaignsCreatedSince(db: repo.Tx, organizationId: string, since: Date): Promise<number> {
  return repo.campaignsCreatedSince(db, organizationId, since);
}
