import {
  AccessibilitySettings,
  DashboardSettings,
  EmailSettings,
  NotificationSettings,
  ProfileSettings,
  type UserSettings,
} from "@prospector/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ThemeModeProvider } from "../../../app/theme-mode-provider.tsx";
import { me as makeMe, mockServer, renderSignedIn, userSettings } from "../../../test/kit.ts";
import { SETTINGS_CATALOGUE } from "../lib/settings-catalogue.ts";
import SettingsComplexPage from "./settings-complex-page.tsx";
import SettingsSimplePage from "./settings-simple-page.tsx";

const ME = makeMe({ id: "u1", email: "ada@example.com", full_name: "Ada Lovelace" });
const SETTINGS = "GET /api/user-settings/settings";
const serverSettings = (over: Partial<UserSettings> = {}) => userSettings(ME, over);
const render = (element: ReactElement, path: string, at: string) =>
  renderSignedIn(<ThemeModeProvider>{element}</ThemeModeProvider>, { path, at });

/** A server whose PUT of each group answers that group of the merged settings. */
function server(initial: UserSettings = serverSettings()) {
  let current = initial;
  const answer =
    (schema: { parse: (v: unknown) => unknown }) =>
    ({ body }: { body: unknown }) => {
      current = { ...current, ...(body as object) } as UserSettings;
      return { body: schema.parse(current) };
    };
  return mockServer({
    "GET /api/auth/me": { body: ME },
    [SETTINGS]: () => ({ body: current }),
    "PUT /api/user-settings/settings/profile": answer(ProfileSettings),
    "PUT /api/user-settings/settings/notifications": answer(NotificationSettings),
    "PUT /api/user-settings/settings/email": answer(EmailSettings),
    "PUT /api/user-settings/settings/dashboard": answer(DashboardSettings),
    "PUT /api/user-settings/settings/accessibility": ({ body }) => {
      current = { ...current, accessibility: { ...current.accessibility, ...(body as object) } };
      return { body: AccessibilitySettings.parse(current.accessibility) };
    },
  });
}

afterEach(() => vi.restoreAllMocks());

describe("/settings-simple", { timeout: 60_000 }, () => {
  it("shows only the essentials, with two-factor and the password as links to the security tab", async () => {
    server(serverSettings({ two_factor_enabled: false }));
    render(<SettingsSimplePage />, "/settings-simple/*", "/settings-simple");
    expect(await screen.findByLabelText("Full name")).toBeTruthy();
    for (const label of ["Time zone", "Language", "Frequency", "Default signature (HTML)"])
      expect(screen.getByLabelText(label)).toBeTruthy();
    for (const label of ["Email notifications", "Large text", "Reduce motion"]) expect(screen.getByLabelText(label)).toBeTruthy();
    // Not essentials: on the full list only.
    for (const label of ["Company", "Track opens", "Mobile notifications", "Keep data for (days)", "High contrast"]) {
      expect(screen.queryByLabelText(label)).toBeNull();
    }
    const security = screen.getByRole("region", { name: "Security" });
    expect(within(security).getByText("Off")).toBeTruthy();
    expect(within(security).getByRole("link", { name: "Manage two-factor" }).getAttribute("href")).toBe("/settings/security");
    expect(within(security).getByRole("link", { name: "Change password" }).getAttribute("href")).toBe("/settings/security");
    expect(screen.queryByLabelText("Current password")).toBeNull();
  });

  it("saves a changed essential through its group's route, and only what changed", async () => {
    const api = server();
    render(<SettingsSimplePage />, "/settings-simple/*", "/settings-simple");
    fireEvent.change(await screen.findByLabelText("Full name"), { target: { value: "Ada King" } });
    const profile = screen.getByRole("region", { name: "Profile" });
    await userEvent.click(within(profile).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(api.to("PUT", "/api/user-settings/settings/profile")).toHaveLength(1));
    expect(api.to("PUT", "/api/user-settings/settings/profile")[0]!.body).toEqual({ full_name: "Ada King" });
    expect(await screen.findByText("Settings saved")).toBeTruthy();
  });
});

describe("/settings-complex", { timeout: 60_000 }, () => {
  it("lists every option of the catalogue, with its saved value and whether it is the default", async () => {
    server(serverSettings({ track_opens: false, timezone: "UTC" }));
    render(<SettingsComplexPage />, "/settings-complex/*", "/settings-complex");
    expect(await screen.findByLabelText("Full name")).toBeTruthy();
    const editable = SETTINGS_CATALOGUE.filter((d) => d.group);
    expect(document.querySelectorAll('[data-testid^="state-"]')).toHaveLength(editable.length);
    expect(screen.getByTestId("state-track_opens").textContent).toContain("Saved: Off");
    expect(screen.getByTestId("state-track_opens").textContent).toContain("Changed (default: On)");
    expect(screen.getByTestId("state-timezone").textContent).toContain("Default");
    expect(screen.getByText(/options in 9 sections; 1 differs from the default/)).toBeTruthy();
    // Actions are links to their tab, not forms.
    expect(screen.getByRole("link", { name: "API keys" }).getAttribute("href")).toBe("/settings/api");
    expect(screen.getByRole("link", { name: "Plan, usage and billing address" }).getAttribute("href")).toBe("/settings/billing");
  });

  it("filters by label, help text and key, and says when nothing matches", async () => {
    server();
    const { router } = render(<SettingsComplexPage />, "/settings-complex/*", "/settings-complex");
    const box = await screen.findByLabelText("Search settings");
    await screen.findByLabelText("Full name");
    await userEvent.type(box, "track");
    await waitFor(() => expect(screen.queryByLabelText("Full name")).toBeNull());
    expect(screen.getByLabelText("Track opens")).toBeTruthy();
    expect(screen.getByLabelText("Track clicks")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Profile" })).toBeNull();
    // "track" is also in a help text: audio descriptions play the description track.
    expect(screen.getByLabelText("Audio descriptions")).toBeTruthy();
    expect(router.state.location.search).toBe("?q=track");

    await userEvent.clear(box);
    await userEvent.type(box, "data_retention_days");
    expect(await screen.findByLabelText("Keep data for (days)")).toBeTruthy();
    expect(screen.queryByLabelText("Track opens")).toBeNull();

    await userEvent.clear(box);
    await userEvent.type(box, "tooltip");
    expect(await screen.findByLabelText("Show alternative text")).toBeTruthy();

    await userEvent.clear(box);
    await userEvent.type(box, "zzz nothing");
    expect((await screen.findByTestId("settings-no-match")).textContent).toContain("zzz nothing");
  });

  it("saves a section through its group like the tab, checking with the contract first", async () => {
    const api = server();
    render(<SettingsComplexPage />, "/settings-complex/*", "/settings-complex?q=follow");
    const delay = await screen.findByLabelText("Follow-up after (days)");
    fireEvent.change(delay, { target: { value: "0" } });
    const email = screen.getByRole("region", { name: "Email" });
    await userEvent.click(within(email).getByRole("button", { name: "Save changes" }));
    expect(await within(email).findByText("At least 1 day")).toBeTruthy();
    expect(api.to("PUT", "/api/user-settings/settings/email")).toHaveLength(0);
    fireEvent.change(delay, { target: { value: "5" } });
    await userEvent.click(within(email).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(api.to("PUT", "/api/user-settings/settings/email")).toHaveLength(1));
    expect(api.to("PUT", "/api/user-settings/settings/email")[0]!.body).toEqual({ follow_up_delay: 5 });
    await waitFor(() => expect(screen.getByTestId("state-follow_up_delay").textContent).toContain("Saved: 5"));
  });

  it("sends the whole accessibility set when one flag changes (the server resets omitted flags)", async () => {
    const api = server(serverSettings({ accessibility: { ...serverSettings().accessibility, highContrast: true } }));
    render(<SettingsComplexPage />, "/settings-complex/*", "/settings-complex/accessibility");
    await userEvent.click(await screen.findByLabelText("Reduce motion"));
    const section = screen.getByRole("region", { name: "Accessibility" });
    await userEvent.click(within(section).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(api.to("PUT", "/api/user-settings/settings/accessibility")).toHaveLength(1));
    expect(api.to("PUT", "/api/user-settings/settings/accessibility")[0]!.body).toMatchObject({ reduceMotion: true, highContrast: true });
  });

  it("scrolls to the section a deep link names", async () => {
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this.id);
    });
    server();
    render(<SettingsComplexPage />, "/settings-complex/*", "/settings-complex/email");
    await screen.findByLabelText("Full name");
    await waitFor(() => expect(scrolled).toContain("section-email"));
  });
});
