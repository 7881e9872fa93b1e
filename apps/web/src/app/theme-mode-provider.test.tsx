import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ThemeModeProvider, useThemeMode } from "./theme-mode-provider.tsx";

type Listener = () => void;
function fakeSystem(dark: boolean) {
  const listeners = new Set<Listener>();
  const state = { dark };
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) =>
      ({
        media: query,
        get matches() {
          return query.includes("prefers-color-scheme: dark") ? state.dark : false;
        },
        addEventListener: (_: string, l: Listener) => listeners.add(l),
        removeEventListener: (_: string, l: Listener) => listeners.delete(l),
      }) as unknown as MediaQueryList,
  );
  return {
    flip(next: boolean) {
      state.dark = next;
      for (const l of listeners) l();
    },
  };
}

function Probe() {
  const { choice, mode, setChoice } = useThemeMode();
  return (
    <div>
      <span data-testid="mode">
        {choice}:{mode}
      </span>
      <button type="button" onClick={() => setChoice("dark")}>
        dark
      </button>
    </div>
  );
}

afterEach(() => vi.restoreAllMocks());

describe("ThemeModeProvider", () => {
  it("auto follows the system preference and reacts when it changes", () => {
    const system = fakeSystem(false);
    render(
      <ThemeModeProvider>
        <Probe />
      </ThemeModeProvider>,
    );
    expect(screen.getByTestId("mode").textContent).toBe("auto:light");
    act(() => system.flip(true));
    expect(screen.getByTestId("mode").textContent).toBe("auto:dark");
    act(() => system.flip(false));
    expect(screen.getByTestId("mode").textContent).toBe("auto:light");
  });

  it("reads the stored choice and saves a new one in user_settings, keeping other groups", () => {
    fakeSystem(true);
    localStorage.setItem(
      "user_settings",
      JSON.stringify({ dashboard: { theme: "light", density: "compact" }, profile: { fullName: "Ada" } }),
    );
    render(
      <ThemeModeProvider>
        <Probe />
      </ThemeModeProvider>,
    );
    expect(screen.getByTestId("mode").textContent).toBe("light:light");
    act(() => screen.getByRole("button", { name: "dark" }).click());
    expect(screen.getByTestId("mode").textContent).toBe("dark:dark");
    expect(JSON.parse(localStorage.getItem("user_settings")!)).toEqual({
      dashboard: { theme: "dark", density: "compact" },
      profile: { fullName: "Ada" },
    });
  });
});
