/** What other features may use of the CRM: services, types and tables. Never a repository. */

export { campaignHistory, convertLead, crmOverview } from "./crm.convert.ts";
export { createDeal, dealHistory, getDeal, listDeals, moveDeal, updateDeal } from "./crm.deals.ts";
export { type DealsChangedCtx, dealsChanged } from "./crm.hooks.ts";
export type { CustomerRow, DealRow, StageRow } from "./crm.mapper.ts";
export { getCustomer, listCustomers } from "./crm.service.ts";
export { DEFAULT_STAGES, listStages, stageRows } from "./crm.stages.ts";
export {
  CUSTOMER_SEARCH_EXPR,
  crmCustomers,
  crmDealStageHistory,
  crmDeals,
  crmInteractions,
  crmStages,
  crmTasks,
  DEAL_SEARCH_EXPR,
} from "./crm.table.ts";
export { bookMeeting } from "./crm-activity.meetings.ts";
export {
  createInteraction,
  createTask,
  deleteTask,
  getInteraction,
  getTask,
  listInteractions,
  listTasks,
} from "./crm-activity.service.ts";
