/** The recommendations routes' success bodies (see ../contract-routes.ts): filled in with the server's routes. */
import type { StatusSchemas } from "../contract-routes.ts";

export const RECOMMENDATIONS_ROUTES: Record<string, StatusSchemas> = {};
