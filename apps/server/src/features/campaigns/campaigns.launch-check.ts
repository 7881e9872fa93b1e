/**
 * validate-launch: what blocks a launch and what is only worth a warning, the plan's email
 * allowance, and an estimated finish time. Runs inside the launch transaction too, so a launch
 * refuses exactly what this reports.
 */
import { DEFAULT_DAILY_LIMIT, type LaunchIssue, limitsFor, type ValidateLaunchResult } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { organizationPlan } from "../billing/index.ts";
import { inboxCapacity } from "../inboxes/index.ts";
import { monthStart } from "../plans/index.ts";
import { customFieldKeys, remainingMessages } from "./campaign-leads.repository.ts";
import type { CampaignRow } from "./campaigns.mapper.ts";
import { emailsSentSince } from "./campaigns.service.ts";
import { checkTemplate, LEAD_VARIABLES, MESSAGE_VARIABLES, TemplateError } from "./campaigns.template.ts";
import { estimateFinish } from "./schedule-calendar.ts";

/** Liquid's own names that can appear as variables (loop helpers, assigned names are excluded by the analysis). */
const LIQUID_NAMES = new Set(["forloop", "tablerowloop", "empty", "blank", "nil", "null", "true", "false"]);

function stepIssues(c: CampaignRow, customKeys: string[]): { blockers: LaunchIssue[]; warnings: LaunchIssue[] } {
  const blockers: LaunchIssue[] = [];
  const warnings: LaunchIssue[] = [];
  const known = new Set<string>([...LEAD_VARIABLES, ...MESSAGE_VARIABLES, ...customKeys, ...LIQUID_NAMES]);
  const unknown = new Map<string, string>();
  let unsubscribe = false;
  c.steps.forEach((s, i) => {
    const n = i + 1;
    if (!s.subject.trim()) blockers.push({ code: "empty_subject", message: `Step ${n} has no subject` });
    if (!s.body.trim()) blockers.push({ code: "empty_body", message: `Step ${n} has no body` });
    const parts: [string, string, "text" | "html"][] = [
      [s.subject, `Step ${n} subject`, "text"],
      [s.body, `Step ${n} body`, "html"],
      ...s.variants.flatMap((v, j): [string, string, "text" | "html"][] => [
        [v.subject, `Step ${n} variant ${j + 1} subject`, "text"],
        [v.body, `Step ${n} variant ${j + 1} body`, "html"],
      ]),
    ];
    for (const [source, where, kind] of parts) {
      if (/\{\{-?\s*unsubscribe_url\b/.test(source)) unsubscribe = true;
      try {
        for (const v of checkTemplate(source, where, kind)) if (!known.has(v) && !unknown.has(v)) unknown.set(v, where);
      } catch (err) {
        if (!(err instanceof TemplateError)) throw err;
        blockers.push({ code: "template_error", message: err.message });
      }
    }
  });
  for (const [v, where] of unknown) {
    warnings.push({
      code: "unknown_variable",
      message: `${where} uses {{${v}}}, which no lead field or custom field has: it will be empty`,
    });
  }
  if (!unsubscribe) {
    warnings.push({
      code: "no_unsubscribe_link",
      message:
        "No {{unsubscribe_url}} link in the emails: recipients can still unsubscribe from the List-Unsubscribe header, but many laws and inbox providers expect a visible link",
    });
  }
  return { blockers, warnings };
}

/** `ctx.db` may be the launch's transaction. */
export async function checkLaunch(ctx: Pick<AppContext, "db" | "hooks">, c: CampaignRow, now = new Date()): Promise<ValidateLaunchResult> {
  const [leadsToSend, customKeys, org, inboxes] = [
    await remainingMessages(ctx.db, c.id, c.steps.length),
    await customFieldKeys(ctx.db, c.id),
    await organizationPlan(ctx, c.workspaceId),
    await inboxCapacity(ctx, c.workspaceId, c.inboxIds, now),
  ];
  const { blockers, warnings } = stepIssues(c, customKeys);
  if (leadsToSend === 0) blockers.unshift({ code: "no_leads", message: "Add at least one lead that can be emailed" });
  if (c.inboxIds.length === 0) {
    blockers.push({ code: "no_inbox", message: "Select at least one inbox to send from" });
  } else if (inboxes.missing.length > 0) {
    blockers.push({ code: "no_inbox", message: `${inboxes.missing.length} selected inbox(es) no longer exist: choose the inboxes again` });
  } else if (inboxes.usable === 0) {
    blockers.push({
      code: "no_healthy_inbox",
      message: "Every selected inbox is paused (bounce rate too high): resume one or add another",
    });
  } else if (inboxes.paused.length > 0) {
    warnings.push({ code: "inbox_paused", message: `${inboxes.paused.length} selected inbox(es) are paused; the others send meanwhile` });
  }
  if (c.schedule.days.length === 0) blockers.push({ code: "invalid_schedule", message: "Pick at least one sending day" });
  if (c.schedule.end <= c.schedule.start) {
    blockers.push({ code: "invalid_schedule", message: "Sending end time must be after the start time" });
  }

  const limit = limitsFor(org.plan).emails_per_month;
  const sent = await emailsSentSince(ctx, org.organizationId, new Date(`${monthStart(now)}T00:00:00Z`));
  if (limit !== null && sent >= limit) {
    blockers.push({
      code: "plan_limit",
      message: `The ${org.plan} plan's ${limit.toLocaleString("en-US")} emails for this month are used up`,
    });
  } else if (limit !== null && sent + leadsToSend > limit) {
    warnings.push({
      code: "plan_limit",
      message: `Only ${(limit - sent).toLocaleString("en-US")} of this campaign's ${leadsToSend.toLocaleString("en-US")} emails fit in this month's plan allowance; the rest wait for next month`,
    });
  }

  const from = c.startsAt && c.startsAt > now ? c.startsAt : now;
  const estimate = estimateFinish({
    from,
    schedule: c.schedule,
    messages: leadsToSend,
    // What the usable inboxes can send per day today (daily limits and warm-up ramps).
    dailyCapacity: inboxes.usable > 0 ? inboxes.dailyCapacity : DEFAULT_DAILY_LIMIT,
    followUpDelays: c.steps.slice(1).map((s) => s.delay_days),
  });
  if (c.status !== "draft" && c.status !== "scheduled") {
    blockers.unshift({ code: "state", message: `Campaign cannot be launched in current state (${c.status})` });
  }
  const canLaunch = blockers.length === 0;
  return {
    can_launch: canLaunch,
    blockers,
    warnings,
    launch_status: canLaunch ? (c.status === "draft" && c.startsAt && c.startsAt > now ? "scheduled" : "active") : null,
    estimate,
    plan: { plan: org.plan, emails_per_month: limit, emails_sent_this_month: sent },
  };
}
