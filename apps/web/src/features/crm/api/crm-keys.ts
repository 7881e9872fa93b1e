/**
 * Query keys of the CRM. Everything sits under ["crm"], so a change to one record (a deal moved,
 * a customer deleted with its deals) can refresh every list and the overview with one invalidation.
 */
export type CrmRecord = "customers" | "deals" | "tasks" | "interactions";

export const crmKeys = {
  all: ["crm"] as const,
  records: (record: CrmRecord) => [...crmKeys.all, record] as const,
  list: (record: CrmRecord, query: object) => [...crmKeys.records(record), "list", query] as const,
  detail: (record: CrmRecord, id: string) => [...crmKeys.records(record), "detail", id] as const,
  /** Lists of records linked to another (a customer's deals, a deal's tasks). */
  related: (record: CrmRecord, by: string, id: string) => [...crmKeys.records(record), "related", by, id] as const,
  board: (stageId: string, search: string) => [...crmKeys.records("deals"), "board", stageId, search] as const,
  dealHistory: (id: string) => [...crmKeys.records("deals"), "history", id] as const,
  campaignHistory: (id: string) => [...crmKeys.records("customers"), "campaign-history", id] as const,
  stages: () => [...crmKeys.all, "stages"] as const,
  overview: () => [...crmKeys.all, "overview"] as const,
  /** The customer converted from a lead (the lead drawer's link). */
  customerOfLead: (leadId: string) => [...crmKeys.records("customers"), "of-lead", leadId] as const,
};
