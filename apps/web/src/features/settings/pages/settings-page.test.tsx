import { ProfileSettings, type UserSettings } from "@prospector/contracts";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ThemeModeProvider } from "../../../app/theme-mode-provider.tsx";
import { readUserSettings, USER_SETTINGS_KEY } from "../../../lib/storage.ts";
import { me as makeMe, mockServer, renderSignedIn, userSettings } from "../../../test/kit.ts";
import { writeLocalSettings } from "../api/settings-local.ts";
import SettingsPage from "./settings-page.tsx";

/** The signed-in user of these tests. */
const ME = makeMe({
  id: "u1",
  email: "ada@example.com",
  full_name: "Ada Lovelace",
  organization: { id: "o1", name: "Acme", plan: "starter" },
});
const serverSettings = (over: Partial<UserSettings> = {}) => userSettings(ME, over);
/** The profile tab's group of `all`, as PUT /api/user-settings/settings/profile answers it. */
const profileOf = (all: UserSettings) => ProfileSettings.parse(all);
/** A settings page at `at`, inside the theme-mode provider the settings change. */
const renderSettings = (element: ReactElement, { at = "/settings/profile" } = {}) =>
  renderSignedIn(<ThemeModeProvider>{element}</ThemeModeProvider>, { path: "/settings/:tab", at });

const SETTINGS = "GET /api/user-settings/settings";
const me = { "GET /api/auth/me": { body: ME } };
const down = { status: 502, body: { detail: "Bad gateway" }, notFromApi: true };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("settings load and save", () => {
  it("loads from the server first and keeps a local copy", async () => {
    mockServer({ ...me, [SETTINGS]: { body: serverSettings({ company: "From server" }) } });
    renderSettings(<SettingsPage />);
    expect(await screen.findByDisplayValue("From server")).toBeTruthy();
    expect((readUserSettings().settings as { company: string }).company).toBe("From server");
    expect(screen.queryByTestId("settings-offline")).toBeNull();
  });

  it("falls back to the local copy, then to the defaults, when the server is down", async () => {
    writeLocalSettings(serverSettings({ company: "Kept locally", full_name: "Ada Local" }));
    mockServer({ ...me, [SETTINGS]: down });
    const first = renderSettings(<SettingsPage />);
    expect(await screen.findByDisplayValue("Kept locally")).toBeTruthy();
    expect(screen.getByTestId("settings-offline").textContent).toContain("copy saved in this browser");
    first.unmount();

    window.localStorage.clear();
    mockServer({ ...me, [SETTINGS]: down });
    renderSettings(<SettingsPage />);
    expect(await screen.findByDisplayValue("Ada Lovelace")).toBeTruthy();
    expect(screen.getByTestId("settings-offline").textContent).toContain("showing the default settings");
    expect(screen.getByRole("combobox", { name: "Time zone" })).toHaveProperty("value", "UTC");
  });

  it("keeps a save locally while the server is down, says it will sync, and syncs once it is back", async () => {
    let up = false;
    const saved: unknown[] = [];
    const api = mockServer({
      ...me,
      [SETTINGS]: () => (up ? { body: serverSettings({ company: "Synced Co" }) } : down),
      "PUT /api/user-settings/settings/profile": ({ body }) => {
        if (!up) return down;
        saved.push(body);
        return { body: profileOf(serverSettings({ company: "Synced Co" })) };
      },
    });
    const { queryClient } = renderSettings(<SettingsPage />);
    const company = await screen.findByLabelText("Company");
    fireEvent.change(company, { target: { value: "Synced Co" } });
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText(/kept on this device and will sync when it is back/)).toBeTruthy();
    expect(readUserSettings().pendingSync).toEqual({ profile: { company: "Synced Co" } });

    up = true;
    await act(() => queryClient.invalidateQueries());
    await waitFor(() => expect(saved).toEqual([{ company: "Synced Co" }]));
    await waitFor(() => expect(screen.queryByTestId("settings-offline")).toBeNull());
    expect(readUserSettings().pendingSync).toEqual({});
    expect(api.calls.filter((c) => c.method === "PUT")).toHaveLength(2);
  });

  it("warns when the local copy is over 8 MB", async () => {
    // jsdom caps storage at 5 MB, so the browser's answer for user_settings is faked at its size.
    const big = JSON.stringify({ padding: "x".repeat(8 * 1024 * 1024 + 10) });
    const getItem = Storage.prototype.getItem;
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(function (this: Storage, key: string) {
      return key === USER_SETTINGS_KEY ? big : getItem.call(this, key);
    });
    mockServer({ ...me, [SETTINGS]: { body: serverSettings() } });
    renderSettings(<SettingsPage />);
    expect((await screen.findByTestId("settings-too-large")).textContent).toContain("more than 8 MB");
  });

  it("after saving the profile, stores the name and tells the top bar", async () => {
    mockServer({
      ...me,
      [SETTINGS]: { body: serverSettings() },
      "PUT /api/user-settings/settings/profile": ({ body }) => ({ body: profileOf({ ...serverSettings(), ...(body as object) }) }),
      "POST /api/user-settings/profile/picture": { body: { profile_picture_url: "/api/user-settings/profile/picture/p.png" } },
    });
    const events: string[] = [];
    for (const name of ["profile-updated", "profile-picture-updated"]) window.addEventListener(name, () => events.push(name));
    renderSettings(<SettingsPage />);
    fireEvent.change(await screen.findByLabelText("Full name"), { target: { value: "Ada King" } });
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(events).toContain("profile-updated"));
    expect(readUserSettings().profile?.fullName).toBe("Ada King");

    const png = new File([new Uint8Array([137, 80, 78, 71])], "me.png", { type: "image/png" });
    fireEvent.change(screen.getByTestId("picture-input"), { target: { files: [png] } });
    await waitFor(() => expect(events).toContain("profile-picture-updated"));
    expect(readUserSettings().profile?.profilePicture).toBe("/api/user-settings/profile/picture/p.png");
  });

  it("redirects an unknown tab to the profile", async () => {
    mockServer({ ...me, [SETTINGS]: { body: serverSettings() } });
    const { router } = renderSettings(<SettingsPage />, { at: "/settings/nope" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings/profile"));
  });
});
