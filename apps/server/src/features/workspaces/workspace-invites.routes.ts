import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";

export function invitesRoutes(_fastify: FastifyInstance, _ctx: AppContext): void {}
