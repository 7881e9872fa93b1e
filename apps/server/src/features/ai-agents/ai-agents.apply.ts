/**
 * What approving a proposal does, and what Revert undoes. Each apply re-checks that the proposal
 * touches only its run's subject, and keeps the values it replaces.
 */
import { CrmTaskCreate } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";
import { createTask, deleteTask } from "../crm/index.ts";
import { getLead, updateLeadFields } from "../leads/index.ts";
import { type ReplyClassChange, restoreReplyClass, setReplyClass } from "../reply-intent/index.ts";
import * as repo from "./ai-agents.repository.ts";
import { ownsSubject } from "./ai-agents.run.ts";

type Ctx = Pick<AppContext, "db" | "hooks">;
const DAY = 86_400_000;

export async function applyProposal(
  ctx: Ctx,
  run: repo.RunRow,
  p: repo.ProposalRow,
  userId: string | null,
): Promise<{ previous: Record<string, unknown> | null; result: Record<string, unknown> }> {
  const payload = p.payload;
  if (!ownsSubject(run, payload)) throw new AppError("AI_AGENT_PROPOSAL_NOT_FOUND");
  switch (payload.type) {
    case "lead_fields": {
      const lead = await getLead(ctx, run.workspaceId, payload.lead_id);
      const previous = Object.fromEntries(Object.keys(payload.fields).map((f) => [f, lead[f as keyof typeof lead] ?? null]));
      await updateLeadFields(ctx, {
        workspaceId: run.workspaceId,
        leadId: payload.lead_id,
        fields: payload.fields,
        provenance: { source: "ai-agent" },
      });
      return { previous, result: { lead_id: payload.lead_id, fields: Object.keys(payload.fields) } };
    }
    case "email_draft":
      // Kept with the proposal for the user to copy into their mail: nothing is sent.
      return { previous: null, result: { stored: true } };
    case "reply_class": {
      // The class is kept by reply intent, as a person's correction of the classifier.
      const event = await repo.findReplyEvent(ctx.db, run.workspaceId, payload.reply_id);
      if (!event?.leadId) throw new AppError("AI_AGENT_PROPOSAL_NOT_FOUND");
      const detail = (event.detail ?? {}) as { subject?: string; snippet?: string };
      const change = await setReplyClass(
        ctx,
        run.workspaceId,
        (userId ?? run.createdBy) as string,
        {
          eventId: event.id,
          leadId: event.leadId,
          campaignId: event.campaignId,
          occurredAt: event.occurredAt,
          subject: detail.subject ?? "",
          snippet: detail.snippet ?? "",
        },
        payload.class,
      );
      return { previous: { change }, result: { reply_intent_id: change.intentId, class: payload.class } };
    }
    case "crm_task": {
      const task = await createTask(
        ctx,
        { workspaceId: run.workspaceId, userId: (userId ?? run.createdBy) as string },
        CrmTaskCreate.parse({
          title: payload.title,
          description: payload.description || null,
          deal_id: payload.deal_id,
          due_date: new Date(Date.now() + payload.due_in_days * DAY).toISOString(),
        }),
      );
      return { previous: null, result: { task_id: task.id } };
    }
  }
}

export async function revertProposal(ctx: Ctx, run: repo.RunRow, p: repo.ProposalRow): Promise<void> {
  const payload = p.payload;
  if (payload.type === "lead_fields") {
    await updateLeadFields(ctx, {
      workspaceId: run.workspaceId,
      leadId: payload.lead_id,
      fields: p.previous ?? {},
      provenance: { source: "ai-agent revert" },
    });
  } else if (payload.type === "reply_class") {
    const change = p.previous?.change as ReplyClassChange | undefined;
    if (change) await restoreReplyClass(ctx, run.workspaceId, change);
  } else if (payload.type === "crm_task") {
    const id = p.result?.task_id;
    if (typeof id === "string") await deleteTask(ctx, run.workspaceId, id).catch(() => undefined);
  }
}
