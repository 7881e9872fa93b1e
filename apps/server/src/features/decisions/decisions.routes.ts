/** HTTP of the team decision log (docs/team-decisions.md). */
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";

export function decisionsRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
