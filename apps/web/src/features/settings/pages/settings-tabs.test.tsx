import type { UserSettings } from "@prospector/contracts";
import { limitsFor } from "@prospector/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ThemeModeProvider } from "../../../app/theme-mode-provider.tsx";
import { me, mockServer, renderSignedIn, userSettings } from "../../../test/kit.ts";
import SettingsPage from "./settings-page.tsx";

/** The signed-in user of these tests. */
const ME = me({ id: "u1", email: "ada@example.com", full_name: "Ada Lovelace", organization: { id: "o1", name: "Acme", plan: "starter" } });
const serverSettings = (over: Partial<UserSettings> = {}) => userSettings(ME, over);
/** A settings page at `at`, inside the theme-mode provider the settings change. */
const renderSettings = (element: ReactElement, { at = "/settings/profile" } = {}) =>
  renderSignedIn(<ThemeModeProvider>{element}</ThemeModeProvider>, { path: "/settings/:tab", at });

const base = { "GET /api/auth/me": { body: ME }, "GET /api/user-settings/settings": { body: serverSettings() } };
const refuse = (status: number, code: string, detail: string, errors?: Array<{ field: string; message: string }>) => ({
  status,
  body: { code, detail, ...(errors ? { errors } : {}) },
});
const helperOf = (label: string) => document.getElementById(`${screen.getByLabelText(label).id}-helper-text`)?.textContent;

afterEach(() => vi.unstubAllGlobals());

describe("settings tabs show each error next to its field", () => {
  it("profile: a taken email (409) on the email field; wrong pictures before and after upload", async () => {
    mockServer({
      ...base,
      "PUT /api/user-settings/settings/profile": refuse(409, "EMAIL_IN_USE", "This email address is already in use", [
        { field: "email", message: "This email address is already in use" },
      ]),
      "POST /api/user-settings/profile/picture": refuse(415, "INVALID_FILE_TYPE", "Only JPG, PNG or GIF images are accepted"),
    });
    renderSettings(<SettingsPage />);
    fireEvent.change(await screen.findByLabelText("Email"), { target: { value: "grace@example.com" } });
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(helperOf("Email")).toBe("This email address is already in use"));

    const input = screen.getByTestId("picture-input");
    fireEvent.change(input, { target: { files: [new File(["%PDF"], "cv.pdf", { type: "application/pdf" })] } });
    expect((await screen.findByRole("alert")).textContent).toBe("Only JPG, PNG or GIF images are accepted");
    const huge = new File([new Uint8Array(5 * 1024 * 1024)], "big.png", { type: "image/png" });
    fireEvent.change(input, { target: { files: [huge] } });
    expect((await screen.findByRole("alert")).textContent).toBe("The picture is too large: it must be under 5 MB");
    // A file that claims to be a PNG: the server's INVALID_FILE_TYPE is shown the same way.
    fireEvent.change(input, { target: { files: [new File(["hello"], "fake.png", { type: "image/png" })] } });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Only JPG, PNG or GIF images are accepted"));
  });

  it("email: signature length and time range checked at once; server codes land on their fields", async () => {
    const api = mockServer({
      ...base,
      "PUT /api/user-settings/settings/email": refuse(422, "INVALID_HTML", "not allowed", [
        {
          field: "default_signature",
          message: "The signature contains HTML that is not allowed (scripts, event handlers or javascript: links)",
        },
      ]),
    });
    renderSettings(<SettingsPage />, { at: "/settings/email" });
    const signature = await screen.findByLabelText("Default signature (HTML)");
    fireEvent.change(signature, { target: { value: "x".repeat(1001) } });
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(helperOf("Default signature (HTML)")).toBe("The signature can be at most 1000 characters");
    fireEvent.change(signature, { target: { value: "<p>Ada</p>" } });
    fireEvent.change(screen.getByLabelText("Start sending at"), { target: { value: "18:00" } });
    fireEvent.change(screen.getByLabelText("Stop sending at"), { target: { value: "09:00" } });
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(helperOf("Stop sending at")).toBe("The sending end time must be after the start time");
    expect(api.calls.some((c) => c.method === "PUT")).toBe(false);

    fireEvent.change(screen.getByLabelText("Stop sending at"), { target: { value: "19:00" } });
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(helperOf("Default signature (HTML)")).toContain("HTML that is not allowed"));
  });

  it("notifications: explains a missing Notification API and a blocked permission", async () => {
    mockServer(base);
    vi.stubGlobal("Notification", undefined);
    const first = renderSettings(<SettingsPage />, { at: "/settings/notifications" });
    expect((await screen.findByText(/cannot show notifications/)).closest("[data-code]")?.getAttribute("data-code")).toBe(
      "NOTIFICATION_SERVICE_UNAVAILABLE",
    );
    first.unmount();

    const requestPermission = vi.fn(async () => "denied" as const);
    vi.stubGlobal(
      "Notification",
      Object.assign(() => {}, { permission: "default", requestPermission }),
    );
    renderSettings(<SettingsPage />, { at: "/settings/notifications" });
    await userEvent.click(await screen.findByLabelText("Browser notifications"));
    expect(requestPermission).toHaveBeenCalled();
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeTruthy();
    expect(screen.getByLabelText("Browser notifications")).toHaveProperty("checked", false);
  });

  it("security: names the password rule that failed, and the server's refusal of a reused one", async () => {
    const overview = {
      two_factor_enabled: false,
      two_factor_pending: false,
      has_password: true,
      password_last_changed: null,
      recovery_codes_remaining: 0,
      active_sessions: [],
      password_policy: { min_length: 8, require_uppercase: true, require_lowercase: true, require_numbers: true, require_special: true },
    };
    mockServer({
      ...base,
      "GET /api/user-settings/security": { body: overview },
      "GET /api/user-settings/sessions": {
        body: [
          {
            id: "s1",
            device: "Chrome on Linux",
            browser: "Chrome",
            os: "Linux",
            ip: null,
            location: "Local network",
            created_at: "2026-01-01T00:00:00Z",
            last_activity: "2026-01-01T00:00:00Z",
            current: true,
          },
        ],
      },
      "POST /api/user-settings/password": refuse(422, "PASSWORD_RECENTLY_USED", "Password was used recently. Choose a different one."),
    });
    renderSettings(<SettingsPage />, { at: "/settings/security" });
    fireEvent.change(await screen.findByLabelText("Current password"), { target: { value: "Old-pass1!" } });
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: "newpass1!" } });
    fireEvent.change(screen.getByLabelText("Confirm new password"), { target: { value: "newpass1!" } });
    await userEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect(helperOf("New password")).toBe("Password must contain an uppercase letter");
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: "Newpass1!" } });
    fireEvent.change(screen.getByLabelText("Confirm new password"), { target: { value: "Newpass1!" } });
    await userEvent.click(screen.getByRole("button", { name: "Change password" }));
    await waitFor(() => expect(helperOf("New password")).toBe("Password was used recently. Choose a different one."));
    expect(screen.getByTestId("session-row").getAttribute("data-current")).toBe("true");
    expect(screen.queryByRole("button", { name: "Revoke" })).toBeNull();
  });

  it("API keys: at 10 keys, creating another is refused with the limit message", async () => {
    const key = (i: number) => ({
      id: `k${i}`,
      name: `Key ${i}`,
      description: null,
      prefix: `psk_${i}`,
      permissions: ["leads:read"],
      lastUsed: null,
      createdAt: "2026-01-01T00:00:00Z",
      expiresAt: null,
      isActive: true,
      usageCount: 0,
    });
    mockServer({
      ...base,
      "GET /api/user-settings/api-keys": { body: Array.from({ length: 10 }, (_, i) => key(i)) },
      "GET /api/user-settings/api-keys/permissions": {
        body: [{ id: "leads:read", name: "Read leads", description: "", category: "Leads" }],
      },
      "GET /api/user-settings/api-keys/usage": {
        body: {
          totalRequests: 3,
          requestsThisMonth: 2,
          lastRequestAt: null,
          topEndpoints: [],
          rateLimits: { perMinute: 100, perHour: 1000, perDay: 10000 },
        },
      },
    });
    renderSettings(<SettingsPage />, { at: "/settings/api" });
    expect(await screen.findByText(/maximum number of API keys \(10\)/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Create API key" })).toHaveProperty("disabled", true);
    expect(screen.getAllByTestId("api-key-row")).toHaveLength(10);
  });

  it("billing: a refused downgrade lists the limits in the way; no card form is offered", async () => {
    const usage = { used: 0, limit: 10, tracked: true };
    const overview = {
      plan: {
        id: "growth",
        name: "Growth",
        price: 2500,
        currency: "USD",
        billingCycle: "monthly",
        features: [],
        limits: limitsFor("growth"),
        selfServe: true,
      },
      usage: {
        emails: usage,
        leads: { used: 5000, limit: 20000, tracked: true },
        campaigns: usage,
        storage: usage,
        members: usage,
        periodStart: "2026-11-01T00:00:00Z",
      },
      paymentsConfigured: false,
      paymentMethods: [],
      billingAddress: null,
      history: [],
      nextBillingDate: null,
      trialEndsAt: null,
      subscriptionStatus: "active",
      autoRenew: true,
      taxRate: 0,
    };
    mockServer({
      ...base,
      "GET /api/user-settings/billing": { body: overview },
      "POST /api/user-settings/billing/plan": refuse(409, "DOWNGRADE_NOT_ALLOWED", "Cannot downgrade while usage exceeds new plan limits", [
        { field: "leads", message: "5,000 leads this month; Starter allows 2,000" },
      ]),
    });
    renderSettings(<SettingsPage />, { at: "/settings/billing" });
    await userEvent.click(await screen.findByRole("button", { name: "Switch to Starter" }));
    const alert = await screen.findByText("Cannot downgrade while usage exceeds new plan limits");
    expect(alert.closest("[data-code]")?.getAttribute("data-code")).toBe("DOWNGRADE_NOT_ALLOWED");
    expect(screen.getByText("5,000 leads this month; Starter allows 2,000")).toBeTruthy();
    expect(screen.getByTestId("payments-not-configured").textContent).toContain("payment processor");
    expect(screen.queryByLabelText(/card number/i)).toBeNull();
  });
});

describe("data tab: scheduled exports", () => {
  it("says why a run stopped a schedule (its API key was revoked)", async () => {
    const schedule = {
      id: "s1",
      name: "Nightly leads",
      schedule: "0 2 * * *",
      timezone: "UTC",
      options: {},
      enabled: false,
      lastRun: null,
      nextRun: null,
      createdAt: "2026-11-01T00:00:00.000Z",
      createdWith: "api_key",
      stoppedReason: "The API key that made this schedule was deleted",
    };
    mockServer({ ...base, "GET /api/user-settings/scheduled-exports": { body: [schedule] } });
    renderSettings(<SettingsPage />, { at: "/settings/data" });
    expect((await screen.findByTestId("scheduled-export-stopped")).textContent).toBe(
      "Stopped: The API key that made this schedule was deleted",
    );
    expect(screen.getByTestId("scheduled-export-row").textContent).toContain("Paused");
  });
});
