/**
 * Alerts, data quality and one deal's health and insights. Alerts are computed on request (cheap,
 * indexed aggregates) and group deals by condition: one alert per stage with stuck deals, one for
 * overdue close dates, one for deals without an owner, one for deals without a next task, and one
 * for coverage below target. A snoozed key stays hidden until its snooze ends.
 */

import type { Alert, DataQuality, DealInsights, PipelineSeverity } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";
import { severityRank } from "./pipeline.bottlenecks.ts";
import { COVERAGE_DAYS, dealRef, type OverviewPayload, stageNorms } from "./pipeline.compute.ts";
import { type DealFacts, dealHealth, dealRisks, nextBestActions } from "./pipeline.health.ts";
import * as repo from "./pipeline.repository.ts";
import { snoozedKeys } from "./pipeline.snapshots.repository.ts";
import { plural } from "./pipeline.words.ts";

type Ctx = Pick<AppContext, "db">;
const DAY = 86_400_000;
/** An alert names at most this many deals (its detail gives the full count). */
export const ALERT_DEALS = 50;
/** Open deals untouched (no update, no interaction) this long are stale. */
export const STALE_DAYS = 30;

const money = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 2 });

/** `overview`: the scope's overview (coverage, pipeline value), from the cache when fresh. */
export async function computeAlerts(
  ctx: Ctx,
  s: repo.Scope,
  now: Date,
  q: { severity?: PipelineSeverity },
  overview: OverviewPayload,
): Promise<Alert[]> {
  const [{ stages, norms }, overdue, unowned, noTask, snoozed] = await Promise.all([
    stageNorms(ctx, s.workspaceId, now),
    repo.overdueDeals(ctx.db, s, now, ALERT_DEALS),
    repo.unownedDeals(ctx.db, s, now, ALERT_DEALS),
    repo.dealsWithoutTask(ctx.db, s, now, ALERT_DEALS),
    snoozedKeys(ctx.db, s.workspaceId, now),
  ]);
  const alerts: Alert[] = [];
  const ids = (set: repo.DealSet) => set.deals.map((d) => d.id);
  for (const st of stages.filter((x) => !x.isWon && !x.isLost)) {
    const norm = norms.get(st.id);
    if (!norm) continue;
    const stuck = await repo.stuckDeals(ctx.db, s, now, st.id, norm.days, ALERT_DEALS);
    if (stuck.total === 0) continue;
    const longest = Math.max(...stuck.deals.map((d) => d.days_in_stage));
    const severity: PipelineSeverity = longest >= 3 * norm.days ? "high" : longest >= 2 * norm.days ? "medium" : "low";
    const next = stages.find((x) => x.position > st.position && !x.isWon && !x.isLost);
    alerts.push({
      key: `stuck:${st.id}`,
      kind: "stuck",
      severity,
      title: `${plural(stuck.total, "deal")} stuck in ${st.name}`,
      detail: `In ${st.name} longer than its norm of ${Math.round(norm.days)} days (${norm.fromHistory ? `from ${norm.stays} finished stays` : "default: too little history"}); the longest for ${Math.round(longest)} days; ${money(stuck.value)} at stake`,
      deal_ids: ids(stuck),
      actions: [
        ...(next
          ? [{ action_type: "move_stage" as const, label: `Move to ${next.name}`, parameters: { deal_ids: ids(stuck), stage_id: next.id } }]
          : []),
        { action_type: "reassign", label: "Reassign", parameters: { deal_ids: ids(stuck) } },
        { action_type: "snooze_alert", label: "Snooze 7 days", parameters: { alert_key: `stuck:${st.id}`, days: 7 } },
      ],
    });
  }
  if (overdue.total > 0) {
    const today = now.toISOString().slice(0, 10);
    const oldest = overdue.deals.reduce((m, d) => (d.expected_close_date && d.expected_close_date < m ? d.expected_close_date : m), today);
    const late = Math.round((Date.parse(today) - Date.parse(oldest)) / DAY);
    alerts.push({
      key: "overdue_close",
      kind: "overdue_close",
      severity: late > 30 ? "high" : late > 7 ? "medium" : "low",
      title: `${plural(overdue.total, "open deal")} past the expected close date`,
      detail: `${money(overdue.value)} expected by now is not closed; the oldest date passed ${plural(late, "day")} ago`,
      deal_ids: ids(overdue),
      actions: [
        ...overdue.deals.slice(0, 1).map((d) => ({
          action_type: "create_task" as const,
          label: `Confirm the close date of ${d.name}`,
          parameters: { deal_id: d.id, title: `Confirm close date: ${d.name}` },
        })),
        { action_type: "snooze_alert", label: "Snooze 7 days", parameters: { alert_key: "overdue_close", days: 7 } },
      ],
    });
  }
  if (unowned.total > 0) {
    const share = overview.pipeline_value.value ? unowned.value / overview.pipeline_value.value : 0;
    alerts.push({
      key: "no_owner",
      kind: "no_owner",
      severity: share >= 0.2 ? "high" : "medium",
      title: `${plural(unowned.total, "open deal")} without an owner`,
      detail: `${money(unowned.value)} of open pipeline (${Math.round(share * 100)}% of it) has nobody to move it`,
      deal_ids: ids(unowned),
      actions: [
        { action_type: "reassign", label: "Assign an owner", parameters: { deal_ids: ids(unowned) } },
        { action_type: "snooze_alert", label: "Snooze 7 days", parameters: { alert_key: "no_owner", days: 7 } },
      ],
    });
  }
  if (noTask.total > 0) {
    const share = overview.open_deals ? noTask.total / overview.open_deals : 0;
    const first = noTask.deals[0];
    alerts.push({
      key: "no_next_task",
      kind: "no_next_task",
      severity: share > 0.5 ? "medium" : "low",
      title: `${plural(noTask.total, "open deal")} without a next task`,
      detail: `${Math.round(share * 100)}% of open deals have no open task, so no next step is planned (${money(noTask.value)} of pipeline)`,
      deal_ids: ids(noTask),
      actions: [
        ...(first
          ? [
              {
                action_type: "create_task" as const,
                label: `Plan the next step of ${first.name}`,
                parameters: { deal_id: first.id, title: `Next step: ${first.name}` },
              },
            ]
          : []),
        { action_type: "snooze_alert", label: "Snooze 7 days", parameters: { alert_key: "no_next_task", days: 7 } },
      ],
    });
  }
  const ratio = overview.coverage.ratio.value;
  if (ratio !== null && ratio < 1) {
    alerts.push({
      key: "coverage",
      kind: "coverage",
      severity: ratio < 0.5 ? "high" : "medium",
      title: `Pipeline covers ${Math.round(ratio * 100)}% of the target`,
      detail: `${overview.coverage.ratio.basis}. ${overview.coverage.target.basis}. Below 100% the next ${COVERAGE_DAYS} days will likely fall short`,
      deal_ids: [],
      actions: [{ action_type: "snooze_alert", label: "Snooze 7 days", parameters: { alert_key: "coverage", days: 7 } }],
    });
  }
  const min = q.severity ? severityRank(q.severity) : 0;
  return alerts
    .filter((a) => !snoozed.has(a.key) && severityRank(a.severity) >= min)
    .sort((a, b) => severityRank(b.severity) - severityRank(a.severity) || b.deal_ids.length - a.deal_ids.length);
}

export async function computeDataQuality(ctx: Ctx, s: repo.Scope, now: Date): Promise<Omit<DataQuality, "scope" | "computed_at">> {
  const since = new Date(now.getTime() - STALE_DAYS * DAY);
  const [missing, stale] = await Promise.all([repo.missingValues(ctx.db, s), repo.staleDeals(ctx.db, s, now, since, 20)]);
  const open = missing.open_deals ?? 0;
  const fields: [string, string][] = [
    ["owner", "no owner"],
    ["expected_close_date", "no expected close date"],
    ["customer", "no customer"],
    ["value", "a value of 0"],
    ["probability", "no probability of their own (the stage's is used)"],
    ["description", "no description"],
  ];
  return {
    open_deals: open,
    missing: fields.map(([field, what]) => {
      const n = missing[field] ?? 0;
      return {
        field,
        missing: n,
        share: open ? Math.round((n / open) * 1000) / 1000 : 0,
        basis: `${n} of ${open} open deals have ${what}`,
      };
    }),
    stale: {
      threshold_days: STALE_DAYS,
      count: stale.total,
      basis: `Open deals neither updated nor in contact (no interaction) for ${STALE_DAYS} days: ${stale.total} of ${open}`,
      deals: stale.deals.map(dealRef),
    },
  };
}

const asDate = (v: Date | string | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));

export async function loadDealFacts(ctx: Ctx, workspaceId: string, dealId: string, now: Date): Promise<DealFacts> {
  const row = await repo.dealFacts(ctx.db, workspaceId, dealId, now);
  if (!row) throw new AppError("PIPELINE_DEAL_NOT_FOUND");
  const { stages, norms } = await stageNorms(ctx, workspaceId, now);
  const next = stages.find((st) => st.position > row.position && !st.isWon && !st.isLost);
  return {
    id: row.id,
    name: row.name,
    value: Number(row.value),
    currency: row.currency,
    stageName: row.stage_name,
    isWon: row.is_won,
    isLost: row.is_lost,
    ownerId: row.owner_id,
    daysInStage: row.days_in_stage,
    norm: norms.get(row.stage_id) ?? { days: 30, fromHistory: false, stays: 0 },
    expectedCloseDate: row.expected_close_date,
    ownProbability: row.own_probability,
    stageProbability: row.stage_probability,
    openTasks: row.open_tasks,
    overdueTasks: row.overdue_tasks,
    nextTaskDue: asDate(row.next_task_due),
    lastInteraction: asDate(row.last_interaction),
    nextStage: next ? { id: next.id, name: next.name } : null,
  };
}

export async function dealInsights(ctx: Ctx, workspaceId: string, dealId: string, now: Date): Promise<DealInsights> {
  const facts = await loadDealFacts(ctx, workspaceId, dealId, now);
  const health = dealHealth(facts, now);
  return { deal_id: dealId, health, risks: dealRisks(facts, health), next_best_actions: nextBestActions(facts, health, now) };
}
