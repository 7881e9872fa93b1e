/**
 * /api/compose: send one email from /compose and list the workspace's one-off sends. The role
 * table has no permission for sending mail, so sending needs campaigns:create (a one-off email is
 * the smallest campaign) and reading the history campaigns:read; docs/sending.md records this.
 */
import { ComposeMessage, ComposeSendRequest, ComposeSentList, ComposeSentQuery, ErrorBody } from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import * as service from "./compose.service.ts";

export function composeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["compose"];

  r.post(
    "/api/compose/send",
    {
      config: { access: "campaigns:create" },
      schema: {
        tags,
        summary:
          "Send one email now from an inbox (or the local mailbox), rendered with the lead's fields; answers with the stored message, delivered or not",
        body: ComposeSendRequest,
        response: { 200: ComposeMessage, 402: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return service.sendOne(ctx, { workspaceId: auth.workspaceId, userId: auth.userId }, request.body);
    },
  );

  r.get(
    "/api/compose/sent",
    {
      config: { access: "campaigns:read" },
      schema: {
        tags,
        summary: "The workspace's one-off sends, newest first",
        querystring: ComposeSentQuery,
        response: { 200: ComposeSentList, 422: ErrorBody },
      },
    },
    async (request) => service.listSent(ctx, requireAuth(request).workspaceId, request.query),
  );
}
