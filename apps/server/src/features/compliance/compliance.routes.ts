/** HTTP of compliance (docs/compliance.md). */
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";

export function complianceRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
