/** The security routes' success bodies (see ../contract-routes.ts), copied from the server's routes files. */
import type { StatusSchemas } from "../contract-routes.ts";

export const SECURITY_ROUTES: Record<string, StatusSchemas> = {};
