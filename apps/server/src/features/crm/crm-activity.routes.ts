/**
 * HTTP for tasks, interactions and meetings (under /api/crm), with the leads API's conventions:
 * a list answers a JSON array with the total in X-Total-Count; PUT is a partial update; a
 * malformed id is the same 404 as another workspace's.
 */
import {
  BookedMeeting,
  BookMeeting,
  CrmActivityBulkDeleteResult,
  CrmIds,
  CrmInteraction,
  CrmInteractionCreate,
  CrmInteractionListQuery,
  CrmInteractionUpdate,
  CrmTask,
  CrmTaskCreate,
  CrmTaskListQuery,
  CrmTaskUpdate,
  CrmTaskWorkload,
  CrmTaskWorkloadQuery,
  ErrorBody,
} from "@prospector/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { bookMeeting } from "./crm-activity.meetings.ts";
import * as activity from "./crm-activity.service.ts";

const Id = z.object({ id: z.string() });
const taskId = (id: string) => {
  if (!isUuid(id)) throw new AppError("CRM_TASK_NOT_FOUND");
  return id;
};
const interactionId = (id: string) => {
  if (!isUuid(id)) throw new AppError("CRM_INTERACTION_NOT_FOUND");
  return id;
};
const caller = (request: FastifyRequest) => {
  const auth = requireAuth(request);
  return { workspaceId: auth.workspaceId, userId: auth.userId };
};
const errors = { 404: ErrorBody, 422: ErrorBody };

export function crmActivityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ---------------------------------------------------------------- tasks
  const tasks = ["crm tasks"];
  r.get(
    "/api/crm/tasks",
    {
      config: { access: "crm:read" },
      schema: {
        tags: tasks,
        summary: "The workspace's tasks, paged (X-Total-Count)",
        querystring: CrmTaskListQuery,
        response: { 200: z.array(CrmTask) },
      },
    },
    async (request, reply) => {
      const { tasks: rows, total } = await activity.listTasks(ctx, caller(request), request.query);
      reply.header("x-total-count", String(total));
      return rows;
    },
  );
  r.get(
    "/api/crm/tasks/workload",
    {
      config: { access: "crm:read" },
      schema: {
        tags: tasks,
        summary: "Unfinished tasks per member and unassigned: due in the window, overdue, open; and the members' median",
        querystring: CrmTaskWorkloadQuery,
        response: { 200: CrmTaskWorkload, 422: ErrorBody },
      },
    },
    async (request) => activity.taskWorkload(ctx, caller(request).workspaceId, request.query),
  );
  r.post(
    "/api/crm/tasks",
    { config: { access: "crm:create" }, schema: { tags: tasks, body: CrmTaskCreate, response: { 201: CrmTask, ...errors } } },
    async (request, reply) => reply.status(201).send(await activity.createTask(ctx, caller(request), request.body)),
  );
  r.post(
    "/api/crm/tasks/bulk-delete",
    { config: { access: "crm:delete" }, schema: { tags: tasks, body: CrmIds, response: { 200: CrmActivityBulkDeleteResult } } },
    async (request) => activity.bulkDeleteTasks(ctx, caller(request).workspaceId, request.body.ids),
  );
  r.get(
    "/api/crm/tasks/:id",
    { config: { access: "crm:read" }, schema: { tags: tasks, params: Id, response: { 200: CrmTask, 404: ErrorBody } } },
    async (request) => activity.getTask(ctx, caller(request).workspaceId, taskId(request.params.id)),
  );
  r.put(
    "/api/crm/tasks/:id",
    { config: { access: "crm:update" }, schema: { tags: tasks, params: Id, body: CrmTaskUpdate, response: { 200: CrmTask, ...errors } } },
    async (request) => activity.updateTask(ctx, caller(request).workspaceId, taskId(request.params.id), request.body),
  );
  r.delete(
    "/api/crm/tasks/:id",
    { config: { access: "crm:delete" }, schema: { tags: tasks, params: Id, response: { 204: z.null(), 404: ErrorBody } } },
    async (request, reply) => {
      await activity.deleteTask(ctx, caller(request).workspaceId, taskId(request.params.id));
      return reply.status(204).send(null);
    },
  );

  // ---------------------------------------------------------------- interactions
  const interactions = ["crm interactions"];
  r.get(
    "/api/crm/interactions",
    {
      config: { access: "crm:read" },
      schema: {
        tags: interactions,
        summary: "The workspace's interactions, newest first, paged (X-Total-Count)",
        querystring: CrmInteractionListQuery,
        response: { 200: z.array(CrmInteraction) },
      },
    },
    async (request, reply) => {
      const { interactions: rows, total } = await activity.listInteractions(ctx, caller(request).workspaceId, request.query);
      reply.header("x-total-count", String(total));
      return rows;
    },
  );
  r.post(
    "/api/crm/interactions",
    {
      config: { access: "crm:create" },
      schema: { tags: interactions, body: CrmInteractionCreate, response: { 201: CrmInteraction, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await activity.createInteraction(ctx, caller(request), request.body)),
  );
  r.post(
    "/api/crm/interactions/bulk-delete",
    { config: { access: "crm:delete" }, schema: { tags: interactions, body: CrmIds, response: { 200: CrmActivityBulkDeleteResult } } },
    async (request) => activity.bulkDeleteInteractions(ctx, caller(request).workspaceId, request.body.ids),
  );
  r.get(
    "/api/crm/interactions/:id",
    { config: { access: "crm:read" }, schema: { tags: interactions, params: Id, response: { 200: CrmInteraction, 404: ErrorBody } } },
    async (request) => activity.getInteraction(ctx, caller(request).workspaceId, interactionId(request.params.id)),
  );
  r.put(
    "/api/crm/interactions/:id",
    {
      config: { access: "crm:update" },
      schema: { tags: interactions, params: Id, body: CrmInteractionUpdate, response: { 200: CrmInteraction, ...errors } },
    },
    async (request) => activity.updateInteraction(ctx, caller(request).workspaceId, interactionId(request.params.id), request.body),
  );
  r.delete(
    "/api/crm/interactions/:id",
    { config: { access: "crm:delete" }, schema: { tags: interactions, params: Id, response: { 204: z.null(), 404: ErrorBody } } },
    async (request, reply) => {
      await activity.deleteInteraction(ctx, caller(request).workspaceId, interactionId(request.params.id));
      return reply.status(204).send(null);
    },
  );

  // ---------------------------------------------------------------- meetings
  r.post(
    "/api/crm/meetings",
    {
      config: { access: "crm:create" },
      schema: {
        tags: ["crm meetings"],
        summary:
          "Book a meeting with a lead, a deal or a customer: one meeting interaction, and the campaign's meeting mark (its Meetings figure) when a campaign is known",
        body: BookMeeting,
        response: { 201: BookedMeeting, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await bookMeeting(ctx, caller(request), request.body)),
  );
}
