import { describe, expect, it } from "vitest";
import { type DealFacts, dealHealth, dealRisks, nextBestActions } from "./pipeline.health.ts";

const now = new Date("2026-11-24T12:00:00Z");
const DAY = 86_400_000;
const healthy: DealFacts = {
  id: "d1",
  name: "Acme renewal",
  value: 12_000,
  currency: "EUR",
  stageName: "Proposal",
  isWon: false,
  isLost: false,
  ownerId: "u1",
  daysInStage: 5,
  norm: { days: 14, fromHistory: true, stays: 20 },
  expectedCloseDate: "2026-12-15",
  ownProbability: null,
  stageProbability: 60,
  openTasks: 1,
  overdueTasks: 0,
  nextTaskDue: new Date(now.getTime() + DAY),
  lastInteraction: new Date(now.getTime() - 3 * DAY),
  nextStage: { id: "s-neg", name: "Negotiation" },
};

describe("deal health", () => {
  const cases: { name: string; change: Partial<DealFacts>; factor: string | null; impact: number; score: number }[] = [
    { name: "nothing wrong", change: {}, factor: null, impact: 0, score: 100 },
    { name: "past the stage's norm", change: { daysInStage: 20 }, factor: "time_in_stage", impact: -15, score: 85 },
    { name: "past twice the norm", change: { daysInStage: 29 }, factor: "time_in_stage", impact: -30, score: 70 },
    { name: "no close date", change: { expectedCloseDate: null }, factor: "close_date", impact: -10, score: 90 },
    { name: "close date passed", change: { expectedCloseDate: "2026-11-10" }, factor: "close_date", impact: -20, score: 80 },
    { name: "close date long passed", change: { expectedCloseDate: "2026-09-01" }, factor: "close_date", impact: -25, score: 75 },
    { name: "no owner", change: { ownerId: null }, factor: "owner", impact: -15, score: 85 },
    { name: "no open task", change: { openTasks: 0, nextTaskDue: null }, factor: "next_step", impact: -10, score: 90 },
    { name: "overdue tasks", change: { overdueTasks: 2 }, factor: "overdue_tasks", impact: -10, score: 90 },
    { name: "never contacted", change: { lastInteraction: null }, factor: "contact", impact: -10, score: 90 },
    {
      name: "quiet for 20 days",
      change: { lastInteraction: new Date(now.getTime() - 20 * DAY) },
      factor: "contact",
      impact: -5,
      score: 95,
    },
    {
      name: "quiet for 45 days",
      change: { lastInteraction: new Date(now.getTime() - 45 * DAY) },
      factor: "contact",
      impact: -15,
      score: 85,
    },
    { name: "owner doubts it", change: { ownProbability: 30 }, factor: "probability", impact: -5, score: 95 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const h = dealHealth({ ...healthy, ...c.change }, now);
      expect(h.score).toBe(c.score);
      if (c.factor) expect(h.reasons).toEqual([expect.objectContaining({ factor: c.factor, impact: c.impact })]);
      else expect(h.reasons).toEqual([expect.objectContaining({ factor: "none", impact: 0 })]);
    });
  }

  it("adds up, floors at 0, and grades", () => {
    const bad = dealHealth(
      {
        ...healthy,
        daysInStage: 60,
        expectedCloseDate: "2026-01-01",
        ownerId: null,
        openTasks: 0,
        overdueTasks: 1,
        lastInteraction: null,
        ownProbability: 10,
      },
      now,
    );
    expect(bad.score).toBe(0);
    expect(bad.grade).toBe("critical");
    expect(dealHealth({ ...healthy, ownerId: null, openTasks: 0, daysInStage: 20 }, now)).toMatchObject({ score: 60, grade: "at_risk" });
    expect(dealHealth({ ...healthy, isWon: true, ownerId: null }, now)).toMatchObject({ score: 100, grade: "healthy" });
    expect(dealHealth({ ...healthy, isLost: true }, now).score).toBe(0);
  });

  it("turns reasons into risks and actions, each with evidence", () => {
    const facts = { ...healthy, daysInStage: 30, ownerId: null, openTasks: 0, expectedCloseDate: "2026-11-01" };
    const h = dealHealth(facts, now);
    const risks = dealRisks(facts, h);
    expect(risks.map((r) => r.key)).toEqual(["time_in_stage", "close_date", "owner", "next_step"]);
    expect(risks[1]!.evidence[1]).toContain("12,000 EUR");
    const actions = nextBestActions(facts, h, now);
    expect(actions.map((a) => a.action?.action_type ?? null)).toEqual(["reassign", "create_task", "create_task", "move_stage"]);
    expect(actions.find((a) => a.key === "advance_or_close")!.action!.parameters).toEqual({ deal_ids: ["d1"], stage_id: "s-neg" });
    for (const a of actions) expect(a.evidence.length).toBeGreaterThan(0);
    expect(nextBestActions({ ...facts, isWon: true }, h, now)).toEqual([]);
  });
});
