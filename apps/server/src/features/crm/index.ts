/** What other features may use of the CRM: services, types and tables. Never a repository. */
export { crmCustomers, crmDealStageHistory, crmDeals, crmInteractions, crmStages, crmTasks } from "./crm.table.ts";
export { bookMeeting } from "./crm-activity.meetings.ts";
export { createInteraction, createTask, getInteraction, getTask, listInteractions, listTasks } from "./crm-activity.service.ts";
