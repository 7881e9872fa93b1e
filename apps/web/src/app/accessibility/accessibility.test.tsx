import { useTheme } from "@mui/material/styles";
import { AccessibilitySettings, ColorBlindType } from "@prospector/contracts";
import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { USER_SETTINGS_KEY } from "../../lib/storage.ts";
import { ThemeModeProvider } from "../theme-mode-provider.tsx";
import {
  ACCESSIBILITY_EVENT,
  COLOR_BLIND_TYPES,
  DEFAULT_ACCESSIBILITY,
  parseAccessibility,
  TEXT_SIZE_RANGE,
} from "./accessibility-flags.ts";
import { CHART_PALETTES, chartPalette, STATUS_PALETTES } from "./accessibility-palettes.ts";

function Probe() {
  const theme = useTheme();
  return (
    <div>
      <span data-testid="text">{theme.palette.text.primary}</span>
      <span data-testid="background">{theme.palette.background.default}</span>
      <span data-testid="success">{theme.palette.success.main}</span>
      <span data-testid="transition">{theme.transitions.create("opacity")}</span>
      <main>content</main>
    </div>
  );
}

function store(accessibility: object) {
  window.localStorage.setItem(USER_SETTINGS_KEY, JSON.stringify({ dashboard: { theme: "light" }, accessibility }));
}

const html = () => document.documentElement;

describe("accessibility flags apply to the whole app", () => {
  it("applies stored flags on load: palette, text size, motion, colour-blind colours, skip link", () => {
    store({
      highContrast: true,
      largeText: true,
      textSizeMultiplier: 1.2,
      reduceMotion: true,
      colorBlindMode: true,
      colorBlindType: "tritanopia",
    });
    render(
      <ThemeModeProvider>
        <Probe />
      </ThemeModeProvider>,
    );
    expect(screen.getByTestId("text").textContent).toBe("#000000");
    expect(screen.getByTestId("background").textContent).toBe("#ffffff");
    expect(screen.getByTestId("success").textContent).toBe(STATUS_PALETTES.tritanopia.success);
    expect(screen.getByTestId("transition").textContent).toBe("none");
    expect(html().classList.contains("a11y-high-contrast")).toBe(true);
    expect(html().classList.contains("a11y-reduce-motion")).toBe(true);
    expect(html().classList.contains("a11y-colorblind-tritanopia")).toBe(true);
    // 1.25 for large text × 1.2 = 1.5: html font size 150%, so every rem grows.
    expect(html().dataset.textScale).toBe("1.5");
    expect(getComputedStyle(html()).fontSize).toBe("24px");
    const skip = screen.getByRole("button", { name: "Skip to main content" });
    act(() => skip.click());
    expect(document.activeElement?.tagName).toBe("MAIN");
  });

  it("follows a change at once, and undoes it when the flag is turned off", () => {
    store({});
    render(
      <ThemeModeProvider>
        <Probe />
      </ThemeModeProvider>,
    );
    expect(html().classList.contains("a11y-simplified")).toBe(false);
    expect(screen.getByTestId("text").textContent).not.toBe("#000000");
    act(() => {
      store({ simplifiedInterface: true, highContrast: true, keyboardNavigation: false, focusIndicators: false });
      window.dispatchEvent(new Event(ACCESSIBILITY_EVENT));
    });
    expect(html().classList.contains("a11y-simplified")).toBe(true);
    expect(html().classList.contains("a11y-focus")).toBe(false);
    expect(screen.getByTestId("text").textContent).toBe("#000000");
    expect(screen.queryByRole("button", { name: "Skip to main content" })).toBeNull();
    act(() => {
      store({});
      window.dispatchEvent(new Event(ACCESSIBILITY_EVENT));
    });
    expect(html().classList.contains("a11y-simplified")).toBe(false);
    expect(html().classList.contains("a11y-high-contrast")).toBe(false);
  });

  it("turns off autoplay and shows captions on media the page adds later", async () => {
    store({ autoplayDisabled: true, captions: true });
    render(
      <ThemeModeProvider>
        <Probe />
      </ThemeModeProvider>,
    );
    const video = document.createElement("video");
    video.setAttribute("autoplay", "");
    document.body.appendChild(video);
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(video.hasAttribute("autoplay")).toBe(false);
    video.remove();
  });

  it("colour-blind chart palettes avoid the confused pairs", () => {
    expect(chartPalette({ colorBlindMode: false, colorBlindType: "deuteranopia" })).not.toEqual(CHART_PALETTES.deuteranopia);
    expect(chartPalette({ colorBlindMode: true, colorBlindType: "protanopia" })).toContain("#E69F00");
    for (const palette of Object.values(STATUS_PALETTES)) expect(new Set(Object.values(palette)).size).toBe(4);
  });
});

function ThemeLog({ log }: { log: object[] }) {
  log.push(useTheme());
  return null;
}

describe("the theme is rebuilt only when the flags change", () => {
  it("keeps the theme when the stored copy is rewritten with the same flags (the server's settings arriving)", () => {
    window.localStorage.removeItem(USER_SETTINGS_KEY);
    const log: object[] = [];
    render(
      <ThemeModeProvider>
        <ThemeLog log={log} />
      </ThemeModeProvider>,
    );
    const first = log.at(-1);
    // What writeLocalSettings stores once GET /api/user-settings/settings has answered: the
    // defaults, spelled in another key order. Rebuilding the theme here re-rendered and
    // re-serialised the styles of the whole page on every signed-in first load.
    const reordered = Object.fromEntries(Object.entries(DEFAULT_ACCESSIBILITY).reverse());
    act(() => {
      window.localStorage.setItem(USER_SETTINGS_KEY, JSON.stringify({ dashboard: { theme: "auto" }, accessibility: reordered }));
      window.dispatchEvent(new Event(ACCESSIBILITY_EVENT));
    });
    expect(log.at(-1)).toBe(first);
    act(() => {
      store({ ...reordered, highContrast: true });
      window.dispatchEvent(new Event(ACCESSIBILITY_EVENT));
    });
    expect(log.at(-1)).not.toBe(first);
  });
});

describe("stored accessibility flags are read without the validation library, as the contract says", () => {
  it("has the contract's defaults and accepted values", () => {
    expect(DEFAULT_ACCESSIBILITY).toEqual(AccessibilitySettings.parse({}));
    expect([...COLOR_BLIND_TYPES]).toEqual(ColorBlindType.options);
    const size = AccessibilitySettings.shape.textSizeMultiplier;
    expect(size.safeParse(TEXT_SIZE_RANGE.min).success && size.safeParse(TEXT_SIZE_RANGE.max).success).toBe(true);
    expect(size.safeParse(TEXT_SIZE_RANGE.min - 0.01).success || size.safeParse(TEXT_SIZE_RANGE.max + 0.01).success).toBe(false);
  });

  it("keeps each valid flag and falls back to the default for each invalid one, like the schema", () => {
    const samples: unknown[] = [
      undefined,
      null,
      "high",
      { highContrast: true, textSizeMultiplier: 1.5, colorBlindType: "tritanopia", extra: 1 },
      { highContrast: "yes", largeText: true, textSizeMultiplier: 3, colorBlindType: "sepia", keyboardNavigation: false },
      { textSizeMultiplier: 0.5, reduceMotion: 1, simplifiedInterface: true },
    ];
    for (const stored of samples) {
      const expected: Record<string, unknown> = { ...AccessibilitySettings.parse({}) };
      for (const [key, schema] of Object.entries(AccessibilitySettings.shape)) {
        const value = stored && typeof stored === "object" ? (stored as Record<string, unknown>)[key] : undefined;
        const one = schema.safeParse(value);
        if (value !== undefined && one.success) expected[key] = one.data;
      }
      expect(parseAccessibility(stored), JSON.stringify(stored)).toEqual(expected);
    }
  });
});
