/**
 * /api/inboxes: list, connect, read, edit, delete and test sending inboxes. The role table has no
 * inbox resource, so reading needs campaigns:read and changing needs campaigns:update (who may
 * change a campaign may choose where it sends from); docs/sending.md records this.
 */
import { ErrorBody, Inbox, InboxCreate, InboxIdParams, InboxList, InboxTestResult, InboxUpdate } from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import * as service from "./inboxes.service.ts";

export function inboxesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["inboxes"];

  r.get(
    "/api/inboxes",
    {
      config: { access: "campaigns:read" },
      schema: { tags, summary: "The workspace's sending inboxes, the local mailbox included", response: { 200: InboxList } },
    },
    async (request) => service.listInboxes(ctx, requireAuth(request).workspaceId),
  );

  r.post(
    "/api/inboxes",
    {
      config: { access: "campaigns:update" },
      schema: {
        tags,
        summary: "Connect an SMTP (+ IMAP) inbox",
        body: InboxCreate,
        response: { 201: Inbox, 409: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const inbox = await service.createInbox(ctx, { workspaceId: auth.workspaceId, userId: auth.userId }, request.body);
      return reply.status(201).send(inbox);
    },
  );

  r.get(
    "/api/inboxes/:id",
    {
      config: { access: "campaigns:read" },
      schema: { tags, summary: "One inbox with its health", params: InboxIdParams, response: { 200: Inbox, 404: ErrorBody } },
    },
    async (request) => service.getInbox(ctx, requireAuth(request).workspaceId, request.params.id),
  );

  r.put(
    "/api/inboxes/:id",
    {
      config: { access: "campaigns:update" },
      schema: {
        tags,
        summary: "Change an inbox (a password left out keeps the saved one); paused: true/false pauses or resumes it",
        params: InboxIdParams,
        body: InboxUpdate,
        response: { 200: Inbox, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => service.updateInbox(ctx, requireAuth(request).workspaceId, request.params.id, request.body),
  );

  r.delete(
    "/api/inboxes/:id",
    {
      config: { access: "campaigns:update" },
      schema: { tags, summary: "Disconnect an inbox", params: InboxIdParams, response: { 204: z.null(), 400: ErrorBody, 404: ErrorBody } },
    },
    async (request, reply) => {
      await service.deleteInbox(ctx, requireAuth(request).workspaceId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    "/api/inboxes/:id/test",
    {
      config: { access: "campaigns:update" },
      schema: {
        tags,
        summary: "Try the SMTP login (and IMAP when set) and report each",
        params: InboxIdParams,
        response: { 200: InboxTestResult, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => service.testInbox(ctx, requireAuth(request).workspaceId, request.params.id),
  );
}
