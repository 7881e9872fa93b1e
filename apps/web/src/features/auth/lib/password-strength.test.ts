import { describe, expect, it } from "vitest";
import { passwordChecklist, passwordStrength } from "./password-strength.ts";

describe("passwordStrength", () => {
  it.each([
    ["", 0, "Very Weak", 0],
    ["abc", 1, "Very Weak", 20],
    ["abcdefgh", 2, "Weak", 40],
    ["abcdefgh1", 3, "Fair", 60],
    ["Abcdefgh1", 4, "Good", 80],
    ["Abcdefgh1!", 5, "Strong", 90],
    ["Abcdefghij1!", 6, "Very Strong", 100],
  ])("%j scores %i (%s, %i)", (password, score, label, value) => {
    expect(passwordStrength(password)).toEqual({ score, label, value });
  });

  it("counts special characters and length independently of letters", () => {
    expect(passwordStrength("!!!!!!!!!!!!").score).toBe(3);
    expect(passwordStrength("ABC").score).toBe(1);
  });
});

describe("passwordChecklist", () => {
  it("marks each requirement met or not", () => {
    expect(passwordChecklist("abc1")).toEqual([
      { label: "At least 8 characters", met: false },
      { label: "Contains lowercase letter", met: true },
      { label: "Contains uppercase letter", met: false },
      { label: "Contains number", met: true },
      { label: "Contains special character", met: false },
    ]);
    expect(passwordChecklist("Abcdefg#9").every((i) => i.met)).toBe(true);
  });
});
