import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authConfig, me, mockServer, renderPage } from "../../../test/kit.ts";
import SignInPage from "./sign-in-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const ada = me({
  id: "u1",
  email: "ada@example.com",
  full_name: "Ada Lovelace",
  organization: { id: "o1", name: "Ada's org", plan: "trial" },
});
const config = authConfig();

async function signIn(email: string, password: string, remember = false) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Email", { selector: "input" }), email);
  await user.type(screen.getByLabelText("Password", { selector: "input" }), password);
  if (remember) await user.click(screen.getByLabelText("Remember me"));
  await user.click(screen.getByRole("button", { name: "Sign In" }));
  return user;
}

const show = () => renderPage(<SignInPage />, { path: "/sign-in" });

describe("sign-in page", () => {
  it("shows wrong credentials next to the password field", async () => {
    mockServer({
      "GET /api/auth/config": { body: config },
      "POST /api/auth/login": { status: 401, body: { detail: "Incorrect email or password", code: "INVALID_CREDENTIALS" } },
    });
    show();
    await signIn("ada@example.com", "wrong");
    const message = await screen.findByText("Incorrect email or password");
    const input = screen.getByLabelText("Password", { selector: "input" });
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe(message.id);
  });

  it("explains a locked account", async () => {
    mockServer({
      "GET /api/auth/config": { body: config },
      "POST /api/auth/login": {
        status: 423,
        body: { detail: "Too many failed sign-in attempts. Try again later.", code: "ACCOUNT_LOCKED" },
      },
    });
    show();
    await signIn("ada@example.com", "wrong");
    expect((await screen.findByRole("alert")).textContent).toContain("Too many failed sign-in attempts");
  });

  it("offers to resend the verification email to an unverified account", async () => {
    const api = mockServer({
      "GET /api/auth/config": { body: config },
      "POST /api/auth/login": {
        status: 403,
        body: { detail: "Please verify your email address before signing in.", code: "EMAIL_NOT_VERIFIED" },
      },
      "POST /api/auth/resend-verification": { body: { message: "sent" } },
    });
    show();
    const user = await signIn("ada@example.com", "Secret123");
    expect((await screen.findByRole("alert")).textContent).toContain("Please verify your email address");
    await user.click(screen.getByRole("button", { name: "Resend email" }));
    expect(await screen.findByRole("button", { name: "Sent" })).toBeTruthy();
    expect(api.calls.find((c) => c.path === "/api/auth/resend-verification")?.body).toEqual({ email: "ada@example.com" });
  });

  it("checks the fields before calling the server", async () => {
    const api = mockServer({ "GET /api/auth/config": { body: config } });
    const user = userEvent.setup();
    show();
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Email is required")).toBeTruthy();
    expect(screen.getByText("Password is required")).toBeTruthy();
    expect(api.calls.some((c) => c.path === "/api/auth/login")).toBe(false);
  });

  it("focuses the first field in error and checks a field again as it changes once a submit was tried", async () => {
    const api = mockServer({ "GET /api/auth/config": { body: config } });
    const user = userEvent.setup();
    show();
    const email = screen.getByLabelText("Email", { selector: "input" });
    await user.type(email, "ada at example");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Please enter a valid email address")).toBeTruthy();
    expect(document.activeElement).toBe(email);
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(email.getAttribute("aria-describedby")).toBe(screen.getByText("Please enter a valid email address").id);
    await user.clear(email);
    await user.type(email, "ada@example.com");
    expect(screen.queryByText("Please enter a valid email address")).toBeNull();
    // The password's message stays until the password changes.
    expect(screen.getByText("Password is required")).toBeTruthy();
    await user.type(screen.getByLabelText("Password", { selector: "input" }), "x");
    expect(screen.queryByText("Password is required")).toBeNull();
    expect(api.calls.some((c) => c.path === "/api/auth/login")).toBe(false);
  });

  it("keeps the session for this tab only unless 'Remember me', then goes to the dashboard", async () => {
    const api = mockServer({
      "GET /api/auth/config": { body: config },
      "POST /api/auth/login": { body: { access_token: "tok-1", token_type: "bearer", user: ada } },
    });
    show();
    await signIn("ADA@example.com", "Secret123");
    expect((await screen.findByTestId("location")).textContent).toBe("/dashboard");
    expect(window.sessionStorage.getItem("token")).toBe("tok-1");
    expect(window.localStorage.getItem("token")).toBeNull();
    expect(api.calls.find((c) => c.path === "/api/auth/login")?.body).toEqual({ email: "ADA@example.com", password: "Secret123" });
  });

  it("remembers the session and returns to the page the user was sent away from", async () => {
    mockServer({
      "GET /api/auth/config": { body: config },
      "POST /api/auth/login": { body: { access_token: "tok-2", token_type: "bearer", user: ada } },
    });
    window.sessionStorage.setItem("redirectAfterLogin", "/notifications?page=2");
    show();
    await signIn("ada@example.com", "Secret123", true);
    expect((await screen.findByTestId("location")).textContent).toBe("/notifications?page=2");
    expect(window.localStorage.getItem("token")).toBe("tok-2");
  });

  it("shows the SSO button when single sign-on is configured", async () => {
    mockServer({ "GET /api/auth/config": { body: { ...config, sso: { enabled: true, name: "Okta" } } } });
    show();
    const sso = await screen.findByRole("link", { name: "Sign in with Okta" });
    expect(sso.getAttribute("href")).toBe("/api/auth/sso/start?redirect=%2Fdashboard");
  });

  it("explains why single sign-on did not sign in to an existing password account", async () => {
    mockServer({ "GET /api/auth/config": { body: { ...config, sso: { enabled: true, name: "Okta" } } } });
    renderPage(<SignInPage />, { path: "/sign-in", at: "/sign-in?error=account_not_linked" });
    expect((await screen.findByRole("alert")).textContent).toMatch(/already exists here and signs in with a password/);
  });
});
