/** The executive routes' success bodies (see ../contract-routes.ts), as the server answers them (executive.routes.ts). */
import { Boardroom, CommandCenter, MemberTrend, TeamPerformance, UserSuccess } from "@prospector/contracts";
import type { StatusSchemas } from "../contract-routes.ts";

export const EXECUTIVE_ROUTES: Record<string, StatusSchemas> = {
  "GET /api/analytics/command-center": { 200: CommandCenter },
  "GET /api/analytics/boardroom": { 200: Boardroom },
  // A PDF file: no JSON body to check.
  "GET /api/analytics/boardroom.pdf": { 200: null },
  "GET /api/analytics/team-performance": { 200: TeamPerformance },
  "GET /api/analytics/team-performance/:userId/trend": { 200: MemberTrend },
  "GET /api/analytics/user-success": { 200: UserSuccess },
};
