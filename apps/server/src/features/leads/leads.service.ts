/**
 * Lead rules: one lead at a time (create, read, update, delete), bulk actions, the list and the
 * monthly count. Many leads at once go through createLeadsBatch (leads.batch.ts). Another
 * workspace's lead is "not found", never "forbidden".
 */
import type {
  BulkResult,
  BulkTag,
  FieldProvenance,
  Lead,
  LeadCount,
  LeadCreate,
  LeadFilters,
  LeadListQuery,
  LeadUpdate,
} from "@prospector/contracts";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { type Db, transaction } from "../../db/client.ts";
import { retryTransaction } from "../../db/retry.ts";
import { AppError, validationError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { addLeadUsage, getLeadAllowance, lockLeadAllowance, monthStart, organizationOfWorkspace } from "../plans/index.ts";
import { FOREIGN_CAMPAIGN } from "./leads.batch.ts";
import { beforeRemoving, knownCampaigns } from "./leads.hooks.ts";
import { type LeadField, type LeadRow, type LeadValues, toLead, toValues } from "./leads.mapper.ts";
import * as repo from "./leads.repository.ts";

export { type BatchResult, type CreateLeadsBatchOptions, createLeadsBatch } from "./leads.batch.ts";

type Ctx = Pick<AppContext, "db">;
/** Writes that check a lead's campaign or remove leads ask the features above through hooks. */
type HookCtx = Pick<AppContext, "db" | "hooks">;
type CreateInput = z.output<typeof import("@prospector/contracts").LeadCreate>;
type UpdateInput = z.output<typeof import("@prospector/contracts").LeadUpdate>;

export type { LeadCreate, LeadUpdate };

const describe = (r: Pick<LeadRow, "id" | "firstName" | "lastName" | "companyName">) => {
  const name = [r.firstName, r.lastName].filter(Boolean).join(" ");
  const who = [name, r.companyName && `(${r.companyName})`].filter(Boolean).join(" ");
  return who ? `${who}, id ${r.id}` : `id ${r.id}`;
};

function emailExists(email: string, existing: LeadRow): AppError {
  const message = `A lead with the email ${email} already exists: ${describe(existing)}`;
  return new AppError("LEAD_EMAIL_EXISTS", message, { errors: [{ field: "email", message }] });
}

/** A lead's owner must be someone in its workspace (and a user id that exists at all). */
async function checkOwner(tx: repo.Tx, workspaceId: string, ownerId: unknown): Promise<void> {
  if (typeof ownerId !== "string") return;
  if (!(await repo.isWorkspaceMember(tx, workspaceId, ownerId)))
    throw validationError([{ field: "owner_id", message: "The owner must be a member of this workspace" }]);
}

/** A lead's campaign must be one of its workspace's: another workspace's id is as unknown as a made-up one. */
async function checkCampaign(ctx: HookCtx, tx: Db, workspaceId: string, campaignId: unknown): Promise<void> {
  if (typeof campaignId !== "string") return;
  const known = await knownCampaigns(ctx, tx, workspaceId, [campaignId]);
  if (!known.has(campaignId)) throw validationError([{ field: "campaign_id", message: FOREIGN_CAMPAIGN }]);
}

/** PostgreSQL's unique_violation, however the driver wraps it. */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return true;
  }
  return false;
}

/** The stored row of a lead of this workspace (for features that render or copy it), or undefined. */
export function findLeadRow(db: repo.Tx, workspaceId: string, id: string): Promise<LeadRow | undefined> {
  return repo.getLead(db, workspaceId, id);
}

export async function getLead(ctx: Ctx, workspaceId: string, id: string): Promise<Lead> {
  const row = await repo.getLead(ctx.db, workspaceId, id);
  if (!row) throw new AppError("LEAD_NOT_FOUND");
  return toLead(row);
}

export async function createLead(
  ctx: HookCtx,
  opts: { workspaceId: string; userId: string | null; input: CreateInput; source?: string },
): Promise<Lead> {
  const { input } = opts;
  return transaction(ctx.db, async (tx) => {
    const organizationId = await organizationOfWorkspace(tx, opts.workspaceId);
    const allowance = await lockLeadAllowance(tx, organizationId);
    if (allowance.remaining !== null && allowance.remaining < 1) {
      throw new AppError(
        "LEAD_LIMIT_REACHED",
        `Monthly lead limit reached: the ${allowance.plan} plan allows ${allowance.limit} new leads per month (${allowance.used} created this month)`,
      );
    }
    await checkOwner(tx, opts.workspaceId, input.owner_id);
    await checkCampaign(ctx, tx, opts.workspaceId, input.campaign_id);
    if (input.email) {
      const [existing] = await repo.findByEmails(tx, opts.workspaceId, [input.email]);
      if (existing) throw emailExists(input.email, existing);
    }
    const values = {
      ...toValues({ ...input, tags: input.tags ?? [], custom_fields: input.custom_fields ?? {} }),
      id: newId(),
      workspaceId: opts.workspaceId,
      source: opts.source ?? "manual",
      createdBy: opts.userId,
    };
    const row = await repo.insertLead(tx, values);
    await addLeadUsage(tx, organizationId, 1);
    return toLead(row);
  });
}

/** PUT: a partial update by a person. Changing the email to another lead's is a 409. */
export async function updateLead(ctx: HookCtx, workspaceId: string, id: string, input: UpdateInput): Promise<Lead> {
  return writeFields(ctx, { workspaceId, leadId: id, fields: input as Partial<Record<LeadField, unknown>> });
}

/**
 * Sets fields on a lead and records where each value came from (enrichers, scrapers). Returns the
 * updated lead; throws LEAD_NOT_FOUND for another workspace's id and LEAD_EMAIL_EXISTS on a clash.
 * With onlyIfEmpty, a field that already has a value keeps it (enrichment never overwrites people);
 * email_status "unknown" counts as empty.
 */
export async function updateLeadFields(
  ctx: HookCtx,
  opts: {
    workspaceId: string;
    leadId: string;
    fields: Partial<Record<LeadField, unknown>>;
    provenance: { source: string; at?: Date };
    onlyIfEmpty?: boolean;
  },
): Promise<Lead> {
  return writeFields(ctx, opts);
}

async function writeFields(
  ctx: HookCtx,
  opts: {
    workspaceId: string;
    leadId: string;
    fields: Partial<Record<LeadField, unknown>>;
    provenance?: { source: string; at?: Date };
    onlyIfEmpty?: boolean;
  },
): Promise<Lead> {
  return transaction(ctx.db, async (tx) => {
    const current = await repo.getLead(tx, opts.workspaceId, opts.leadId);
    if (!current) throw new AppError("LEAD_NOT_FOUND");
    const fields = { ...opts.fields };
    // Stored lower-case (a check constraint insists): enrichers may pass an address as found.
    if (typeof fields.email === "string") fields.email = fields.email.trim().toLowerCase();
    if (opts.onlyIfEmpty) {
      for (const f of Object.keys(fields) as LeadField[]) {
        const now = toLead(current)[f as keyof Lead];
        const empty = now == null || (Array.isArray(now) && now.length === 0) || (f === "email_status" && now === "unknown");
        if (!empty) delete fields[f];
      }
    }
    await checkOwner(tx, opts.workspaceId, fields.owner_id);
    await checkCampaign(ctx, tx, opts.workspaceId, fields.campaign_id);
    const values: LeadValues = toValues(fields);
    const email = fields.email;
    if (typeof email === "string" && email.toLowerCase() !== current.email?.toLowerCase()) {
      const [other] = await repo.findByEmails(tx, opts.workspaceId, [email.toLowerCase()]);
      if (other && other.id !== current.id) throw emailExists(email, other);
    }
    if (opts.provenance) {
      const at = (opts.provenance.at ?? new Date()).toISOString();
      const prov: Record<string, FieldProvenance> = {};
      for (const [f, v] of Object.entries(fields)) if (v !== undefined) prov[f] = { source: opts.provenance.source, at };
      values.provenance = { ...current.provenance, ...prov };
    }
    if (Object.keys(values).length === 0) return toLead(current);
    try {
      const row = await repo.updateLead(tx, opts.workspaceId, opts.leadId, values);
      return toLead(row as LeadRow);
    } catch (err) {
      if (isUniqueViolation(err) && typeof email === "string") throw new AppError("LEAD_EMAIL_EXISTS");
      throw err;
    }
  });
}

/** Records that a field's current value came from `source` at `at`, without changing the value. */
export async function recordProvenance(
  ctx: Ctx,
  leadId: string,
  field: LeadField,
  p: { source: string; at?: Date },
  workspaceId?: string,
): Promise<void> {
  await repo.addProvenance(ctx.db, leadId, { [field]: { source: p.source, at: (p.at ?? new Date()).toISOString() } }, workspaceId);
}

/**
 * One transaction in the documented lock order (what refers to the leads first — campaigns,
 * memberships, through the "leads.removing" hook — then the leads), so a sending pass or a stop
 * running over these leads waits for it or it for them. Writers outside that order (a tracking
 * hit, an IMAP reply) can still pick it as a deadlock victim: the body only touches the database,
 * so it simply runs again.
 */
function removeLeads(ctx: HookCtx, workspaceId: string, ids: string[]): Promise<string[]> {
  return retryTransaction(() =>
    transaction(ctx.db, async (tx) => {
      const removing = await beforeRemoving(ctx, tx, workspaceId, ids);
      await removing(ids);
      return repo.deleteLeads(tx, workspaceId, ids);
    }),
  );
}

export async function deleteLead(ctx: HookCtx, workspaceId: string, id: string): Promise<void> {
  const deleted = await removeLeads(ctx, workspaceId, [id]);
  if (deleted.length === 0) throw new AppError("LEAD_NOT_FOUND");
}

export async function bulkDelete(ctx: HookCtx, workspaceId: string, ids: string[]): Promise<BulkResult> {
  const unique = [...new Set(ids)];
  const deleted = new Set(await removeLeads(ctx, workspaceId, unique));
  return {
    succeeded: unique.filter((id) => deleted.has(id)),
    failed: unique.filter((id) => !deleted.has(id)).map((id) => ({ id, error: "Lead not found" })),
  };
}

export async function bulkTag(ctx: Ctx, workspaceId: string, body: BulkTag): Promise<BulkResult> {
  const unique = [...new Set(body.lead_ids)];
  const add = body.add ?? [];
  const remove = new Set(body.remove ?? []);
  return transaction(ctx.db, async (tx) => {
    const found = new Map((await repo.getLeads(tx, workspaceId, unique)).map((r) => [r.id, r]));
    const result: BulkResult = { succeeded: [], failed: [] };
    for (const id of unique) {
      const r = found.get(id);
      if (!r) {
        result.failed.push({ id, error: "Lead not found" });
        continue;
      }
      const tags = [...new Set([...r.tags, ...add])].filter((t) => !remove.has(t));
      if (tags.length > 50) {
        result.failed.push({ id, error: "A lead can have at most 50 tags" });
        continue;
      }
      await repo.updateLead(tx, workspaceId, id, { tags });
      result.succeeded.push(id);
    }
    return result;
  });
}

export async function listLeads(ctx: Ctx, workspaceId: string, q: LeadListQuery): Promise<{ leads: Lead[]; total: number }> {
  const { rows, total } = await repo.listLeads(ctx.db, workspaceId, q);
  return { leads: rows.map(toLead), total };
}

/** A page of the leads a filter matches, in id order after `after` (bulk operations resolve their targets with it). */
export function leadsPageAfter(
  ctx: Ctx,
  workspaceId: string,
  filters: LeadFilters,
  after: string | null,
  limit: number,
): Promise<LeadRow[]> {
  return repo.pageAfter(ctx.db, workspaceId, filters, after, limit);
}

export async function countLeads(ctx: Ctx, opts: { workspaceId: string; organizationId: string; since: string }): Promise<LeadCount> {
  const since = opts.since === "month-start" ? new Date(`${monthStart()}T00:00:00Z`) : new Date(opts.since);
  const [count, plan] = await Promise.all([
    repo.countSince(ctx.db, opts.workspaceId, since),
    getLeadAllowance(ctx.db, opts.organizationId),
  ]);
  return { count, since: since.toISOString(), plan: { plan: plan.plan, limit: plan.limit, used: plan.used, remaining: plan.remaining } };
}
