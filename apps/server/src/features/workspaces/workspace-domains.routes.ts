import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";

export function domainsRoutes(_fastify: FastifyInstance, _ctx: AppContext): void {}
