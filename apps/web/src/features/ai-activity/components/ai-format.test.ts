import { describe, expect, it } from "vitest";
import { dollars, kindLabel } from "./ai-format.ts";

describe("AI figures", () => {
  it("shows a call's fraction of a cent with two significant digits, larger sums in cents", () => {
    expect(dollars(0)).toBe("$0.00");
    expect(dollars(0.0048)).toBe("$0.0048");
    expect(dollars(0.00004)).toBe("$0.000040");
    expect(dollars(0.000001)).toBe("$0.000001");
    expect(dollars(1234.5)).toBe("$1,234.50");
  });

  it("names kinds as words", () => {
    expect(kindLabel("llm_console")).toBe("LLM console");
    expect(kindLabel("email_generation")).toBe("Email generation");
  });
});
