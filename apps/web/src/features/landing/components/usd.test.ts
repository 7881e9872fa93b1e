import { describe, expect, it } from "vitest";
import { usd } from "./usd.ts";

describe("usd", () => {
  it("writes whole dollars as en-US does", () => {
    for (const n of [0, 7, 79, 960, 1200, 12_345, 1_234_567]) expect(usd(n)).toBe(`$${n.toLocaleString("en-US")}`);
  });
});
