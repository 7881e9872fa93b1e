/** The reply-intent routes' success bodies (see ../contract-routes.ts), copied from the server's routes files. */
import type { StatusSchemas } from "../contract-routes.ts";

export const REPLY_INTENT_ROUTES: Record<string, StatusSchemas> = {};
