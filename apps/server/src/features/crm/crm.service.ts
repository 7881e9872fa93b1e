/**
 * Customer rules: create, read, update, delete (asking what happens to their deals), bulk delete
 * and the list; and the checks every CRM write makes on the records it links to. Another
 * workspace's record is "not found", never "forbidden", and a refused write writes nothing.
 */
import type {
  CrmBulkDeleteResult,
  CrmCustomer,
  CustomerCreate,
  CustomerDealsPolicy,
  CustomerListQuery,
  CustomerUpdate,
} from "@prospector/contracts";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { type Db, transaction } from "../../db/client.ts";
import { AppError, validationError } from "../../platform/errors.ts";
import { isUuid, newId } from "../../platform/ids.ts";
import { findCampaign } from "../campaigns/index.ts";
import { findLeadRow } from "../leads/index.ts";
import { dealsChanged } from "./crm.hooks.ts";
import { type CustomerRow, customerValues, toCustomer } from "./crm.mapper.ts";
import * as repo from "./crm.repository.ts";

export type Ctx = Pick<AppContext, "db">;
export type WriteCtx = Pick<AppContext, "db" | "hooks" | "log">;
type CreateInput = z.output<typeof CustomerCreate>;
type UpdateInput = z.output<typeof CustomerUpdate>;

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505" && (!constraint || !e.constraint || e.constraint === constraint)) return true;
  }
  return false;
}

const notFoundField = (code: "LEAD_NOT_FOUND" | "CRM_CUSTOMER_NOT_FOUND" | "CAMPAIGN_NOT_FOUND", field: string, what: string) =>
  new AppError(code, `${what} not found in this workspace`, {
    errors: [{ field, message: `No such ${what.toLowerCase()} in this workspace` }],
  });

/**
 * The links a write sets must stay inside the workspace: an owner who is a member (422), and a
 * lead, customer or campaign of the workspace (404 naming the field, like a made-up id).
 */
export async function checkLinks(
  tx: Db,
  workspaceId: string,
  links: { owner_id?: unknown; lead_id?: unknown; customer_id?: unknown; source_campaign_id?: unknown },
): Promise<void> {
  if (typeof links.owner_id === "string" && !(await repo.isWorkspaceMember(tx, workspaceId, links.owner_id)))
    throw validationError([{ field: "owner_id", message: "The owner must be a member of this workspace" }]);
  if (typeof links.lead_id === "string" && !(await findLeadRow(tx, workspaceId, links.lead_id)))
    throw notFoundField("LEAD_NOT_FOUND", "lead_id", "Lead");
  if (typeof links.customer_id === "string" && !(await repo.getCustomer(tx, workspaceId, links.customer_id)))
    throw notFoundField("CRM_CUSTOMER_NOT_FOUND", "customer_id", "Customer");
  if (typeof links.source_campaign_id === "string" && !(await findCampaign({ db: tx }, workspaceId, links.source_campaign_id)))
    throw notFoundField("CAMPAIGN_NOT_FOUND", "source_campaign_id", "Campaign");
}

/** A lead is converted at most once: the customer already linked to it is named in the 409. */
export function alreadyConverted(customer: Pick<CustomerRow, "id" | "name">): AppError {
  return new AppError("LEAD_ALREADY_CONVERTED", `This lead is already converted: customer "${customer.name}" (id ${customer.id})`, {
    resource_id: customer.id,
    errors: [{ field: "lead_id", message: "This lead is already linked to a customer" }],
  });
}

async function checkLeadFree(tx: Db, workspaceId: string, leadId: unknown, exceptCustomerId?: string): Promise<void> {
  if (typeof leadId !== "string") return;
  const linked = await repo.customerByLead(tx, workspaceId, leadId);
  if (linked && linked.id !== exceptCustomerId) throw alreadyConverted(linked);
}

/** Customers with their open deals (count and value per currency). */
export async function withTotals(db: Db, workspaceId: string, rows: CustomerRow[]): Promise<CrmCustomer[]> {
  const totals = await repo.openTotals(
    db,
    workspaceId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toCustomer(r, totals.get(r.id)));
}

export async function listCustomers(
  ctx: Ctx,
  workspaceId: string,
  q: CustomerListQuery,
): Promise<{ customers: CrmCustomer[]; total: number }> {
  const { rows, total } = await repo.listCustomers(ctx.db, workspaceId, q);
  return { customers: await withTotals(ctx.db, workspaceId, rows), total };
}

export async function customerRow(ctx: Ctx, workspaceId: string, id: string): Promise<CustomerRow> {
  const row = isUuid(id) ? await repo.getCustomer(ctx.db, workspaceId, id) : undefined;
  if (!row) throw new AppError("CRM_CUSTOMER_NOT_FOUND");
  return row;
}

export async function getCustomer(ctx: Ctx, workspaceId: string, id: string): Promise<CrmCustomer> {
  const [c] = await withTotals(ctx.db, workspaceId, [await customerRow(ctx, workspaceId, id)]);
  return c as CrmCustomer;
}

/** Inserts a customer inside the caller's transaction, after checking its links. */
export async function insertCustomer(tx: Db, workspaceId: string, userId: string | null, input: CreateInput): Promise<CustomerRow> {
  await checkLinks(tx, workspaceId, input);
  await checkLeadFree(tx, workspaceId, input.lead_id);
  return repo.insertCustomer(tx, {
    ...customerValues({ ...input, tags: input.tags ?? [] }),
    name: input.name,
    id: newId(),
    workspaceId,
    createdBy: userId,
  });
}

/** Two writers linking the same lead at once: the unique index decides, and the loser gets the 409. */
async function leadRace<T>(ctx: Ctx, workspaceId: string, leadId: unknown, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (typeof leadId === "string" && isUniqueViolation(err, "crm_customers_lead_unique")) {
      const linked = await repo.customerByLead(ctx.db, workspaceId, leadId);
      if (linked) throw alreadyConverted(linked);
    }
    throw err;
  }
}

export async function createCustomer(
  ctx: Ctx,
  opts: { workspaceId: string; userId: string | null; input: CreateInput },
): Promise<CrmCustomer> {
  const row = await leadRace(ctx, opts.workspaceId, opts.input.lead_id, () =>
    transaction(ctx.db, (tx) => insertCustomer(tx, opts.workspaceId, opts.userId, opts.input)),
  );
  return toCustomer(row);
}

/** PUT: partial; a field left out is unchanged, null clears it. */
export async function updateCustomer(ctx: Ctx, workspaceId: string, id: string, input: UpdateInput): Promise<CrmCustomer> {
  await customerRow(ctx, workspaceId, id);
  const row = await leadRace(ctx, workspaceId, input.lead_id, () =>
    transaction(ctx.db, async (tx) => {
      await checkLinks(tx, workspaceId, input);
      await checkLeadFree(tx, workspaceId, input.lead_id, id);
      const values = customerValues(input);
      if (Object.keys(values).length === 0) return repo.getCustomer(tx, workspaceId, id);
      return repo.updateCustomer(tx, workspaceId, id, values);
    }),
  );
  if (!row) throw new AppError("CRM_CUSTOMER_NOT_FOUND");
  return getCustomer(ctx, workspaceId, id);
}

/**
 * Deletes customers in one transaction. Their deals never dangle: without a policy, customers
 * with deals are refused (409 with the deal count); "detach" keeps the deals without a customer,
 * "delete" deletes them too.
 */
async function removeCustomers(
  ctx: WriteCtx,
  workspaceId: string,
  ids: string[],
  policy: CustomerDealsPolicy | undefined,
): Promise<CrmBulkDeleteResult> {
  const unique = [...new Set(ids)].filter(isUuid);
  const result = await transaction(ctx.db, async (tx) => {
    const found = await repo.lockCustomers(tx, workspaceId, unique);
    const deals = await repo.countDealsOf(tx, workspaceId, found);
    if (deals > 0 && !policy)
      throw new AppError(
        "CUSTOMER_HAS_DEALS",
        `${found.length === 1 ? "This customer has" : "These customers have"} ${deals} deal${deals === 1 ? "" : "s"}: choose whether to detach or delete ${deals === 1 ? "it" : "them"}`,
        { count: deals },
      );
    const detached = deals > 0 && policy === "detach" ? await repo.detachDealsOf(tx, workspaceId, found) : 0;
    const deleted = deals > 0 && policy === "delete" ? await repo.deleteDealsOf(tx, workspaceId, found) : 0;
    await repo.deleteCustomers(tx, workspaceId, found);
    const gone = new Set(found);
    return {
      deleted: found.length,
      not_found: [...new Set(ids)].filter((id) => !gone.has(id)),
      deals_detached: detached,
      deals_deleted: deleted,
    };
  });
  if (result.deals_detached + result.deals_deleted > 0) await dealsChanged(ctx, workspaceId);
  return result;
}

export async function deleteCustomer(
  ctx: WriteCtx,
  workspaceId: string,
  id: string,
  policy?: CustomerDealsPolicy,
): Promise<CrmBulkDeleteResult> {
  const result = await removeCustomers(ctx, workspaceId, [id], policy);
  if (result.deleted === 0) throw new AppError("CRM_CUSTOMER_NOT_FOUND");
  return result;
}

export function bulkDeleteCustomers(
  ctx: WriteCtx,
  workspaceId: string,
  ids: string[],
  policy?: CustomerDealsPolicy,
): Promise<CrmBulkDeleteResult> {
  return removeCustomers(ctx, workspaceId, ids, policy);
}
