/**
 * What other features may use of leads: the lead services, their types and the tables (for
 * foreign keys and joins in other repositories). Never the repository.
 */
export { type BatchResult, type CreateLeadsBatchOptions, createLeadsBatch, FOREIGN_CAMPAIGN } from "./leads.batch.ts";
export { FREE_MAIL, FREE_MAIL_DOMAINS } from "./leads.free-mail.ts";
export type { LeadField, LeadRow, LeadValues } from "./leads.mapper.ts";
export { toLead } from "./leads.mapper.ts";
export {
  bulkDelete,
  findLeadRow,
  getLead,
  leadsPageAfter,
  listLeads,
  recordProvenance,
  updateLeadFields,
} from "./leads.service.ts";
export { LEAD_SEARCH_EXPR, leadImportJobs, leadMerges, leads } from "./leads.table.ts";
