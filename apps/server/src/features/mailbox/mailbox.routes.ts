/** GET /api/mailbox and GET /api/mailbox/{id}: the local mailbox, for instance administrators. */
import { ErrorBody, MailboxList, MailboxQuery, MailDetail, MailIdParams } from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { getMailMessage, listMailbox } from "./mailbox.service.ts";

export function mailboxRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/mailbox",
    {
      // Holds password-reset links: a leaked key must never read it.
      config: { access: "authenticated", apiKeyScope: false },
      schema: {
        tags: ["mailbox"],
        summary: "System email produced by this instance; local (undelivered) messages when no SMTP is configured",
        querystring: MailboxQuery,
        response: { 200: MailboxList, 403: ErrorBody },
      },
    },
    async (request) => listMailbox(ctx, requireAuth(request), request.query),
  );
  r.get(
    "/api/mailbox/:id",
    {
      // Holds password-reset links: a leaked key must never read it.
      config: { access: "authenticated", apiKeyScope: false },
      schema: {
        tags: ["mailbox"],
        summary: "One message with its text and HTML body",
        params: MailIdParams,
        response: { 200: MailDetail, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => getMailMessage(ctx, requireAuth(request), request.params.id),
  );
}
