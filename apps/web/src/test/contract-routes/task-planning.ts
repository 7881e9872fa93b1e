/** Success bodies of CRM task routes added for task planning (see ../contract-routes.ts). */
import { CrmTaskWorkload } from "@prospector/contracts";
import type { StatusSchemas } from "../contract-routes.ts";

export const TASK_PLANNING_ROUTES: Record<string, StatusSchemas> = {
  "GET /api/crm/tasks/workload": { 200: CrmTaskWorkload },
};
