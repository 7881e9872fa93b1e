import { describe, expect, it } from "vitest";
import { PLANS, Plan, YEARLY_DISCOUNT_PERCENT, yearlySavings } from "./plans.ts";

describe("plan catalogue", () => {
  it("matches the spec's price table and validates against its schema", () => {
    expect(PLANS.map((p) => [p.name, p.monthly_price, p.yearly_price])).toEqual([
      ["Starter", 1200, 960],
      ["Growth", 2500, 2000],
      ["Enterprise", 5000, 4000],
    ]);
    for (const plan of PLANS) expect(Plan.parse(plan)).toEqual(plan);
    expect(PLANS.filter((p) => p.featured).map((p) => p.badge)).toEqual(["Most Popular"]);
  });

  it("yearly prices are the advertised discount off monthly", () => {
    for (const plan of PLANS) expect(plan.yearly_price).toBe((plan.monthly_price * (100 - YEARLY_DISCOUNT_PERCENT)) / 100);
  });

  it("savings line is twelve months of the difference", () => {
    expect(PLANS.map(yearlySavings)).toEqual([2880, 6000, 12000]);
  });
});
