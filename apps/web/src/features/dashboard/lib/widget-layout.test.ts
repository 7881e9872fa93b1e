import { MAX_DASHBOARD_WIDGETS as CONTRACT_MAX } from "@prospector/contracts";
import { describe, expect, it } from "vitest";
import {
  addWidget,
  defaultLayout,
  type LayoutItem,
  MAX_DASHBOARD_WIDGETS,
  moveWidget,
  packLayout,
  parseLayout,
  serializeLayout,
  shiftWidget,
  TOO_MANY_WIDGETS_MESSAGE,
} from "./widget-layout.ts";

const item = (id: string, size: LayoutItem["size"] = "small"): LayoutItem => ({ id, type: "notifications", size });

describe("dashboard widget layout", () => {
  it("packs widgets left to right on 12 columns without overlap", () => {
    const packed = packLayout([item("a", "large"), item("b"), item("c", "medium"), item("d", "medium"), item("e", "full")]);
    expect(packed.map((w) => [w.id, w.x, w.y, w.w])).toEqual([
      ["a", 0, 0, 8],
      ["b", 8, 0, 4],
      ["c", 0, 1, 6],
      ["d", 6, 1, 6],
      ["e", 0, 2, 12],
    ]);
  });

  it("reads back what it stores, in reading order, dropping unknown widget types", () => {
    const items = [item("a", "large"), item("b"), { id: "x", type: "removed-feature", size: "small" as const }, item("c", "medium")];
    const parsed = parseLayout(serializeLayout(items));
    expect(parsed).toEqual([item("a", "large"), item("b"), item("c", "medium")]);
    expect(parseLayout("not json")).toBeNull();
  });

  it("refuses a 21st widget", () => {
    let items: LayoutItem[] = [];
    for (let i = 0; i < 20; i++) items = addWidget(items, "notifications", `n${i}`);
    expect(items).toHaveLength(20);
    expect(() => addWidget(items, "notifications", "n20")).toThrow(TOO_MANY_WIDGETS_MESSAGE);
  });

  it("moves by drag (before another) and by keyboard (one step)", () => {
    const items = [item("a"), item("b"), item("c")];
    expect(moveWidget(items, "c", "a").map((i) => i.id)).toEqual(["c", "a", "b"]);
    expect(moveWidget(items, "a", null).map((i) => i.id)).toEqual(["b", "c", "a"]);
    expect(shiftWidget(items, "b", 1).map((i) => i.id)).toEqual(["a", "c", "b"]);
    expect(shiftWidget(items, "a", -1)).toBe(items);
  });

  it("offers lead widgets only to roles that can read leads", () => {
    expect(defaultLayout(() => false).some((i) => i.type === "leads-month")).toBe(false);
    expect(defaultLayout(() => true).some((i) => i.type === "leads-month")).toBe(true);
  });
});

describe("MAX_DASHBOARD_WIDGETS", () => {
  it("is the contract's limit", () => {
    expect(MAX_DASHBOARD_WIDGETS).toBe(CONTRACT_MAX);
  });
});
