/** Converts between the API's snake_case CRM records and the table rows, in one place. */
import type { CrmCustomer, CrmDeal, CrmStage, DealHistoryEntry, DealStatus } from "@prospector/contracts";
import type { crmCustomers, crmDeals, crmStages } from "./crm.table.ts";

export type StageRow = typeof crmStages.$inferSelect;
export type CustomerRow = typeof crmCustomers.$inferSelect;
export type CustomerValues = Partial<typeof crmCustomers.$inferInsert>;
export type DealRow = typeof crmDeals.$inferSelect;
export type DealValues = Partial<typeof crmDeals.$inferInsert>;

/** A deal row with what the list shows beside it: its stage and customer's names. */
export interface DealWithStage {
  deal: DealRow;
  stage: Pick<StageRow, "name" | "probability" | "isWon" | "isLost">;
  customerName: string | null;
}

/** Open deals of a customer per currency (for the customer list). */
export interface OpenTotals {
  count: number;
  value: Record<string, number>;
}

export function toStage(r: StageRow): CrmStage {
  return { id: r.id, name: r.name, position: r.position, probability: r.probability, is_won: r.isWon, is_lost: r.isLost };
}

export const stageStatus = (s: Pick<StageRow, "isWon" | "isLost">): DealStatus => (s.isWon ? "won" : s.isLost ? "lost" : "open");

export function toCustomer(r: CustomerRow, open: OpenTotals = { count: 0, value: {} }): CrmCustomer {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    company: r.company,
    phone: r.phone,
    owner_id: r.ownerId,
    tags: r.tags,
    notes: r.notes,
    lead_id: r.leadId,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    open_deals: open.count,
    open_value: open.value,
  };
}

/** API field → column for what a person can set on a customer. */
const CUSTOMER_COLUMNS = {
  name: "name",
  email: "email",
  company: "company",
  phone: "phone",
  owner_id: "ownerId",
  tags: "tags",
  notes: "notes",
  lead_id: "leadId",
} as const satisfies Record<string, keyof CustomerRow>;

/** API field → column for what a person can set directly on a deal (stage and position go through the move rules). */
const DEAL_COLUMNS = {
  name: "name",
  value: "value",
  currency: "currency",
  description: "description",
  owner_id: "ownerId",
  probability: "probability",
  expected_close_date: "expectedCloseDate",
  customer_id: "customerId",
  lead_id: "leadId",
  source_campaign_id: "sourceCampaignId",
} as const satisfies Record<string, keyof DealRow>;

function pick(input: Record<string, unknown>, columns: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(columns)) if (input[field] !== undefined) out[column] = input[field];
  return out;
}

/** Table values from API fields; a field that is undefined is left out (unchanged). */
export const customerValues = (input: Record<string, unknown>): CustomerValues => pick(input, CUSTOMER_COLUMNS) as CustomerValues;
export const dealValues = (input: Record<string, unknown>): DealValues => pick(input, DEAL_COLUMNS) as DealValues;

export function toDeal({ deal: r, stage, customerName }: DealWithStage): CrmDeal {
  return {
    id: r.id,
    name: r.name,
    value: Number(r.value),
    currency: r.currency,
    stage: stage.name,
    stage_id: r.stageId,
    status: stageStatus(stage),
    description: r.description,
    owner_id: r.ownerId,
    probability: r.probability,
    effective_probability: r.probability ?? stage.probability,
    expected_close_date: r.expectedCloseDate,
    customer_id: r.customerId,
    customer_name: customerName,
    lead_id: r.leadId,
    source_campaign_id: r.sourceCampaignId,
    position: r.position,
    stage_entered_at: r.stageEnteredAt.toISOString(),
    closed_at: r.closedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

export interface HistoryRow {
  id: string;
  fromStageId: string | null;
  fromStage: string | null;
  toStageId: string | null;
  toStage: string | null;
  changedBy: string | null;
  changedAt: Date;
}

export function toHistory(r: HistoryRow): DealHistoryEntry {
  return {
    id: r.id,
    from_stage_id: r.fromStageId,
    from_stage: r.fromStage,
    to_stage_id: r.toStageId,
    to_stage: r.toStage,
    changed_by: r.changedBy,
    changed_at: r.changedAt.toISOString(),
  };
}
