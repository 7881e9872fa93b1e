import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockServer, renderPage } from "../../../test/kit.ts";
import LandingPage from "./landing-page.tsx";

// jsdom has no layout: place the sections where a scrolled page would have them.
let layout: Record<string, { top: number; bottom: number }> = {};
const realRect = Element.prototype.getBoundingClientRect;

beforeEach(() => {
  layout = {};
  vi.useFakeTimers();
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const box = layout[this.id];
    return box
      ? ({ top: box.top, bottom: box.bottom, left: 0, right: 0, width: 0, height: box.bottom - box.top } as DOMRect)
      : realRect.call(this);
  };
});
afterEach(() => {
  Element.prototype.getBoundingClientRect = realRect;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function scrollTo(y: number, sections: typeof layout) {
  layout = sections;
  Object.defineProperty(window, "scrollY", { value: y, configurable: true });
  fireEvent.scroll(window);
  await act(() => vi.advanceTimersByTimeAsync(60));
}

describe("landing page", () => {
  it("has every section, the spec's actions and the compliance badges", () => {
    mockServer({});
    renderPage(<LandingPage />);
    for (const id of ["features", "solutions", "pricing", "resources", "company"]) expect(document.getElementById(id)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Start 14-Day Free Trial" }).getAttribute("href")).toBe("/login?action=signup");
    expect(screen.getByRole("link", { name: "Watch Demo" }).getAttribute("href")).toBe("/login?action=demo");
    expect(screen.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/login");
    expect(screen.getAllByRole("figure")).toHaveLength(3);
    for (const badge of ["CAN-SPAM", "GDPR", "CCPA", "SOC2"]) expect(screen.getByText(badge)).toBeTruthy();
  });

  it("marks the section crossing the 100 px line and shows scroll-to-top after 50 px", async () => {
    mockServer({});
    renderPage(<LandingPage />);
    const nav = screen.getAllByRole("navigation", { name: "Sections" })[0]!;
    expect(nav.querySelector("[aria-current]")).toBeNull();
    expect(screen.queryByRole("button", { name: "Scroll to top" })).toBeNull();

    await scrollTo(900, { features: { top: -400, bottom: 60 }, solutions: { top: 60, bottom: 700 }, pricing: { top: 700, bottom: 1500 } });
    expect(nav.querySelector("[aria-current]")?.textContent).toBe("Solutions");
    expect(screen.getByRole("button", { name: "Scroll to top" })).toBeTruthy();

    await scrollTo(1600, { solutions: { top: -600, bottom: 40 }, pricing: { top: 40, bottom: 800 } });
    expect(nav.querySelector("[aria-current]")?.textContent).toBe("Pricing");
  });

  it("waits for scrolling to settle (50 ms) before updating", async () => {
    mockServer({});
    renderPage(<LandingPage />);
    const nav = screen.getAllByRole("navigation", { name: "Sections" })[0]!;
    layout = { features: { top: 0, bottom: 600 } };
    fireEvent.scroll(window);
    await act(() => vi.advanceTimersByTimeAsync(30));
    expect(nav.querySelector("[aria-current]")).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(30));
    expect(nav.querySelector("[aria-current]")?.textContent).toBe("Features");
  });

  it("switches solution tabs, each with its case study", async () => {
    mockServer({});
    renderPage(<LandingPage />);
    expect(screen.getAllByRole("tab")).toHaveLength(6);
    fireEvent.click(screen.getByRole("tab", { name: "Recruiters" }));
    const panel = screen.getByRole("tabpanel");
    expect(panel.textContent).toContain("Technical recruiting firm");
    expect(panel.querySelectorAll("li")).toHaveLength(4);
  });
});
