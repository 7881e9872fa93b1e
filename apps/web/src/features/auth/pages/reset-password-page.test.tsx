import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockServer, renderPage } from "../../../test/kit.ts";
import ResetPasswordPage from "./reset-password-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const show = (at: string) => renderPage(<ResetPasswordPage />, { path: "/reset-password", at });
const newPassword = () => screen.getByLabelText("New password", { selector: "input" }) as HTMLInputElement;
const confirmation = () => screen.getByLabelText("Confirm new password", { selector: "input" }) as HTMLInputElement;

describe("reset-password page", () => {
  it("without a token explains why and disables the inputs", () => {
    mockServer({});
    show("/reset-password");
    expect(screen.getByText(/Invalid or missing reset token\. Please request a new password reset\./)).toBeTruthy();
    expect(newPassword().disabled).toBe(true);
    expect(confirmation().disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Reset Password" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("validates both fields and updates the strength meter and checklist while typing", async () => {
    const api = mockServer({});
    const user = userEvent.setup();
    show("/reset-password?token=abc");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByText("Password is required")).toBeTruthy();
    expect(screen.getByText("Please confirm your password")).toBeTruthy();

    await user.type(newPassword(), "Abc1!");
    expect(screen.getByTestId("strength-label").textContent).toBe("Good");
    expect(screen.getByText("Contains uppercase letter").closest("li")?.getAttribute("data-met")).toBe("true");
    expect(screen.getByText("At least 8 characters").closest("li")?.getAttribute("data-met")).toBe("false");
    expect(await screen.findByText("Password must be at least 8 characters")).toBeTruthy();

    await user.type(newPassword(), "defghij");
    expect(screen.getByTestId("strength-label").textContent).toBe("Very Strong");
    await user.type(confirmation(), "different");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByText("Passwords do not match")).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it("shows the password toggle", async () => {
    mockServer({});
    const user = userEvent.setup();
    show("/reset-password?token=abc");
    expect(newPassword().type).toBe("password");
    await user.click(screen.getByRole("button", { name: "Show new password" }));
    expect(newPassword().type).toBe("text");
  });

  it("shows the server's reason on failure, else the default message", async () => {
    mockServer({ "POST /api/auth/reset-password": { status: 400, body: { detail: "Invalid or expired token", code: "INVALID_TOKEN" } } });
    const user = userEvent.setup();
    show("/reset-password?token=old");
    await user.type(newPassword(), "Str0ng!pass");
    await user.type(confirmation(), "Str0ng!pass");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Invalid or expired token");
  });

  it("falls back to the spec's message when the server gives no detail", async () => {
    // Not an API answer (the API always says why): a proxy or an older server in front of it.
    mockServer({ "POST /api/auth/reset-password": { status: 400, body: {}, notFromApi: true } });
    const user = userEvent.setup();
    show("/reset-password?token=old");
    await user.type(newPassword(), "Str0ng!pass");
    await user.type(confirmation(), "Str0ng!pass");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Failed to reset password. The link may have expired.");
  });

  it("sends token and new password, then offers the way back to login", async () => {
    const api = mockServer({ "POST /api/auth/reset-password": { body: { message: "Password updated" } } });
    const user = userEvent.setup();
    show("/reset-password?token=tok123");
    await user.type(newPassword(), "Str0ng!pass");
    await user.type(confirmation(), "Str0ng!pass");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByRole("heading", { name: "Password Reset Successful" })).toBeTruthy();
    expect(api.calls).toMatchObject([
      { method: "POST", path: "/api/auth/reset-password", body: { token: "tok123", new_password: "Str0ng!pass" } },
    ]);
    expect(screen.getByRole("link", { name: "Go to Login" }).getAttribute("href")).toBe("/login");
  });
});
