/**
 * The rule engine: claims triggers from the inbox (SKIP LOCKED), finds the enabled rules and
 * sequences they start, checks thresholds and conditions against the lead, runs the actions through
 * the features that own them, and writes the run log. A (rule, lead, run key) runs once: the run
 * row is claimed before any action.
 */
import { type AutomationAction, type AutomationRunAction, type AutomationTrigger, CrmTaskCreate } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";
import { addLeads, removeLeads } from "../campaigns/index.ts";
import { createTask } from "../crm/index.ts";
import { updateLeadFields } from "../leads/index.ts";
import { createNotification } from "../notifications/index.ts";
import * as repo from "./automation.repository.ts";
import {
  conditionHolds,
  fillPlaceholders,
  type LeadFacts,
  MAX_DEPTH,
  runKey,
  TRIGGER_LABELS,
  type TriggerEvent,
  triggerMatches,
} from "./automation.rules.ts";
import { type AutomationCtx, stopInCampaign } from "./automation.stop.ts";
import { applyExits, enrol } from "./nurture.engine.ts";
import * as nrepo from "./nurture.repository.ts";

type Lead = NonNullable<Awaited<ReturnType<typeof repo.leadRow>>>;

export function errorText(err: unknown): string {
  if (err instanceof AppError) return err.message;
  if (err instanceof Error) return err.message.slice(0, 500);
  return String(err);
}

export function toEvent(t: repo.TriggerRow): TriggerEvent {
  return {
    workspaceId: t.workspaceId,
    type: t.type as TriggerEvent["type"],
    ref: t.ref,
    leadId: t.leadId,
    campaignId: t.campaignId,
    step: t.step,
    tag: t.tag,
    depth: t.depth,
    occurredAt: t.occurredAt,
    createdAt: t.createdAt,
  };
}

export const facts = (lead: Lead): LeadFacts => ({
  tags: lead.tags,
  status: lead.status,
  score: lead.score,
  companyName: lead.companyName,
  email: lead.email,
});

/** Writes an event to the trigger inbox (once per workspace, type and ref). */
export async function addTrigger(
  db: repo.Tx,
  e: Omit<TriggerEvent, "createdAt" | "step" | "tag"> & { step?: number | null; tag?: string | null },
) {
  return repo.insertTriggers(db, [
    {
      workspaceId: e.workspaceId,
      type: e.type,
      ref: e.ref,
      leadId: e.leadId,
      campaignId: e.campaignId,
      step: e.step ?? null,
      tag: e.tag ?? null,
      depth: e.depth,
      occurredAt: e.occurredAt,
    },
  ]);
}

/** The trigger's count threshold (opens within days, no reply), with what was found. */
export async function thresholdHolds(
  ctx: Pick<AppContext, "db">,
  trigger: AutomationTrigger,
  e: TriggerEvent,
): Promise<{ passed: boolean; note: string }> {
  if (trigger.type !== "email_opened") return { passed: true, note: TRIGGER_LABELS[trigger.type] };
  if (!e.campaignId || !e.leadId) return { passed: false, note: "The open belongs to no campaign" };
  const since = new Date(e.occurredAt.getTime() - trigger.within_days * 86_400_000);
  // PostgreSQL keeps microseconds and a JS date does not: the event itself must fall inside the window.
  const opens = await repo.humanOpens(ctx.db, e.campaignId, e.leadId, since, new Date(e.occurredAt.getTime() + 1));
  if (opens < trigger.min_opens)
    return { passed: false, note: `${opens} of ${trigger.min_opens} human opens within ${trigger.within_days} days` };
  if (trigger.without_reply && (await repo.hasReplied(ctx.db, e.campaignId, e.leadId)))
    return { passed: false, note: `${opens} human opens, but the lead replied` };
  return {
    passed: true,
    note: `${opens} human open${opens === 1 ? "" : "s"} within ${trigger.within_days} days${trigger.without_reply ? ", no reply" : ""}`,
  };
}

/** Why a lead entered a sequence, in words: "Opened 3× …", 'Tagged "prospect"', 'Replied in "Cold Q1"'. */
async function eventReason(ctx: Pick<AppContext, "db">, e: TriggerEvent, thresholdNote: string): Promise<string> {
  const campaign = e.campaignId ? (await repo.campaignNames(ctx.db, e.workspaceId, [e.campaignId])).get(e.campaignId)?.name : undefined;
  const where = campaign ? ` in "${campaign}"` : "";
  if (e.type === "email_opened") return `${thresholdNote}${where}`;
  if (e.type === "lead_tagged") return `Tagged "${e.tag}"`;
  return `${TRIGGER_LABELS[e.type]}${where}`;
}

/** Processes pending triggers until none is left (or `maxBatches` batches); answers how many were processed. */
export async function processPending(ctx: AutomationCtx, opts: { batch?: number; maxBatches?: number } = {}): Promise<number> {
  let done = 0;
  for (let i = 0; i < (opts.maxBatches ?? 20); i++) {
    const claimed = await repo.claimTriggers(ctx.db, opts.batch ?? 100);
    if (!claimed.length) break;
    for (const t of claimed) {
      try {
        await processTrigger(ctx, toEvent(t));
      } catch (err) {
        ctx.log.error({ err, trigger: t.id }, "automation trigger failed");
      }
      done++;
    }
  }
  return done;
}

export async function processTrigger(ctx: AutomationCtx, e: TriggerEvent): Promise<void> {
  if (!e.leadId) return;
  // Exits first: a reply ends the nurture sequence before a rule reacts to it.
  await applyExits(ctx, e);
  const rules = await repo.enabledRules(ctx.db, e.workspaceId, e.type);
  for (const rule of rules) {
    if (rule.createdAt > e.createdAt || !triggerMatches(rule.trigger, e)) continue;
    const lead = await repo.leadRow(ctx.db, e.workspaceId, e.leadId);
    if (!lead) return;
    if (!(await thresholdHolds(ctx, rule.trigger, e)).passed) continue;
    if (!rule.conditions.every((c) => conditionHolds(c, facts(lead), e))) continue;
    await runRule(ctx, rule, e, lead);
  }
  for (const seq of await nrepo.enabledSequences(ctx.db, e.workspaceId, e.type)) {
    if (seq.createdAt > e.createdAt || !triggerMatches(seq.entryTrigger, e)) continue;
    const lead = await repo.leadRow(ctx.db, e.workspaceId, e.leadId);
    if (!lead) return;
    const threshold = await thresholdHolds(ctx, seq.entryTrigger, e);
    if (!threshold.passed) continue;
    if (!seq.entryConditions.every((c) => conditionHolds(c, facts(lead), e))) continue;
    await logged(ctx, { owner: `sequence:${seq.id}`, sequenceId: seq.id, ruleId: null }, e, async () => {
      const detail = await enrol(ctx, seq, lead.id, await eventReason(ctx, e, threshold.note), e.depth);
      return [{ type: "enroll_in_sequence", ok: true, detail }];
    });
  }
}

/** Claims the run, runs `work` and writes its outcome; a run that already happened is skipped. */
async function logged(
  ctx: AutomationCtx,
  who: { owner: string; ruleId: string | null; sequenceId: string | null },
  e: TriggerEvent,
  work: () => Promise<AutomationRunAction[]>,
): Promise<{ failed: boolean } | null> {
  const started = performance.now();
  const runId = await repo.claimRun(ctx.db, {
    workspaceId: e.workspaceId,
    ruleId: who.ruleId,
    sequenceId: who.sequenceId,
    owner: who.owner,
    runKey: runKey(e),
    triggerType: e.type,
    triggerRef: e.ref,
    leadId: e.leadId,
    campaignId: e.campaignId,
    // Until it finishes: a crash leaves an honest entry, never a silent success.
    status: "failed",
    actions: [],
    error: "Interrupted before it finished",
    depth: e.depth,
  });
  if (!runId) return null;
  let actions: AutomationRunAction[] = [];
  let error: string | null = null;
  if (e.depth >= MAX_DEPTH) {
    error = `Stopped: ${e.depth} automation steps led here (the limit is ${MAX_DEPTH}). Check your rules for a loop.`;
  } else {
    try {
      actions = await work();
    } catch (err) {
      error = errorText(err);
    }
  }
  const okCount = actions.filter((a) => a.ok).length;
  const status = error || okCount === 0 ? "failed" : okCount === actions.length ? "succeeded" : "partial";
  if (!error && status !== "succeeded")
    error = actions
      .filter((a) => !a.ok)
      .map((a) => a.detail)
      .join("; ");
  await repo.finishRun(ctx.db, runId, { status, actions, error, durationMs: Math.round(performance.now() - started) });
  return { failed: status !== "succeeded" };
}

async function runRule(ctx: AutomationCtx, rule: repo.RuleRow, e: TriggerEvent, lead: Lead): Promise<void> {
  const outcome = await logged(ctx, { owner: `rule:${rule.id}`, ruleId: rule.id, sequenceId: null }, e, async () => {
    const results: AutomationRunAction[] = [];
    let current = lead;
    for (const action of rule.actions) {
      try {
        const detail = await runAction(ctx, { name: rule.name, ownerId: rule.createdBy }, action, current, e);
        results.push({ type: action.type, ok: true, detail });
        // Later actions see earlier ones (a tag added, a status set).
        current = (await repo.leadRow(ctx.db, e.workspaceId, lead.id)) ?? current;
      } catch (err) {
        results.push({ type: action.type, ok: false, detail: errorText(err) });
      }
    }
    return results;
  });
  if (outcome) await repo.recordRuleRun(ctx.db, rule.id, outcome.failed, new Date());
}

function caller(workspaceId: string, ownerId: string | null) {
  if (!ownerId) throw new Error("The rule's author is no longer in the workspace: save the rule again to take it over");
  return { workspaceId, userId: ownerId };
}

async function campaignName(ctx: Pick<AppContext, "db">, workspaceId: string, id: string): Promise<string> {
  const c = (await repo.campaignNames(ctx.db, workspaceId, [id])).get(id);
  if (!c) throw new AppError("AUTOMATION_LINK_NOT_FOUND", "The campaign this action names no longer exists");
  return c.name;
}

/** Runs one action for the lead; answers what it did, throws what went wrong. */
export async function runAction(
  ctx: AutomationCtx,
  rule: { name: string; ownerId: string | null },
  action: AutomationAction,
  lead: Lead,
  e: TriggerEvent,
): Promise<string> {
  const ws = e.workspaceId;
  const campaign = e.campaignId ? ((await repo.campaignNames(ctx.db, ws, [e.campaignId])).get(e.campaignId)?.name ?? null) : null;
  const fill = (s: string) =>
    fillPlaceholders(s, { first_name: lead.firstName, last_name: lead.lastName, email: lead.email, company: lead.companyName, campaign });
  const follow = (type: TriggerEvent["type"], ref: string, extra: { campaignId?: string | null; tag?: string | null }) =>
    addTrigger(ctx.db, {
      workspaceId: ws,
      type,
      ref,
      leadId: lead.id,
      campaignId: extra.campaignId ?? null,
      tag: extra.tag ?? null,
      depth: e.depth + 1,
      occurredAt: new Date(),
    });
  switch (action.type) {
    case "create_task": {
      const who = caller(ws, rule.ownerId);
      const input = CrmTaskCreate.parse({
        title: fill(action.title).slice(0, 300) || rule.name,
        due_date: new Date(Date.now() + action.due_in_days * 86_400_000).toISOString(),
        assignee_id: action.assignee_id ?? who.userId,
        lead_id: lead.id,
        description: `Created by the automation rule "${rule.name}" (${TRIGGER_LABELS[e.type]}).`,
      });
      const task = await createTask(ctx, who, input);
      return `Task "${task.title}" created`;
    }
    case "notify": {
      const targets =
        action.target === "workspace"
          ? await repo.activeMemberIds(ctx.db, ws)
          : await repo.activeMemberIds(ctx.db, ws, [action.user_id ?? caller(ws, rule.ownerId).userId]);
      if (!targets.length) throw new Error("Nobody to notify: the member is no longer active in this workspace");
      for (const userId of targets) {
        await createNotification(ctx, {
          workspaceId: ws,
          userId,
          type: "info",
          title: rule.name,
          message: fill(action.message),
          link: "/automation",
          data: { lead_id: lead.id, campaign_id: e.campaignId },
        });
      }
      return `${targets.length} member${targets.length === 1 ? "" : "s"} notified`;
    }
    case "add_to_campaign": {
      const name = await campaignName(ctx, ws, action.campaign_id);
      const res = await addLeads(ctx, caller(ws, rule.ownerId), action.campaign_id, [lead.id]);
      if (!res.added?.length) {
        const reason = res.skipped[0]?.reason ?? "skipped";
        if (reason === "Already in this campaign") return `Already in "${name}"`;
        throw new Error(`Not added to "${name}": ${reason}`);
      }
      await follow("lead_added_to_campaign", `${action.campaign_id}:${lead.id}`, { campaignId: action.campaign_id });
      return `Added to "${name}"`;
    }
    case "enroll_in_sequence": {
      const seq = await nrepo.getSequence(ctx.db, ws, action.sequence_id);
      if (!seq) throw new AppError("AUTOMATION_LINK_NOT_FOUND", "The nurture sequence this action names no longer exists");
      return enrol(ctx, seq.sequence, lead.id, `Rule "${rule.name}" (${TRIGGER_LABELS[e.type]})`, e.depth);
    }
    case "remove_from_campaign": {
      const id = action.campaign_id ?? e.campaignId;
      if (!id) throw new Error("The event belongs to no campaign: name the campaign");
      const name = await campaignName(ctx, ws, id);
      const res = await removeLeads(ctx, caller(ws, rule.ownerId), id, [lead.id]);
      return res.removed?.length ? `Removed from "${name}"` : `Was not in "${name}"`;
    }
    case "stop_in_campaign": {
      const id = action.campaign_id ?? e.campaignId;
      if (!id) throw new Error("The event belongs to no campaign: name the campaign");
      const name = await campaignName(ctx, ws, id);
      const stopped = await stopInCampaign(ctx, id, lead.id);
      return stopped ? `Sequence stopped in "${name}"` : `Nothing to stop in "${name}" (not sending to this lead)`;
    }
    case "add_tag": {
      if (lead.tags.some((t) => t.toLowerCase() === action.tag.toLowerCase())) return `Already tagged "${action.tag}"`;
      await updateLeadFields(ctx, {
        workspaceId: ws,
        leadId: lead.id,
        fields: { tags: [...lead.tags, action.tag] },
        provenance: { source: "automation" },
      });
      await follow("lead_tagged", `${lead.id}:${action.tag.toLowerCase()}:${Date.now()}`, { tag: action.tag });
      return `Tagged "${action.tag}"`;
    }
    case "remove_tag": {
      const tags = lead.tags.filter((t) => t.toLowerCase() !== action.tag.toLowerCase());
      if (tags.length === lead.tags.length) return `Had no tag "${action.tag}"`;
      await updateLeadFields(ctx, { workspaceId: ws, leadId: lead.id, fields: { tags }, provenance: { source: "automation" } });
      return `Tag "${action.tag}" removed`;
    }
    case "set_status": {
      if (lead.status === action.status) return `Status was already ${action.status}`;
      await updateLeadFields(ctx, {
        workspaceId: ws,
        leadId: lead.id,
        fields: { status: action.status },
        provenance: { source: "automation" },
      });
      return `Status set to ${action.status}`;
    }
  }
}
