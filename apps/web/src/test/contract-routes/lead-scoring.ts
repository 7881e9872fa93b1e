/** The lead-scoring routes' success bodies (see ../contract-routes.ts): filled in with the server's routes. */
import type { StatusSchemas } from "../contract-routes.ts";

export const LEAD_SCORING_ROUTES: Record<string, StatusSchemas> = {};
