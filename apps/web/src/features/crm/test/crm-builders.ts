/** Test data builders for the CRM pages' component tests, typed by the contracts (test-only). */
import type { CrmCustomer, CrmDeal, CrmInteraction, CrmOverview, CrmStage, CrmTask } from "@prospector/contracts";
import { uuid } from "../../../test/kit.ts";

const AT = "2026-11-20T10:00:00.000Z";

export function stage(over: Partial<CrmStage> = {}): CrmStage {
  return { id: uuid(), name: "Qualified", position: 0, probability: 20, is_won: false, is_lost: false, ...over };
}

export function customer(over: Partial<CrmCustomer> = {}): CrmCustomer {
  return {
    id: uuid(),
    name: "Ada Lovelace",
    email: "ada@analytical.io",
    company: "Analytical Engines",
    phone: null,
    owner_id: null,
    tags: [],
    notes: null,
    lead_id: null,
    created_at: AT,
    updated_at: AT,
    open_deals: 0,
    open_value: {},
    ...over,
  };
}

export function deal(over: Partial<CrmDeal> = {}): CrmDeal {
  return {
    id: uuid(),
    name: "Engine licence",
    value: 12000,
    currency: "USD",
    stage: "Qualified",
    stage_id: uuid(),
    status: "open",
    description: null,
    owner_id: null,
    probability: null,
    effective_probability: 20,
    expected_close_date: null,
    customer_id: null,
    customer_name: null,
    lead_id: null,
    source_campaign_id: null,
    position: 1,
    stage_entered_at: AT,
    closed_at: null,
    created_at: AT,
    updated_at: AT,
    ...over,
  };
}

export function task(over: Partial<CrmTask> = {}): CrmTask {
  return {
    id: uuid(),
    title: "Send the proposal",
    status: "open",
    due_date: null,
    description: null,
    assignee_id: null,
    customer_id: null,
    deal_id: null,
    lead_id: null,
    remind_at: null,
    reminded_at: null,
    completed_at: null,
    created_by: null,
    created_at: AT,
    updated_at: AT,
    related_label: null,
    ...over,
  };
}

export function interaction(over: Partial<CrmInteraction> = {}): CrmInteraction {
  return {
    id: uuid(),
    subject: "Intro call",
    type: "call",
    date: AT,
    description: null,
    notes: null,
    customer_id: null,
    deal_id: null,
    lead_id: null,
    campaign_id: null,
    source: "manual",
    created_by: null,
    created_at: AT,
    updated_at: AT,
    related_label: null,
    ...over,
  };
}

export function overview(over: Partial<CrmOverview> = {}): CrmOverview {
  return { stages: [], tasks_due: { overdue: 0, today: 0, next_7_days: 0, items: [] }, recent_interactions: [], ...over };
}

/** A list answer with its X-Total-Count. */
export const page = <T>(items: T[], total = items.length) => ({ body: items, headers: { "x-total-count": String(total) } });
