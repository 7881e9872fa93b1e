/** The system-monitor routes' success bodies (see ../contract-routes.ts), copied from the server's routes files. */
import type { StatusSchemas } from "../contract-routes.ts";

export const SYSTEM_MONITOR_ROUTES: Record<string, StatusSchemas> = {};
