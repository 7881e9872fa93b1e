import { describe, expect, it } from "vitest";
import { type ConditionDraft, describeCondition, fromCondition, newDraft, toCondition, withField } from "./conditions.ts";

const draft = (over: Partial<ConditionDraft>): ConditionDraft => ({ ...newDraft(over.type), ...over });

describe("policy conditions: form → JSON", () => {
  it("turns each kind of value into the JSON the server evaluates", () => {
    expect(toCondition(draft({ type: "time", field: "time", operator: "between", from: "09:00", to: "17:30" }))).toEqual({
      ok: true,
      condition: { type: "time", field: "time", operator: "between", value: ["09:00", "17:30"] },
    });
    expect(toCondition(draft({ type: "time", field: "weekday", operator: "in", list: ["1", "5", "1"] }))).toEqual({
      ok: true,
      condition: { type: "time", field: "weekday", operator: "in", value: [1, 5] },
    });
    expect(toCondition(draft({ type: "location", field: "country", operator: "not_in", list: ["us", " ca ", ""] }))).toEqual({
      ok: true,
      condition: { type: "location", field: "country", operator: "not_in", value: ["US", "CA"] },
    });
    expect(toCondition(draft({ type: "ip", field: "ip", operator: "in_cidr", list: ["10.0.0.0/8", "2001:db8::/32"] }))).toEqual({
      ok: true,
      condition: { type: "ip", field: "ip", operator: "in_cidr", value: ["10.0.0.0/8", "2001:db8::/32"] },
    });
    expect(toCondition(draft({ type: "attribute", field: "user.email", operator: "ends_with", value: "@acme.io" }))).toEqual({
      ok: true,
      condition: { type: "attribute", field: "user.email", operator: "ends_with", value: "@acme.io" },
    });
    expect(toCondition(draft({ type: "attribute", field: "resource.id", operator: "exists" }))).toEqual({
      ok: true,
      condition: { type: "attribute", field: "resource.id", operator: "exists", value: true },
    });
    expect(toCondition(draft({ type: "rate_limit", field: "requests", operator: "gt", value: "120" }))).toEqual({
      ok: true,
      condition: { type: "rate_limit", field: "requests", operator: "gt", value: 120 },
    });
  });

  it("says what is wrong instead of sending a value the server would refuse", () => {
    expect(toCondition(draft({ type: "time", field: "hour", operator: "gte", value: "24" }))).toEqual({
      ok: false,
      error: "Enter a whole number from 0 to 23",
    });
    expect(toCondition(draft({ type: "time", field: "time", operator: "between", from: "9", to: "17:00" }))).toEqual({
      ok: false,
      error: "From: Enter a time as HH:MM (24-hour, UTC)",
    });
    expect(toCondition(draft({ type: "ip", field: "ip", operator: "in_cidr", list: ["10.0.0.0/33"] }))).toEqual({
      ok: false,
      error: '"10.0.0.0/33" is not an IP address or CIDR range',
    });
    expect(toCondition(draft({ type: "location", field: "country", operator: "in", list: ["USA"] }))).toEqual({
      ok: false,
      error: '"USA" is not a two-letter country code',
    });
    expect(toCondition(draft({ type: "location", field: "country", operator: "in", list: [] }))).toEqual({
      ok: false,
      error: "Add at least one value",
    });
  });

  it("reads a stored condition back into the form and describes it in words", () => {
    const stored = { type: "time" as const, field: "weekday", operator: "in" as const, value: [1, 5] };
    const d = fromCondition(stored);
    expect(d.list).toEqual(["1", "5"]);
    expect(toCondition(d)).toEqual({ ok: true, condition: stored });
    expect(describeCondition(stored)).toBe("time.weekday is one of Monday, Friday");
  });

  it("keeps the operator when the new field takes it, and clears the value when the kind of value changes", () => {
    const hour = draft({ type: "time", field: "hour", operator: "between", from: "9", to: "17" });
    expect(withField(hour, "rate_limit")).toMatchObject({ field: "requests", operator: "between", from: "9", to: "17" });
    expect(withField(hour, "ip")).toMatchObject({ field: "ip", operator: "in_cidr", from: "", to: "" });
  });
});
