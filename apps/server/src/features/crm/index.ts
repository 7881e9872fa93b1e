/** What other features may use of the CRM: services, types and tables. Never a repository. */
export { crmCustomers, crmDeals, crmDealStageHistory, crmInteractions, crmStages, crmTasks } from "./crm.table.ts";
