/**
 * createLeadsBatch: the one way many leads get in (CSV import, scrapers). One transaction per batch;
 * duplicates by email, or by full name + company when one side has no email, follow the policy;
 * creations stop at the plan's monthly limit and the rest are reported, not silently dropped.
 */
import { type BatchError, type DuplicatePolicy, type FieldProvenance, LeadInput, type LeadInputParsed } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { type Db, transaction } from "../../db/client.ts";
import { newId } from "../../platform/ids.ts";
import { addLeadUsage, lockLeadAllowance, organizationOfWorkspace } from "../plans/index.ts";
import { knownCampaigns } from "./leads.hooks.ts";
import { type LeadField, type LeadRow, type LeadValues, nameCompanyKey, toValues } from "./leads.mapper.ts";
import { findByEmails, findByNameKeys, insertLeads, type Tx, updateLead } from "./leads.repository.ts";

/** The answer for a campaign_id that is not one of the workspace's campaigns (another's, or none). */
export const FOREIGN_CAMPAIGN = "There is no campaign with this id in this workspace";

export interface CreateLeadsBatchOptions {
  workspaceId: string;
  /** Who started it; recorded as the creator. null for system jobs. */
  userId: string | null;
  /** lead.source of created leads: "import", "website", "google_maps", "linkedin", "api", … */
  source: string;
  /** Raw inputs: each is validated here, a bad one is reported by index and the rest still saved. */
  leads: unknown[];
  duplicatePolicy: DuplicatePolicy;
  /** When given, every field a lead gets from this batch records {source, at}. */
  provenance?: { source: string; at?: Date };
  /** Runs inside the batch's transaction after the writes: a job records its progress atomically with them. */
  afterWrite?: (tx: Db, result: BatchResult) => Promise<void>;
}

export interface BatchResult {
  created: number;
  updated: number;
  skipped: number;
  errors: (BatchError & { code?: string })[];
  /** Ids of the created and updated leads, in input order. */
  ids: string[];
  /** Per input: the lead it created, updated or matched as a duplicate (null when it failed). */
  outcomes: { index: number; outcome: "created" | "updated" | "skipped" | "failed"; id: string | null }[];
}

/** Fields a batch row can set; tags and custom_fields merge instead of replacing. */
const SETTABLE: LeadField[] = [
  "first_name",
  "last_name",
  "email",
  "company_name",
  "role",
  "industry",
  "pain_point",
  "company_insight",
  "campaign_id",
  "phone",
  "website",
  "linkedin_url",
  "city",
  "country",
  "seniority",
  "department",
];

type Pending = { index: number; id: string; values: LeadValues & { id: string; workspaceId: string }; input: LeadInputParsed };

export function issuesToErrors(index: number, issues: { path: PropertyKey[]; message: string }[]): BatchError[] {
  return issues.map((i) => ({ index, field: i.path.map(String).join(".") || "lead", message: i.message }));
}

function provenanceFor(input: LeadInputParsed, p: { source: string; at: string } | null): Record<string, FieldProvenance> {
  if (!p) return {};
  const out: Record<string, FieldProvenance> = {};
  for (const f of SETTABLE) if (input[f as keyof LeadInputParsed] != null) out[f] = p;
  return out;
}

/** What an update from `input` changes on `row`: non-empty values only, tags and custom fields merged. */
function patchFrom(row: LeadValues, input: LeadInputParsed, p: { source: string; at: string } | null): LeadValues {
  const patch: Partial<Record<LeadField, unknown>> = {};
  for (const f of SETTABLE) {
    const v = input[f as keyof LeadInputParsed];
    if (v != null) patch[f] = v;
  }
  if (input.tags?.length) patch.tags = [...new Set([...(row.tags ?? []), ...input.tags])];
  if (input.custom_fields && Object.keys(input.custom_fields).length) patch.custom_fields = { ...row.customFields, ...input.custom_fields };
  const values = toValues(patch);
  const prov = provenanceFor(input, p);
  if (Object.keys(prov).length) values.provenance = { ...row.provenance, ...prov };
  return values;
}

export async function createLeadsBatch(ctx: Pick<AppContext, "db" | "hooks">, opts: CreateLeadsBatchOptions): Promise<BatchResult> {
  const result: BatchResult = { created: 0, updated: 0, skipped: 0, errors: [], ids: [], outcomes: [] };
  const prov = opts.provenance ? { source: opts.provenance.source, at: (opts.provenance.at ?? new Date()).toISOString() } : null;
  const valid: { index: number; input: LeadInputParsed }[] = [];
  const outcome = new Map<number, BatchResult["outcomes"][number]>();
  opts.leads.forEach((raw, index) => {
    const parsed = LeadInput.safeParse(raw);
    if (parsed.success) valid.push({ index, input: parsed.data });
    else {
      result.errors.push(...issuesToErrors(index, parsed.error.issues));
      outcome.set(index, { index, outcome: "failed", id: null });
    }
  });

  const finish = () => {
    result.outcomes = [...outcome.values()].sort((a, b) => a.index - b.index);
    result.ids = result.outcomes.filter((o) => o.outcome === "created" || o.outcome === "updated").map((o) => o.id as string);
  };
  if (valid.length === 0 && opts.afterWrite) {
    finish();
    await transaction(ctx.db, (tx) => opts.afterWrite?.(tx, result) as Promise<void>);
  }
  if (valid.length > 0) {
    await transaction(ctx.db, async (tx) => {
      const organizationId = await organizationOfWorkspace(tx, opts.workspaceId);
      // Locking the month's usage row also serializes batches of one organization, so two imports
      // cannot both decide that the same email is new.
      const allowance = await lockLeadAllowance(tx, organizationId);
      const usable = await withoutForeignCampaigns(ctx, tx, opts.workspaceId, valid, (index) => {
        result.errors.push({ index, field: "campaign_id", message: FOREIGN_CAMPAIGN });
        outcome.set(index, { index, outcome: "failed", id: null });
      });
      const { byEmail, byName } = await existingMatches(tx, opts.workspaceId, usable);

      const pending: Pending[] = [];
      const pendingByEmail = new Map<string, Pending>();
      const pendingByName = new Map<string, Pending>();
      const updates = new Map<string, { row: LeadRow; values: LeadValues }>();

      for (const { index, input } of usable) {
        const nameKey = nameCompanyKey({ firstName: input.first_name, lastName: input.last_name, companyName: input.company_name });
        const email = input.email ?? null;
        // An email match wins over a name match; a name match counts only when one side has no email.
        let existing: LeadRow | undefined = email ? byEmail.get(email) : undefined;
        let pend: Pending | undefined = !existing && email ? pendingByEmail.get(email) : undefined;
        const emailClash = Boolean(existing || pend);
        if (!existing && !pend && nameKey) {
          existing = byName.get(nameKey)?.find((r) => !r.email || !email);
          const p = pendingByName.get(nameKey);
          if (!existing && p && (!p.input.email || !email)) pend = p;
        }
        const dupId = existing?.id ?? pend?.id;

        if (dupId && opts.duplicatePolicy === "skip") {
          result.skipped++;
          outcome.set(index, { index, outcome: "skipped", id: dupId });
          continue;
        }
        if (dupId && opts.duplicatePolicy === "update") {
          if (existing) {
            const u = updates.get(existing.id) ?? { row: existing, values: {} };
            const merged = { ...existing, ...u.values } as LeadRow;
            u.values = { ...u.values, ...patchFrom(merged, input, prov) };
            updates.set(existing.id, u);
            // The lead now owns this address: later rows with it must find this lead, not insert.
            if (email) byEmail.set(email, { ...merged, ...u.values } as LeadRow);
          } else if (pend) {
            Object.assign(pend.values, patchFrom(pend.values, input, prov));
            if (email) pendingByEmail.set(email, pend);
          }
          result.updated++;
          outcome.set(index, { index, outcome: "updated", id: dupId });
          continue;
        }
        if (dupId && emailClash) {
          // keep_both cannot keep two leads with one address: emails are unique in a workspace.
          result.errors.push({ index, field: "email", message: `A lead with the email ${email} already exists (lead ${dupId})` });
          outcome.set(index, { index, outcome: "failed", id: null });
          continue;
        }
        const id = newId();
        const values = {
          ...toValues({ ...input, tags: input.tags ?? [], custom_fields: input.custom_fields ?? {} }),
          id,
          workspaceId: opts.workspaceId,
          source: opts.source,
          createdBy: opts.userId,
          provenance: provenanceFor(input, prov),
        };
        const p: Pending = { index, id, values, input };
        pending.push(p);
        if (email) pendingByEmail.set(email, p);
        if (nameKey && !pendingByName.has(nameKey)) pendingByName.set(nameKey, p);
      }

      const room = allowance.remaining ?? Number.POSITIVE_INFINITY;
      const accepted = pending.slice(0, room);
      for (const p of pending.slice(room)) {
        result.errors.push({
          index: p.index,
          field: "lead",
          code: "LEAD_LIMIT_REACHED",
          message: `Monthly lead limit reached: the ${allowance.plan} plan allows ${allowance.limit} new leads per month`,
        });
        outcome.set(p.index, { index: p.index, outcome: "failed", id: null });
      }
      const inserted = await insertLeads(
        tx,
        accepted.map((p) => p.values),
      );
      for (const p of accepted) {
        if (inserted.has(p.id)) {
          result.created++;
          outcome.set(p.index, { index: p.index, outcome: "created", id: p.id });
        } else {
          result.skipped++;
          outcome.set(p.index, { index: p.index, outcome: "skipped", id: null });
        }
      }
      for (const [id, u] of updates) await updateLead(tx, opts.workspaceId, id, u.values);
      await addLeadUsage(tx, organizationId, inserted.size);
      finish();
      await opts.afterWrite?.(tx, result);
    });
  }
  finish();
  return result;
}

/** Rows whose campaign_id is one of the workspace's campaigns (or unset); `refuse` gets the others. */
async function withoutForeignCampaigns<T extends { index: number; input: LeadInputParsed }>(
  ctx: Pick<AppContext, "hooks">,
  tx: Db,
  workspaceId: string,
  rows: T[],
  refuse: (index: number) => void,
): Promise<T[]> {
  const ids = [...new Set(rows.map((r) => r.input.campaign_id).filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return rows;
  const known = await knownCampaigns(ctx, tx, workspaceId, ids);
  return rows.filter((r) => {
    if (!r.input.campaign_id || known.has(r.input.campaign_id)) return true;
    refuse(r.index);
    return false;
  });
}

async function existingMatches(tx: Tx, workspaceId: string, valid: { input: LeadInputParsed }[]) {
  const emails = [...new Set(valid.map((v) => v.input.email).filter((e): e is string => Boolean(e)))];
  const keysOf = (rows: { input: LeadInputParsed }[]) => {
    const seen = new Map<string, { first: string; last: string; company: string }>();
    for (const { input } of rows) {
      if (!input.first_name || !input.last_name || !input.company_name) continue;
      const k = { first: input.first_name.toLowerCase(), last: input.last_name.toLowerCase(), company: input.company_name.toLowerCase() };
      seen.set(`${k.first} ${k.last}|${k.company}`, k);
    }
    return [...seen.values()];
  };
  // One after another: a transaction is one connection, which runs one query at a time anyway
  // (pg deprecates queueing queries on a busy client).
  const emailRows = await findByEmails(tx, workspaceId, emails);
  const nameRowsAny = await findByNameKeys(tx, workspaceId, keysOf(valid.filter((v) => !v.input.email)), false);
  const nameRowsNoEmail = await findByNameKeys(tx, workspaceId, keysOf(valid.filter((v) => v.input.email)), true);
  const byEmail = new Map(emailRows.map((r) => [(r.email as string).toLowerCase(), r]));
  const byName = new Map<string, LeadRow[]>();
  for (const r of new Map([...nameRowsAny, ...nameRowsNoEmail].map((r) => [r.id, r])).values()) {
    const k = nameCompanyKey(r);
    if (k) byName.set(k, [...(byName.get(k) ?? []), r]);
  }
  return { byEmail, byName };
}
