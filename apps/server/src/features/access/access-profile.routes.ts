/** GET /api/v1/auth/me/extended, /api/v1/users/{id}/extended and /api/v1/organization (outreach-core §7 "Access control"). */
import { ExtendedUser, Organization } from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import * as profile from "./access-profile.service.ts";

const tags = ["access control"];

export function accessProfileRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/v1/auth/me/extended",
    { config: { access: "authenticated" }, schema: { tags, response: { 200: ExtendedUser } } },
    async (request) => {
      const auth = requireAuth(request);
      return profile.extendedUser(ctx, auth, auth.userId);
    },
  );
  app.get(
    "/api/v1/users/:id/extended",
    { config: { access: "authenticated" }, schema: { tags, params: z.object({ id: z.string() }), response: { 200: ExtendedUser } } },
    async (request) => profile.extendedUser(ctx, requireAuth(request), request.params.id),
  );
  app.get(
    "/api/v1/organization",
    { config: { access: "authenticated" }, schema: { tags, response: { 200: Organization } } },
    async (request) => profile.organization(ctx, requireAuth(request)),
  );
}
