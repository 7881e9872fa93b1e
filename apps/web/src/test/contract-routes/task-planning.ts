/** Success bodies of CRM task routes added for task planning (see ../contract-routes.ts). */
import type { StatusSchemas } from "../contract-routes.ts";

export const TASK_PLANNING_ROUTES: Record<string, StatusSchemas> = {};
