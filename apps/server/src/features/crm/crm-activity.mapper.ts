/** Converts between the API's snake_case tasks and interactions and the table rows, in one place. */
import type { CrmInteraction, CrmTask } from "@prospector/contracts";
import type { crmInteractions, crmTasks } from "./crm.table.ts";

export type TaskRow = typeof crmTasks.$inferSelect;
export type TaskValues = Partial<typeof crmTasks.$inferInsert>;
export type InteractionRow = typeof crmInteractions.$inferSelect;
export type InteractionValues = Partial<typeof crmInteractions.$inferInsert>;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** "2026-05-01" or an ISO datetime as a Date; null stays null, undefined (left out) stays undefined. */
export function toDate(s: string | null | undefined): Date | null | undefined {
  if (s == null) return s;
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T00:00:00Z` : s);
}

export function toTask(r: TaskRow, relatedLabel: string | null): CrmTask {
  return {
    id: r.id,
    title: r.title,
    status: r.status,
    due_date: iso(r.dueAt),
    description: r.description,
    assignee_id: r.assigneeId,
    customer_id: r.customerId,
    deal_id: r.dealId,
    lead_id: r.leadId,
    remind_at: iso(r.remindAt),
    reminded_at: iso(r.remindedAt),
    completed_at: iso(r.completedAt),
    created_by: r.createdBy,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    related_label: relatedLabel,
  };
}

export function toInteraction(r: InteractionRow, relatedLabel: string | null): CrmInteraction {
  return {
    id: r.id,
    subject: r.subject,
    type: r.type,
    date: r.occurredAt.toISOString(),
    description: r.description,
    notes: r.notes,
    customer_id: r.customerId,
    deal_id: r.dealId,
    lead_id: r.leadId,
    campaign_id: r.campaignId,
    source: r.source,
    created_by: r.createdBy,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    related_label: relatedLabel,
  };
}

/** Task fields of the API → table properties; a field left out (undefined) is left out. */
export function taskValues(input: {
  title?: string;
  status?: CrmTask["status"];
  due_date?: string | null;
  description?: string | null;
  assignee_id?: string | null;
  customer_id?: string | null;
  deal_id?: string | null;
  lead_id?: string | null;
  remind_at?: string | null;
}): TaskValues {
  const v: TaskValues = {
    title: input.title,
    status: input.status,
    dueAt: toDate(input.due_date),
    description: input.description,
    assigneeId: input.assignee_id,
    customerId: input.customer_id,
    dealId: input.deal_id,
    leadId: input.lead_id,
    remindAt: toDate(input.remind_at),
  };
  return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as TaskValues;
}

export function interactionValues(input: {
  subject?: string;
  type?: CrmInteraction["type"];
  date?: string;
  description?: string | null;
  notes?: string | null;
  customer_id?: string | null;
  deal_id?: string | null;
  lead_id?: string | null;
  campaign_id?: string | null;
}): InteractionValues {
  const v: InteractionValues = {
    subject: input.subject,
    type: input.type,
    occurredAt: toDate(input.date) ?? undefined,
    description: input.description,
    notes: input.notes,
    customerId: input.customer_id,
    dealId: input.deal_id,
    leadId: input.lead_id,
    campaignId: input.campaign_id,
  };
  return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as InteractionValues;
}
