/** The campaign-intelligence routes' success bodies (see ../contract-routes.ts), as the server answers them. */
import * as ci from "@prospector/contracts";
import type { StatusSchemas } from "../contract-routes.ts";

const ok = (schema: import("zod").ZodType): StatusSchemas => ({ 200: schema });

export const CAMPAIGN_INTELLIGENCE_ROUTES: Record<string, StatusSchemas> = {
  "GET /api/campaign-intelligence/center": ok(ci.AttentionCenter),
  "GET /api/campaign-intelligence/performance": ok(ci.CiPerformancePage),
  "GET /api/campaign-intelligence/automation": ok(ci.AutomationEffect),
  "GET /api/campaign-intelligence/sequences": ok(ci.CiSequenceReport),
  "GET /api/campaign-intelligence/replies": ok(ci.CiReplyIntel),
  "GET /api/campaign-intelligence/replies/latest": ok(ci.CiReplyLatestPage),
  "GET /api/campaign-intelligence/agents": ok(ci.AgentsState),
};
