import type { AuthConfig } from "@prospector/contracts";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authConfig, mockServer, renderPage } from "../../../test/kit.ts";
import SignUpPage from "./sign-up-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const policy = { min_length: 10, require_uppercase: true, require_lowercase: true, require_numbers: true, require_special: true };
const config = (over: Partial<AuthConfig> = {}) => ({ body: authConfig({ password_policy: policy, ...over }) });

async function fill(name: string, email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Full name", { selector: "input" }), name);
  await user.type(screen.getByLabelText("Work email", { selector: "input" }), email);
  await user.type(screen.getByLabelText("Password", { selector: "input" }), password);
  await user.click(screen.getByRole("button", { name: "Create Account" }));
  return user;
}

describe("sign-up page", () => {
  it("says the first account becomes the admin and shows the server's password policy", async () => {
    mockServer({ "GET /api/auth/config": config({ first_user: true }) });
    renderPage(<SignUpPage />, { path: "/sign-up", at: "/sign-up?setup_token=tok-123" });
    expect(await screen.findByText(/This first account becomes the organization's administrator/)).toBeTruthy();
    expect(screen.getByText("At least 10 characters")).toBeTruthy();
    expect(screen.getByText("Contains special character")).toBeTruthy();
  });

  it("sends the setup token from the first-run link with the first sign-up", async () => {
    const api = mockServer({
      "GET /api/auth/config": config({ first_user: true }),
      "POST /api/auth/register": {
        status: 201,
        body: { access_token: null, token_type: "bearer", user: null, verification_required: true, is_first_user: true },
      },
    });
    renderPage(<SignUpPage />, { path: "/sign-up", at: "/sign-up?setup_token=tok-123" });
    await screen.findByText("At least 10 characters");
    await fill("Ada Lovelace", "ada@example.com", "Str0ng!Password");
    expect(await screen.findByRole("heading", { name: "Check your email" })).toBeTruthy();
    expect(api.calls.find((c) => c.path === "/api/auth/register")?.body).toEqual({
      full_name: "Ada Lovelace",
      email: "ada@example.com",
      password: "Str0ng!Password",
      setup_token: "tok-123",
    });
  });

  it("tells a visitor of a fresh server without the setup link where to find it, and offers no SSO", async () => {
    mockServer({ "GET /api/auth/config": config({ first_user: true, sso: { enabled: true, name: "Okta" } }) });
    renderPage(<SignUpPage />, { path: "/sign-up" });
    expect(await screen.findByText(/Open the sign-up link printed in the server console/)).toBeTruthy();
    expect(screen.queryByText(/This first account becomes the organization's administrator/)).toBeNull();
    expect(screen.queryByRole("link", { name: "Sign in with Okta" })).toBeNull();
  });

  it("says sign-up is closed instead of showing the form", async () => {
    mockServer({ "GET /api/auth/config": config({ signup_open: false }) });
    renderPage(<SignUpPage />, { path: "/sign-up" });
    expect(await screen.findByRole("heading", { name: "Sign-up is closed" })).toBeTruthy();
    expect(screen.getByText(/by invitation only/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Create Account" })).toBeNull();
  });

  it("from an invitation on a closed server: shows the form with the invited address and sends the invitation token", async () => {
    const api = mockServer({
      "GET /api/auth/config": config({ signup_open: false }),
      "POST /api/auth/register": {
        status: 201,
        body: { access_token: null, token_type: "bearer", user: null, verification_required: true, is_first_user: false },
      },
    });
    renderPage(<SignUpPage />, { path: "/sign-up", at: "/sign-up?invite=inv-tok-1&email=ivy%40example.com" });
    await screen.findByText("At least 10 characters");
    expect(screen.queryByRole("heading", { name: "Sign-up is closed" })).toBeNull();
    expect((screen.getByLabelText("Work email", { selector: "input" }) as HTMLInputElement).value).toBe("ivy@example.com");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Full name", { selector: "input" }), "Ivy Invited");
    await user.type(screen.getByLabelText("Password", { selector: "input" }), "Str0ng!Password");
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    await vi.waitFor(() => expect(api.calls.some((c) => c.path === "/api/auth/register")).toBe(true));
    expect(api.calls.find((c) => c.path === "/api/auth/register")?.body).toEqual({
      full_name: "Ivy Invited",
      email: "ivy@example.com",
      password: "Str0ng!Password",
      invite_token: "inv-tok-1",
    });
  });

  it("enforces the policy before calling the server", async () => {
    const api = mockServer({ "GET /api/auth/config": config() });
    renderPage(<SignUpPage />, { path: "/sign-up" });
    await screen.findByText("At least 10 characters");
    await fill("Ada", "ada@example.com", "Short1!");
    expect(await screen.findByText("Password must be at least 10 characters")).toBeTruthy();
    expect(api.calls.some((c) => c.path === "/api/auth/register")).toBe(false);
  });

  it("puts 'email in use' on the email field", async () => {
    mockServer({
      "GET /api/auth/config": config(),
      "POST /api/auth/register": { status: 409, body: { detail: "This email address is already in use", code: "EMAIL_IN_USE" } },
    });
    renderPage(<SignUpPage />, { path: "/sign-up" });
    await screen.findByText("At least 10 characters");
    await fill("Ada", "ada@example.com", "Str0ng!Password");
    const message = await screen.findByText("This email address is already in use");
    expect(screen.getByLabelText("Work email", { selector: "input" }).getAttribute("aria-describedby")).toBe(message.id);
  });

  it("asks to check the email when verification is required, with a working resend", async () => {
    const api = mockServer({
      "GET /api/auth/config": config({ email_verification_required: true }),
      "POST /api/auth/register": {
        status: 201,
        body: { access_token: null, token_type: "bearer", user: null, verification_required: true, is_first_user: false },
      },
      "POST /api/auth/resend-verification": { body: { message: "sent" } },
    });
    renderPage(<SignUpPage />, { path: "/sign-up" });
    await screen.findByText("At least 10 characters");
    const user = await fill("Ada Lovelace", "ada@example.com", "Str0ng!Password");
    expect(await screen.findByRole("heading", { name: "Check your email" })).toBeTruthy();
    expect(window.localStorage.getItem("token")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Resend verification email" }));
    expect(await screen.findByText("A new verification email is on its way.")).toBeTruthy();
    expect(api.calls.filter((c) => c.path === "/api/auth/resend-verification").map((c) => c.body)).toEqual([{ email: "ada@example.com" }]);
    expect(api.calls.find((c) => c.path === "/api/auth/register")?.body).toEqual({
      full_name: "Ada Lovelace",
      email: "ada@example.com",
      password: "Str0ng!Password",
    });
  });

  it("explains the demo intent from the landing page", async () => {
    mockServer({ "GET /api/auth/config": config() });
    renderPage(<SignUpPage />, { path: "/sign-up", at: "/sign-up?intent=demo" });
    expect(await screen.findByText(/The demo is the product itself/)).toBeTruthy();
  });
});
