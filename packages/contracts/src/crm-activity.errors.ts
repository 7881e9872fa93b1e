/** Error codes of the CRM's activity side: tasks, interactions and meetings (/api/crm/{tasks,interactions,meetings}). */
import { defineErrors } from "./define-errors.ts";

export const crmActivityErrors = defineErrors({
  CRM_TASK_NOT_FOUND: { status: 404, detail: "Task not found" },
  CRM_TASK_WORKLOAD_WINDOW: { status: 422, detail: "The workload window must end after it starts and span at most 92 days" },
  CRM_INTERACTION_NOT_FOUND: { status: 404, detail: "Interaction not found" },
  /** A customer, deal, lead, campaign or assignee id that is not this workspace's (the field is named in `errors`). */
  CRM_ACTIVITY_LINK_NOT_FOUND: { status: 404, detail: "A linked record was not found in this workspace" },
});
