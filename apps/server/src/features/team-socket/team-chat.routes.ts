/**
 * Team chat over HTTP (for clients without the socket, and the page's history):
 * GET/POST /api/v1/team/chat/messages, POST /api/v1/team/chat/read, GET /api/v1/team/chat/unread.
 * Any active member of the caller's workspace (the access hook refuses suspended members).
 */
import {
  ChatMessage,
  ChatMessagesQuery,
  ChatPage,
  ChatReadInput,
  ChatReadState,
  ChatSendInput,
  ChatUnread,
  ErrorBody,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { chatUnread, listChatMessages, markChatRead, sendChatMessage } from "./team-chat.service.ts";

const tags = ["team"];

export function teamChatRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const member = (request: Parameters<typeof requireAuth>[0]) => {
    const auth = requireAuth(request);
    return { workspaceId: auth.workspaceId, userId: auth.userId, name: auth.name };
  };

  r.get(
    "/api/v1/team/chat/messages",
    {
      config: { access: "authenticated" },
      schema: {
        tags,
        summary: "A page of a chat channel, newest first, with read receipts",
        querystring: ChatMessagesQuery,
        response: { 200: ChatPage, 422: ErrorBody },
      },
    },
    async (request) => listChatMessages(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.post(
    "/api/v1/team/chat/messages",
    {
      config: { access: "authenticated" },
      schema: {
        tags,
        summary: "Send a chat message (201; 200 when this client_id was already stored)",
        body: ChatSendInput,
        response: { 200: ChatMessage, 201: ChatMessage, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const { message, created } = await sendChatMessage(ctx, member(request), request.body);
      return reply.status(created ? 201 : 200).send(message);
    },
  );

  r.post(
    "/api/v1/team/chat/read",
    {
      config: { access: "authenticated" },
      schema: {
        tags,
        summary: "Move the caller's read mark in a channel forward",
        body: ChatReadInput,
        response: { 200: ChatReadState, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => markChatRead(ctx, member(request), request.body),
  );

  r.get(
    "/api/v1/team/chat/unread",
    {
      config: { access: "authenticated" },
      schema: { tags, summary: "Unread chat messages per channel", response: { 200: ChatUnread } },
    },
    async (request) => chatUnread(ctx, member(request)),
  );
}
