import { describe, expect, it } from "vitest";
import { activeSection, particleCount } from "./active-section.ts";

const sections = [
  { id: "features", top: -500, bottom: 40 },
  { id: "solutions", top: 40, bottom: 700 },
  { id: "pricing", top: 700, bottom: 1400 },
];

describe("activeSection", () => {
  it("picks the section crossing the 100 px line", () => {
    expect(activeSection(sections)).toBe("solutions");
  });

  it("a section starting exactly on the line is active; one ending on it is not", () => {
    expect(
      activeSection([
        { id: "a", top: -300, bottom: 100 },
        { id: "b", top: 100, bottom: 600 },
      ]),
    ).toBe("b");
  });

  it("nothing is active above the first section (the hero) or in a gap", () => {
    expect(activeSection([{ id: "features", top: 600, bottom: 1200 }])).toBeNull();
    expect(
      activeSection([
        { id: "a", top: -300, bottom: 80 },
        { id: "b", top: 120, bottom: 600 },
      ]),
    ).toBeNull();
  });
});

describe("particleCount", () => {
  it("uses 30 particles under 768 px, else 50", () => {
    expect(particleCount(390)).toBe(30);
    expect(particleCount(767)).toBe(30);
    expect(particleCount(768)).toBe(50);
    expect(particleCount(1440)).toBe(50);
  });
});
