/**
 * Automation rules: list, create, update (the loop check runs on every save of an enabled rule),
 * enable/disable, delete, the dry run against a lead, and the paged run log.
 */
import {
  type AutomationAction,
  type AutomationCondition,
  type AutomationDryRun,
  type AutomationRule,
  AutomationRuleInput,
  type AutomationRuleList,
  type AutomationRuleListQuery,
  type AutomationRunList,
  type AutomationRunListQuery,
  type AutomationTrigger,
} from "@prospector/contracts";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { facts, thresholdHolds } from "./automation.engine.ts";
import * as repo from "./automation.repository.ts";
import {
  actualValue,
  conditionHolds,
  fillPlaceholders,
  findLoop,
  type LoopNode,
  producedEvents,
  runKey,
  TRIGGER_LABELS,
  type TriggerEvent,
} from "./automation.rules.ts";
import * as nrepo from "./nurture.repository.ts";

type Ctx = Pick<AppContext, "db">;
type RuleInput = z.output<typeof AutomationRuleInput>;
export interface Caller {
  workspaceId: string;
  userId: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toRule(r: repo.RuleRow): AutomationRule {
  return {
    id: r.id,
    name: r.name,
    enabled: r.enabled,
    trigger: r.trigger,
    conditions: r.conditions,
    actions: r.actions,
    created_by: r.createdBy,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    last_run_at: iso(r.lastRunAt),
    runs: r.runs,
    failures: r.failures,
  };
}

async function findRule(ctx: Ctx, workspaceId: string, id: string): Promise<repo.RuleRow> {
  const row = isUuid(id) ? await repo.getRule(ctx.db, workspaceId, id) : undefined;
  if (!row) throw new AppError("AUTOMATION_RULE_NOT_FOUND");
  return row;
}

/** Every campaign, sequence and member the rule names must be this workspace's (404 naming the field). */
export async function checkLinks(
  ctx: Ctx,
  workspaceId: string,
  trigger: AutomationTrigger,
  conditions: AutomationCondition[],
  actions: AutomationAction[],
  base = "",
): Promise<void> {
  const campaignsNamed: [string, string][] = [];
  if (trigger.campaign_id) campaignsNamed.push([`${base}trigger.campaign_id`, trigger.campaign_id]);
  conditions.forEach((c, i) => {
    if (c.field === "campaign") campaignsNamed.push([`${base}conditions.${i}.value`, c.value]);
  });
  const members: [string, string][] = [];
  const sequences: [string, string][] = [];
  actions.forEach((a, i) => {
    if ((a.type === "add_to_campaign" || a.type === "remove_from_campaign" || a.type === "stop_in_campaign") && a.campaign_id)
      campaignsNamed.push([`actions.${i}.campaign_id`, a.campaign_id]);
    if (a.type === "create_task" && a.assignee_id) members.push([`actions.${i}.assignee_id`, a.assignee_id]);
    if (a.type === "notify" && a.target === "user" && a.user_id) members.push([`actions.${i}.user_id`, a.user_id]);
    if (a.type === "enroll_in_sequence") sequences.push([`actions.${i}.sequence_id`, a.sequence_id]);
  });
  const errors: { field: string; message: string }[] = [];
  const known = await repo.campaignNames(ctx.db, workspaceId, [...new Set(campaignsNamed.map(([, id]) => id))]);
  for (const [field, id] of campaignsNamed) if (!known.has(id)) errors.push({ field, message: "No such campaign in this workspace" });
  const active = new Set(
    await repo.activeMemberIds(
      ctx.db,
      workspaceId,
      members.map(([, id]) => id),
    ),
  );
  for (const [field, id] of members) if (!active.has(id)) errors.push({ field, message: "Not an active member of this workspace" });
  for (const [field, id] of sequences)
    if (!(await nrepo.getSequence(ctx.db, workspaceId, id))) errors.push({ field, message: "No such nurture sequence in this workspace" });
  if (errors.length) throw new AppError("AUTOMATION_LINK_NOT_FOUND", errors.map((e) => `${e.field}: ${e.message}`).join("; "), { errors });
}

/** The enabled rules and sequences of the workspace as loop-check nodes (one left out: the one being saved). */
export async function loopNodes(ctx: Ctx, workspaceId: string): Promise<{ nodes: LoopNode[]; sequenceCampaign: Map<string, string> }> {
  const [rules, sequences] = await Promise.all([repo.enabledRules(ctx.db, workspaceId), nrepo.enabledSequences(ctx.db, workspaceId)]);
  const sequenceCampaign = new Map(sequences.map((s) => [s.id, s.campaignId]));
  const nodes: LoopNode[] = [
    ...rules.map((r) => ({
      key: `rule:${r.id}`,
      label: `rule "${r.name}"`,
      trigger: r.trigger,
      conditions: r.conditions,
      produces: producedEvents(r.actions, sequenceCampaign),
    })),
    ...sequences.map((s) => ({
      key: `sequence:${s.id}`,
      label: `sequence "${s.name}"`,
      trigger: s.entryTrigger,
      conditions: s.entryConditions,
      produces: [{ type: "lead_added_to_campaign" as const, campaignId: s.campaignId, tag: null }],
    })),
  ];
  return { nodes, sequenceCampaign };
}

/** Refuses (409 AUTOMATION_RULE_LOOPS, naming the cycle) a node whose actions would start it again. */
export function refuseLoop(node: LoopNode, others: LoopNode[]): void {
  const cycle = findLoop(node, others);
  if (!cycle) return;
  const path = cycle.join(" → ");
  throw new AppError(
    "AUTOMATION_RULE_LOOPS",
    `This would loop: ${path}. Change the trigger or the actions, or add a condition that breaks the cycle.`,
    {
      errors: [{ field: "actions", message: `Loop: ${path}` }],
    },
  );
}

async function checkRule(ctx: Ctx, workspaceId: string, id: string | null, input: RuleInput): Promise<void> {
  await checkLinks(ctx, workspaceId, input.trigger, input.conditions, input.actions);
  if (!input.enabled) return;
  const { nodes, sequenceCampaign } = await loopNodes(ctx, workspaceId);
  const key = `rule:${id ?? "new"}`;
  refuseLoop(
    {
      key,
      label: `rule "${input.name}"`,
      trigger: input.trigger,
      conditions: input.conditions,
      produces: producedEvents(input.actions, sequenceCampaign),
    },
    nodes.filter((n) => n.key !== key),
  );
}

export async function listRules(ctx: Ctx, workspaceId: string, q: AutomationRuleListQuery): Promise<AutomationRuleList> {
  const { rows, total } = await repo.listRules(ctx.db, workspaceId, q);
  return { rules: rows.map(toRule), total, page: q.page, per_page: q.per_page };
}

export async function getRule(ctx: Ctx, workspaceId: string, id: string): Promise<AutomationRule> {
  return toRule(await findRule(ctx, workspaceId, id));
}

export async function createRule(ctx: Ctx, caller: Caller, input: RuleInput): Promise<AutomationRule> {
  await checkRule(ctx, caller.workspaceId, null, input);
  const row = await repo.insertRule(ctx.db, {
    workspaceId: caller.workspaceId,
    name: input.name,
    enabled: input.enabled,
    triggerType: input.trigger.type,
    trigger: input.trigger,
    conditions: input.conditions,
    actions: input.actions,
    createdBy: caller.userId,
  });
  return toRule(row);
}

/** A save replaces the rule; whoever saves it becomes its author (tasks and additions act in their name). */
export async function updateRule(ctx: Ctx, caller: Caller, id: string, input: RuleInput): Promise<AutomationRule> {
  await findRule(ctx, caller.workspaceId, id);
  await checkRule(ctx, caller.workspaceId, id, input);
  const row = await repo.updateRule(ctx.db, caller.workspaceId, id, {
    name: input.name,
    enabled: input.enabled,
    triggerType: input.trigger.type,
    trigger: input.trigger,
    conditions: input.conditions,
    actions: input.actions,
    createdBy: caller.userId,
  });
  if (!row) throw new AppError("AUTOMATION_RULE_NOT_FOUND");
  return toRule(row);
}

export async function setRuleEnabled(ctx: Ctx, caller: Caller, id: string, enabled: boolean): Promise<AutomationRule> {
  const current = await findRule(ctx, caller.workspaceId, id);
  if (enabled && !current.enabled) {
    const input = AutomationRuleInput.parse({ ...toRule(current), enabled: true });
    await checkRule(ctx, caller.workspaceId, id, input);
  }
  const row = await repo.updateRule(ctx.db, caller.workspaceId, id, { enabled });
  return toRule(row!);
}

export async function deleteRule(ctx: Ctx, workspaceId: string, id: string): Promise<void> {
  await findRule(ctx, workspaceId, id);
  await repo.deleteRule(ctx.db, workspaceId, id);
}

/** What the rule would do for this lead now, changing nothing. */
export async function dryRun(
  ctx: Ctx,
  workspaceId: string,
  id: string,
  input: { lead_id: string; campaign_id?: string | null },
): Promise<AutomationDryRun> {
  const rule = await findRule(ctx, workspaceId, id);
  const lead = await repo.leadRow(ctx.db, workspaceId, input.lead_id);
  if (!lead)
    throw new AppError("AUTOMATION_LEAD_NOT_FOUND", undefined, {
      errors: [{ field: "lead_id", message: "No such lead in this workspace" }],
    });
  const campaignId = input.campaign_id ?? rule.trigger.campaign_id ?? lead.campaignId ?? null;
  const names = campaignId ? await repo.campaignNames(ctx.db, workspaceId, [campaignId]) : new Map();
  if (campaignId && !names.has(campaignId))
    throw new AppError("AUTOMATION_LINK_NOT_FOUND", undefined, {
      errors: [{ field: "campaign_id", message: "No such campaign in this workspace" }],
    });
  const step = campaignId ? await repo.memberStep(ctx.db, campaignId, lead.id) : null;
  const now = new Date();
  const e: TriggerEvent = {
    workspaceId,
    type: rule.trigger.type,
    ref: "dry-run",
    leadId: lead.id,
    campaignId,
    step: step == null ? null : Math.max(0, step - 1),
    tag: rule.trigger.tag,
    depth: 0,
    occurredAt: now,
    createdAt: now,
  };
  const threshold =
    rule.trigger.type === "email_opened"
      ? await thresholdHolds(ctx, rule.trigger, e)
      : {
          passed: true,
          note: `When "${TRIGGER_LABELS[rule.trigger.type]}" happens for this lead${campaignId ? ` in "${names.get(campaignId)?.name}"` : ""}`,
        };
  const conditions = rule.conditions.map((c) => ({
    condition: c,
    passed: conditionHolds(c, facts(lead), e),
    actual: actualValue(c, facts(lead), e),
  }));
  const campaign = campaignId ? (names.get(campaignId)?.name ?? null) : null;
  const fill = (s: string) =>
    fillPlaceholders(s, { first_name: lead.firstName, last_name: lead.lastName, email: lead.email, company: lead.companyName, campaign });
  const actionNames = await repo.campaignNames(
    ctx.db,
    workspaceId,
    rule.actions.flatMap((a) => ("campaign_id" in a && a.campaign_id ? [a.campaign_id] : [])),
  );
  const cname = (cid: string | null) =>
    cid ? `"${actionNames.get(cid)?.name ?? names.get(cid)?.name ?? "a deleted campaign"}"` : "the event's campaign";
  const actions = rule.actions.map((a) => ({ type: a.type, description: describe(a, fill, cname) }));
  const alreadyRan = await repo.runExists(ctx.db, `rule:${rule.id}`, lead.id, runKey(e));
  return {
    would_run: rule.enabled && threshold.passed && conditions.every((c) => c.passed) && !alreadyRan,
    trigger: threshold,
    conditions,
    actions,
    already_ran: alreadyRan,
  };
}

function describe(a: AutomationAction, fill: (s: string) => string, cname: (id: string | null) => string): string {
  switch (a.type) {
    case "create_task":
      return `Create the task "${fill(a.title)}", due in ${a.due_in_days} day${a.due_in_days === 1 ? "" : "s"}`;
    case "notify":
      return `Notify ${a.target === "workspace" ? "every active member" : "one member"}: "${fill(a.message)}"`;
    case "add_to_campaign":
      return `Add the lead to ${cname(a.campaign_id)}`;
    case "enroll_in_sequence":
      return "Enrol the lead in a nurture sequence";
    case "remove_from_campaign":
      return `Remove the lead from ${cname(a.campaign_id)}`;
    case "stop_in_campaign":
      return `Stop the lead's emails in ${cname(a.campaign_id)}`;
    case "add_tag":
      return `Tag "${a.tag}"`;
    case "remove_tag":
      return `Remove the tag "${a.tag}"`;
    case "set_status":
      return `Set the status to ${a.status}`;
  }
}

export async function listRuns(ctx: Ctx, workspaceId: string, q: AutomationRunListQuery): Promise<AutomationRunList> {
  const { rows, total } = await repo.listRuns(ctx.db, workspaceId, q);
  return {
    runs: rows.map(({ run, ruleName, sequenceName, firstName, lastName, email }) => ({
      id: run.id,
      rule_id: run.ruleId,
      rule_name: ruleName,
      sequence_id: run.sequenceId,
      sequence_name: sequenceName,
      trigger_type: run.triggerType as AutomationRule["trigger"]["type"],
      trigger_ref: run.triggerRef,
      lead_id: run.leadId,
      lead_name: [firstName, lastName].filter(Boolean).join(" ") || null,
      lead_email: email,
      campaign_id: run.campaignId,
      status: run.status as "succeeded",
      actions: run.actions,
      error: run.error,
      duration_ms: run.durationMs,
      depth: run.depth,
      created_at: run.createdAt.toISOString(),
    })),
    total,
    page: q.page,
    per_page: q.per_page,
  };
}
