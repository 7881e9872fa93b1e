/**
 * Deal health and insights, pure (no database): a score out of 100 made of named deductions, each
 * with the fact behind it, and from the same facts the risks and the next best actions.
 * Rules (docs/pipeline.md, "Deal health"): time in stage against the stage's norm, the expected
 * close date, an owner, a planned next step (open task), overdue tasks, the last contact, and the
 * rep's own probability against the stage's.
 */
import type { DealHealth, HealthReason, Insight, NextBestAction, PipelineSeverity } from "@prospector/contracts";

/** A stage without enough finished stays to have a norm of its own uses this one (days). */
export const DEFAULT_NORM_DAYS = 30;

export interface DealFacts {
  id: string;
  name: string;
  value: number;
  currency: string;
  stageName: string;
  isWon: boolean;
  isLost: boolean;
  ownerId: string | null;
  daysInStage: number;
  /** The stage's norm in days and whether it comes from its own history. */
  norm: { days: number; fromHistory: boolean; stays: number };
  expectedCloseDate: string | null;
  ownProbability: number | null;
  stageProbability: number;
  openTasks: number;
  overdueTasks: number;
  nextTaskDue: Date | null;
  lastInteraction: Date | null;
  /** The stage a deal moving forward would go to. */
  nextStage: { id: string; name: string } | null;
}

const DAY = 86_400_000;
const r0 = (n: number) => Math.round(n);
const normText = (f: DealFacts) =>
  f.norm.fromHistory
    ? `the norm for ${f.stageName} is ${r0(f.norm.days)} days (median + 2 deviations of ${f.norm.stays} finished stays)`
    : `${f.stageName} has too little history for a norm of its own, so the default of ${DEFAULT_NORM_DAYS} days applies`;

export function healthReasons(f: DealFacts, now: Date): HealthReason[] {
  const out: HealthReason[] = [];
  const days = r0(f.daysInStage);
  if (f.daysInStage > 2 * f.norm.days) {
    out.push({
      factor: "time_in_stage",
      impact: -30,
      detail: `In ${f.stageName} for ${days} days, more than twice the norm: ${normText(f)}`,
    });
  } else if (f.daysInStage > f.norm.days) {
    out.push({ factor: "time_in_stage", impact: -15, detail: `In ${f.stageName} for ${days} days, past the norm: ${normText(f)}` });
  }
  const today = now.toISOString().slice(0, 10);
  if (!f.expectedCloseDate) {
    out.push({ factor: "close_date", impact: -10, detail: "No expected close date: the forecast has to guess when it closes" });
  } else if (f.expectedCloseDate < today) {
    const late = r0((Date.parse(today) - Date.parse(f.expectedCloseDate)) / DAY);
    out.push({
      factor: "close_date",
      impact: late > 30 ? -25 : -20,
      detail: `The expected close date ${f.expectedCloseDate} passed ${late} day${late === 1 ? "" : "s"} ago and the deal is still open`,
    });
  }
  if (!f.ownerId) out.push({ factor: "owner", impact: -15, detail: "Nobody owns this deal" });
  if (f.openTasks === 0) out.push({ factor: "next_step", impact: -10, detail: "No open task: no next step is planned" });
  if (f.overdueTasks > 0) {
    out.push({
      factor: "overdue_tasks",
      impact: -10,
      detail: `${f.overdueTasks} open task${f.overdueTasks === 1 ? " is" : "s are"} past due`,
    });
  }
  if (!f.lastInteraction) {
    out.push({ factor: "contact", impact: -10, detail: "No interaction recorded with this deal or its customer" });
  } else {
    const ago = r0((now.getTime() - f.lastInteraction.getTime()) / DAY);
    const when = `Last interaction ${ago} day${ago === 1 ? "" : "s"} ago (${f.lastInteraction.toISOString().slice(0, 10)})`;
    if (ago > 30) out.push({ factor: "contact", impact: -15, detail: when });
    else if (ago > 14) out.push({ factor: "contact", impact: -5, detail: when });
  }
  if (f.ownProbability !== null && f.stageProbability - f.ownProbability >= 20) {
    out.push({
      factor: "probability",
      impact: -5,
      detail: `The owner puts it at ${f.ownProbability}%, well below the ${f.stageProbability}% usual for ${f.stageName}`,
    });
  }
  return out;
}

export function dealHealth(f: DealFacts, now: Date): DealHealth {
  const at = now.toISOString();
  if (f.isWon)
    return { deal_id: f.id, score: 100, grade: "healthy", reasons: [{ factor: "closed", impact: 0, detail: "Won" }], computed_at: at };
  if (f.isLost)
    return { deal_id: f.id, score: 0, grade: "critical", reasons: [{ factor: "closed", impact: 0, detail: "Lost" }], computed_at: at };
  const reasons = healthReasons(f, now);
  const score = Math.max(0, Math.min(100, 100 + reasons.reduce((s, r) => s + r.impact, 0)));
  if (reasons.length === 0)
    reasons.push({ factor: "none", impact: 0, detail: "Nothing to flag: in step with its stage, dated, owned, planned and in contact" });
  return { deal_id: f.id, score, grade: score >= 70 ? "healthy" : score >= 40 ? "at_risk" : "critical", reasons, computed_at: at };
}

const severityOf = (impact: number): PipelineSeverity => (impact <= -25 ? "high" : impact <= -15 ? "medium" : "low");

const TITLES: Record<string, string> = {
  time_in_stage: "Stalled in its stage",
  close_date: "Close date unreliable",
  owner: "No owner",
  next_step: "No next step",
  overdue_tasks: "Overdue follow-ups",
  contact: "Going cold",
  probability: "Owner doubts it",
};

export function dealRisks(f: DealFacts, health: DealHealth): Insight[] {
  return health.reasons
    .filter((r) => r.impact < 0)
    .sort((a, b) => a.impact - b.impact)
    .map((r) => ({ key: r.factor, severity: severityOf(r.impact), title: TITLES[r.factor] ?? r.factor, evidence: [r.detail] }))
    .map((risk) => {
      if (risk.key === "close_date" && f.value > 0)
        risk.evidence.push(`${f.value.toLocaleString("en-US")} ${f.currency} counted in the forecast may slip to a later month`);
      return risk;
    });
}

export function nextBestActions(f: DealFacts, health: DealHealth, now: Date): NextBestAction[] {
  if (f.isWon || f.isLost) return [];
  const by = new Map(health.reasons.map((r) => [r.factor, r]));
  const out: NextBestAction[] = [];
  const owner = by.get("owner");
  if (owner) {
    out.push({
      key: "assign_owner",
      severity: "medium",
      title: "Give it an owner",
      evidence: [owner.detail],
      action: { action_type: "reassign", label: "Reassign", parameters: { deal_ids: [f.id] } },
    });
  }
  const overdue = by.get("overdue_tasks");
  if (overdue)
    out.push({
      key: "clear_overdue",
      severity: "medium",
      title: "Complete or reschedule the overdue tasks",
      evidence: [overdue.detail],
      action: null,
    });
  const contact = by.get("contact");
  const nextStep = by.get("next_step");
  if (contact || nextStep) {
    out.push({
      key: "follow_up",
      severity: contact && contact.impact <= -15 ? "high" : "medium",
      title: `Plan a follow-up on ${f.name}`,
      evidence: [contact?.detail, nextStep?.detail].filter((x): x is string => Boolean(x)),
      action: {
        action_type: "create_task",
        label: "Create a follow-up task",
        parameters: { deal_id: f.id, title: `Follow up: ${f.name}`, due_at: new Date(now.getTime() + 2 * DAY).toISOString() },
      },
    });
  }
  const close = by.get("close_date");
  if (close) {
    out.push({
      key: "confirm_close_date",
      severity: severityOf(close.impact),
      title: "Confirm the close date with the customer",
      evidence: [close.detail],
      action: { action_type: "create_task", label: "Create a task", parameters: { deal_id: f.id, title: `Confirm close date: ${f.name}` } },
    });
  }
  const stuck = by.get("time_in_stage");
  if (stuck) {
    out.push({
      key: "advance_or_close",
      severity: severityOf(stuck.impact),
      title: f.nextStage ? `Move it to ${f.nextStage.name} if it has progressed, or close it` : "Close it, won or lost",
      evidence: [stuck.detail],
      action: f.nextStage
        ? { action_type: "move_stage", label: `Move to ${f.nextStage.name}`, parameters: { deal_ids: [f.id], stage_id: f.nextStage.id } }
        : null,
    });
  }
  return out;
}
