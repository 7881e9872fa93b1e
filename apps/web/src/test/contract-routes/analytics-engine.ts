/** The analytics-engine routes' success bodies (see ../contract-routes.ts): filled in with the server's routes. */
import type { StatusSchemas } from "../contract-routes.ts";

export const ANALYTICS_ENGINE_ROUTES: Record<string, StatusSchemas> = {};
