/**
 * Lead conversion (a prospect who answered becomes a customer and a deal, in one transaction),
 * the customer's campaign history through its lead, and the CRM overview.
 */
import type { ConvertLead, ConvertLeadResult, CrmOverview, CustomerCampaignHistoryEntry } from "@prospector/contracts";
import type { z } from "zod";
import { transaction } from "../../db/client.ts";
import { AppError } from "../../platform/errors.ts";
import { findLeadRow, updateLeadFields } from "../leads/index.ts";
import { getDeal, insertDeal } from "./crm.deals.ts";
import { dealsChanged } from "./crm.hooks.ts";
import * as overview from "./crm.overview.repository.ts";
import * as repo from "./crm.repository.ts";
import { alreadyConverted, type Ctx, customerRow, getCustomer, insertCustomer, isUniqueViolation, type WriteCtx } from "./crm.service.ts";
import { stageRows } from "./crm.stages.ts";

type ConvertInput = z.output<typeof ConvertLead>;

/** Lead statuses that mean "still being worked": converting one marks the lead interested. */
const WARMING = new Set(["new", "contacted", "replied"]);

/**
 * Customer from the lead (name from first and last name, else company, else email), unless a
 * customer with the lead's email exists and is not linked to a lead yet: that one is linked
 * instead (created: false). Deal "<company or name> deal" in the first open stage (or the one
 * given), value 0 unless given, with the lead's campaign as its source. A lead converts once.
 */
export async function convertLead(
  ctx: WriteCtx,
  caller: { workspaceId: string; userId: string | null },
  input: ConvertInput,
): Promise<ConvertLeadResult> {
  const { workspaceId, userId } = caller;
  const o = input.customer ?? {};
  let out: { customerId: string; dealId: string; created: boolean };
  try {
    out = await transaction(ctx.db, async (tx) => {
      const lead = await findLeadRow(tx, workspaceId, input.lead_id);
      if (!lead)
        throw new AppError("LEAD_NOT_FOUND", "Lead not found in this workspace", {
          errors: [{ field: "lead_id", message: "No such lead in this workspace" }],
        });
      const linked = await repo.customerByLead(tx, workspaceId, lead.id);
      if (linked) throw alreadyConverted(linked);
      const personName = [lead.firstName, lead.lastName].filter(Boolean).join(" ");
      const name = o.name ?? (personName || lead.companyName || lead.email || "Unnamed lead");
      const email = o.email !== undefined ? o.email : lead.email;
      const leadOwner = lead.ownerId && (await repo.isWorkspaceMember(tx, workspaceId, lead.ownerId)) ? lead.ownerId : null;
      const owner = o.owner_id !== undefined ? o.owner_id : (leadOwner ?? userId);
      const existing = email ? await repo.unlinkedCustomerByEmail(tx, workspaceId, email) : undefined;
      const customer = existing
        ? await repo.updateCustomer(tx, workspaceId, existing.id, { leadId: lead.id })
        : await insertCustomer(tx, workspaceId, userId, {
            name,
            email: email ?? null,
            company: o.company !== undefined ? o.company : lead.companyName,
            phone: o.phone !== undefined ? o.phone : lead.phone,
            owner_id: owner,
            tags: o.tags ?? [],
            notes: o.notes ?? null,
            lead_id: lead.id,
          });
      const d = input.deal ?? {};
      const deal = await insertDeal(tx, workspaceId, userId, {
        name: d.name ?? `${lead.companyName || name} deal`,
        value: d.value ?? 0,
        currency: d.currency ?? "USD",
        stage_id: d.stage_id,
        expected_close_date: d.expected_close_date ?? null,
        owner_id: owner,
        customer_id: customer?.id as string,
        lead_id: lead.id,
        source_campaign_id: lead.campaignId,
      });
      if (WARMING.has(lead.status))
        await updateLeadFields(
          { db: tx, hooks: ctx.hooks },
          { workspaceId, leadId: lead.id, fields: { status: "interested" }, provenance: { source: "crm_conversion" } },
        );
      return { customerId: customer?.id as string, dealId: deal.id, created: !existing };
    });
  } catch (err) {
    // Two conversions of one lead at once: the unique link decides, and the second is told which customer won.
    if (isUniqueViolation(err, "crm_customers_lead_unique")) {
      const linked = await repo.customerByLead(ctx.db, workspaceId, input.lead_id);
      if (linked) throw alreadyConverted(linked);
    }
    throw err;
  }
  await dealsChanged(ctx, workspaceId);
  return {
    customer: await getCustomer(ctx, workspaceId, out.customerId),
    deal: await getDeal(ctx, workspaceId, out.dealId),
    created: out.created,
  };
}

/** The campaigns the customer's lead was in; none when the customer has no lead. */
export async function campaignHistory(ctx: Ctx, workspaceId: string, customerId: string): Promise<CustomerCampaignHistoryEntry[]> {
  const customer = await customerRow(ctx, workspaceId, customerId);
  if (!customer.leadId) return [];
  return overview.campaignHistory(ctx.db, workspaceId, customer.leadId);
}

const DAY = 86_400_000;

/** Open deals by stage (values per currency), active tasks by due window (as the task list's `due` filter) and the 10 latest interactions. */
export async function crmOverview(ctx: Ctx, workspaceId: string, now = new Date()): Promise<CrmOverview> {
  const stages = (await stageRows(ctx, workspaceId)).filter((s) => !s.isWon && !s.isLost);
  const sums = await overview.openDealsByStage(ctx.db, workspaceId);
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const tomorrow = new Date(today.getTime() + DAY);
  const tasks = await overview.tasksDue(ctx.db, workspaceId, { now, today, tomorrow, weekEnd: new Date(today.getTime() + 7 * DAY) });
  const interactions = await overview.recentInteractions(ctx.db, workspaceId, 10);
  return {
    stages: stages.map((s) => {
      const mine = sums.filter((r) => r.stageId === s.id);
      return {
        stage_id: s.id,
        name: s.name,
        probability: s.probability,
        count: mine.reduce((n, r) => n + r.n, 0),
        totals: mine.map((r) => ({ currency: r.currency, value: r.value, weighted_value: Math.round(r.weighted * 100) / 100 })),
      };
    }),
    tasks_due: {
      overdue: tasks.overdue,
      today: tasks.today,
      next_7_days: tasks.week,
      items: tasks.items.map((t) => ({
        id: t.id,
        title: t.title,
        status: t.status,
        due_date: t.dueAt?.toISOString() ?? null,
        assignee_id: t.assigneeId,
      })),
    },
    recent_interactions: interactions.map((i) => ({
      id: i.id,
      subject: i.subject,
      type: i.type,
      date: i.occurredAt.toISOString(),
      customer_id: i.customerId,
      deal_id: i.dealId,
      lead_id: i.leadId,
    })),
  };
}
