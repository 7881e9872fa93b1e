import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

/** An observer that never reports: the section stays off screen. */
class DistantObserver {
  observe() {}
  disconnect() {}
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

async function renderFadeIn(prerendered: boolean) {
  vi.stubGlobal("IntersectionObserver", DistantObserver);
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
  const { markLandingPrerendered } = await import("../lib/prerendered.ts");
  const { FadeIn } = await import("./fade-in.tsx");
  if (prerendered) markLandingPrerendered();
  render(
    <FadeIn>
      <p>Section</p>
    </FadeIn>,
  );
  return getComputedStyle(screen.getByText("Section").parentElement as HTMLElement).opacity;
}

describe("FadeIn", () => {
  it("keeps a section hidden until it comes near", async () => {
    expect(await renderFadeIn(false)).toBe("0");
  });

  it("shows it at once when the page arrived prerendered (it was on screen before the app ran)", async () => {
    expect(await renderFadeIn(true)).toBe("1");
  });
});
