/** The sign-in page's second step: authenticator and recovery codes, and every way it can fail. */
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authConfig, me, mockServer, type Reply, type Route, renderPage } from "../../../test/kit.ts";
import SignInPage from "./sign-in-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const ada = me({
  id: "u1",
  email: "ada@example.com",
  full_name: "Ada Lovelace",
  is_instance_admin: false,
  role: "viewer",
  role_label: "Viewer",
  permissions: [],
  organization: { id: "o1", name: "Ada's org", plan: "trial" },
});
const config = authConfig();
const challenge = (expires_in = 300): Reply => ({
  status: 401,
  body: {
    detail: "Enter the 6-digit code from your authenticator app, or a recovery code.",
    code: "TWO_FACTOR_REQUIRED",
    two_factor_token: "chal-1",
    expires_in,
  },
});
const signedIn: Reply = { body: { access_token: "tok-2fa", token_type: "bearer", user: ada } };

function setup(secondStep: Route, expiresIn?: number) {
  const api = mockServer({
    "GET /api/auth/config": { body: config },
    "POST /api/auth/login": challenge(expiresIn),
    "POST /api/auth/login/two-factor": secondStep,
  });
  renderPage(<SignInPage />, { path: "/sign-in" });
  return api;
}

async function passPasswordStep(remember = false) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Email", { selector: "input" }), "ada@example.com");
  await user.type(screen.getByLabelText("Password", { selector: "input" }), "Secret123");
  if (remember) await user.click(screen.getByLabelText("Remember me"));
  await user.click(screen.getByRole("button", { name: "Sign In" }));
  await screen.findByRole("heading", { name: "Two-step verification" });
  return user;
}

const codeInput = () => screen.getByLabelText("Verification code") as HTMLInputElement;
const secondStepCalls = (api: ReturnType<typeof mockServer>) => api.calls.filter((c) => c.path === "/api/auth/login/two-factor");

describe("sign-in second step", () => {
  it("asks for the authenticator code, signs in with it and honours 'Remember me' and the saved page", async () => {
    window.sessionStorage.setItem("redirectAfterLogin", "/leads?page=3");
    const api = setup(signedIn);
    const user = await passPasswordStep(true);
    const input = codeInput();
    expect(input.getAttribute("autocomplete")).toBe("one-time-code");
    expect(input.getAttribute("inputmode")).toBe("numeric");
    expect(document.activeElement).toBe(input);
    // No session yet, and the challenge never reaches storage.
    expect(window.localStorage.getItem("token")).toBeNull();
    expect(JSON.stringify({ ...window.localStorage, ...window.sessionStorage })).not.toContain("chal-1");

    await user.type(input, "123 456");
    expect(input.value).toBe("123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect((await screen.findByTestId("location")).textContent).toBe("/leads?page=3");
    expect(window.localStorage.getItem("token")).toBe("tok-2fa");
    expect(window.sessionStorage.getItem("token")).toBeNull();
    expect(secondStepCalls(api).map((c) => c.body)).toEqual([{ two_factor_token: "chal-1", code: "123456" }]);
  });

  it("takes a recovery code instead, keeping the session for this tab only without 'Remember me'", async () => {
    const api = setup(signedIn);
    const user = await passPasswordStep();
    await user.click(screen.getByRole("button", { name: "Use a recovery code instead" }));
    expect(screen.queryByLabelText("Verification code")).toBeNull();
    await user.type(screen.getByLabelText("Recovery code"), "ABCDE-12345");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect((await screen.findByTestId("location")).textContent).toBe("/dashboard");
    expect(window.sessionStorage.getItem("token")).toBe("tok-2fa");
    expect(window.localStorage.getItem("token")).toBeNull();
    expect(secondStepCalls(api).map((c) => c.body)).toEqual([{ two_factor_token: "chal-1", recovery_code: "ABCDE-12345" }]);
  });

  it("shows a wrong code under the field, stays on the step and accepts the next try", async () => {
    let tries = 0;
    const api = setup(() =>
      ++tries === 1
        ? { status: 400, body: { detail: "Invalid verification code. Please try again.", code: "INVALID_TOTP_CODE" } }
        : signedIn,
    );
    const user = await passPasswordStep();
    await user.type(codeInput(), "000000");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    const message = await screen.findByText("Invalid verification code. Please try again.");
    expect(codeInput().getAttribute("aria-invalid")).toBe("true");
    expect(codeInput().getAttribute("aria-describedby")).toBe(message.id);
    expect(window.sessionStorage.getItem("token")).toBeNull();

    await user.clear(codeInput());
    await user.type(codeInput(), "654321");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect((await screen.findByTestId("location")).textContent).toBe("/dashboard");
    expect(secondStepCalls(api).map((c) => (c.body as { code: string }).code)).toEqual(["000000", "654321"]);
  });

  it("shows a used or unknown recovery code under its field", async () => {
    setup({ status: 400, body: { detail: "This recovery code is not valid or has already been used", code: "INVALID_RECOVERY_CODE" } });
    const user = await passPasswordStep();
    await user.click(screen.getByRole("button", { name: "Use a recovery code instead" }));
    await user.type(screen.getByLabelText("Recovery code"), "USED-CODE");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("This recovery code is not valid or has already been used")).toBeTruthy();
    expect(screen.getByLabelText("Recovery code").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("heading", { name: "Two-step verification" })).toBeTruthy();
  });

  it("goes back to the password step with the reason when the challenge has expired on the server", async () => {
    setup({
      status: 401,
      body: { detail: "This sign-in attempt has expired. Please sign in again.", code: "TWO_FACTOR_CHALLENGE_EXPIRED" },
    });
    const user = await passPasswordStep();
    await user.type(codeInput(), "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect((await screen.findByRole("alert")).textContent).toContain("This sign-in attempt has expired. Please sign in again.");
    expect((screen.getByLabelText("Email", { selector: "input" }) as HTMLInputElement).value).toBe("ada@example.com");
    const password = screen.getByLabelText("Password", { selector: "input" }) as HTMLInputElement;
    expect(password.value).toBe("");
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(window.sessionStorage.getItem("token")).toBeNull();
  });

  it("goes back to the password step by itself when the challenge runs out before a code is sent", async () => {
    const api = setup(signedIn, 1);
    await passPasswordStep();
    expect((await screen.findByRole("alert", {}, { timeout: 2500 })).textContent).toContain("This sign-in attempt has expired");
    expect(screen.getByRole("button", { name: "Sign In" })).toBeTruthy();
    expect(secondStepCalls(api)).toHaveLength(0);
  });

  it("goes back to the password step with the lock message after too many wrong codes", async () => {
    setup({ status: 423, body: { detail: "Too many failed sign-in attempts. Try again in 15 minutes.", code: "ACCOUNT_LOCKED" } });
    const user = await passPasswordStep();
    await user.type(codeInput(), "111111");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Too many failed sign-in attempts. Try again in 15 minutes.");
    expect(screen.getByRole("link", { name: "Reset your password" })).toBeTruthy();
    expect(screen.queryByLabelText("Verification code")).toBeNull();
  });

  it("puts the server's validation message under the field", async () => {
    setup({
      status: 422,
      body: {
        detail: "Validation failed",
        code: "VALIDATION_FAILED",
        errors: [{ field: "code", message: "The verification code must be 6 digits" }],
      },
    });
    const user = await passPasswordStep();
    await user.type(codeInput(), "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("The verification code must be 6 digits")).toBeTruthy();
    expect(codeInput().getAttribute("aria-invalid")).toBe("true");
  });

  it("checks the code has 6 digits before calling the server, and lets the user start over", async () => {
    const api = setup(signedIn);
    const user = await passPasswordStep();
    await user.type(codeInput(), "12a34");
    expect(codeInput().value).toBe("1234");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Enter the 6-digit code from your authenticator app")).toBeTruthy();
    expect(secondStepCalls(api)).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Back to sign in" }));
    expect(screen.getByRole("button", { name: "Sign In" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
