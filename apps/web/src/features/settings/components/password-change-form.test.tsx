import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ThemeModeProvider } from "../../../app/theme-mode-provider.tsx";
import { mockServer, renderSignedIn } from "../../../test/kit.ts";
import { PasswordChangeForm } from "./password-change-form.tsx";

/** A settings page at `at`, inside the theme-mode provider the settings change. */
const renderSettings = (element: ReactElement, { at = "/settings/profile" } = {}) =>
  renderSignedIn(<ThemeModeProvider>{element}</ThemeModeProvider>, { path: "/settings/:tab", at });

afterEach(() => vi.unstubAllGlobals());

const policy = { min_length: 8, require_uppercase: true, require_lowercase: true, require_numbers: true, require_special: true };

async function changeTo(password: string) {
  fireEvent.change(await screen.findByLabelText("Current password"), { target: { value: "Old-pass1!" } });
  fireEvent.change(screen.getByLabelText("New password"), { target: { value: password } });
  fireEvent.change(screen.getByLabelText("Confirm new password"), { target: { value: password } });
}

describe("password change form", () => {
  it("asks the server to revoke the API keys only when the box is ticked, and says how many went", async () => {
    const api = mockServer({
      "POST /api/user-settings/password": { body: { message: "changed", other_sessions_revoked: 1, api_keys_revoked: 3 } },
    });
    renderSettings(<PasswordChangeForm policy={policy} />, { at: "/settings/security" });
    await changeTo("Brand-New-Pass2!");
    await userEvent.click(screen.getByLabelText(/Also revoke all my API keys/));
    await userEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("Password changed. 1 other session was signed out. 3 API keys were revoked.")).toBeTruthy();
    expect(api.calls.find((c) => c.path === "/api/user-settings/password")?.body).toEqual({
      current_password: "Old-pass1!",
      new_password: "Brand-New-Pass2!",
      revoke_api_keys: true,
    });
    // Unticked again for the next change.
    await waitFor(() => expect((screen.getByLabelText(/Also revoke all my API keys/) as HTMLInputElement).checked).toBe(false));
  });

  it("keeps the keys by default", async () => {
    const api = mockServer({
      "POST /api/user-settings/password": { body: { message: "changed", other_sessions_revoked: 0, api_keys_revoked: 0 } },
    });
    renderSettings(<PasswordChangeForm policy={policy} />, { at: "/settings/security" });
    await changeTo("Brand-New-Pass2!");
    await userEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("Password changed.")).toBeTruthy();
    expect(api.calls.find((c) => c.path === "/api/user-settings/password")?.body).toMatchObject({ revoke_api_keys: false });
  });
});
