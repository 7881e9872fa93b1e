/**
 * The boot file of the prerendered landing page (scripts/prerender-landing.ts BOOT_JS): after the
 * first frame it adds the page's script tags from the template, once, with their attributes.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { BOOT_JS } from "../../../../scripts/prerender-landing.ts";

afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = "";
});

describe("landing boot script", () => {
  it("adds the template's scripts after the first frame, once", () => {
    vi.useFakeTimers();
    document.head.innerHTML = `<template id="landing-scripts"><script type="module" crossorigin src="/assets/index-A.js"></script><link rel="modulepreload" crossorigin href="/assets/landing-B.js"></template>`;
    let frame: FrameRequestCallback = () => undefined;
    vi.spyOn(window, "requestAnimationFrame").mockImplementation((cb) => {
      frame = cb;
      return 1;
    });
    new Function(BOOT_JS)();
    expect(document.head.querySelectorAll(":scope > script, :scope > link")).toHaveLength(0);
    frame(0);
    vi.advanceTimersByTime(0);
    const script = document.head.querySelector(":scope > script") as HTMLScriptElement;
    expect(script.type).toBe("module");
    expect(script.getAttribute("src")).toBe("/assets/index-A.js");
    expect(script.hasAttribute("crossorigin")).toBe(true);
    expect(document.head.querySelector(":scope > link")?.getAttribute("rel")).toBe("modulepreload");
    vi.advanceTimersByTime(1000);
    expect(document.head.querySelectorAll(":scope > script")).toHaveLength(1);
  });
});
