import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { me, mockServer, renderPage } from "../../../test/kit.ts";
import SsoCompletePage from "./sso-complete-page.tsx";
import VerifyEmailPage from "./verify-email-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const user = me({ id: "u1", email: "ada@example.com", full_name: "Ada" });

describe("SSO completion", () => {
  it("exchanges the SSO session once for a token and goes where the flow was headed", async () => {
    const api = mockServer({ "POST /api/auth/sso/token": { body: { access_token: "sso-tok", token_type: "bearer", user } } });
    renderPage(<SsoCompletePage />, { path: "/sso/complete", at: "/sso/complete?redirect=%2Fnotifications" });
    expect((await screen.findByTestId("location")).textContent).toBe("/notifications");
    expect(window.localStorage.getItem("token")).toBe("sso-tok");
    expect(api.calls.filter((c) => c.path === "/api/auth/sso/token")).toHaveLength(1);
  });

  it("never follows a redirect to another site", async () => {
    mockServer({ "POST /api/auth/sso/token": { body: { access_token: "sso-tok", token_type: "bearer", user } } });
    renderPage(<SsoCompletePage />, { path: "/sso/complete", at: "/sso/complete?redirect=%2F%2Fevil.example" });
    expect((await screen.findByTestId("location")).textContent).toBe("/dashboard");
  });

  it("asks for the authenticator code when the account has two-factor on, then signs in", async () => {
    const api = mockServer({
      "POST /api/auth/sso/token": {
        status: 401,
        body: { detail: "Enter the code", code: "TWO_FACTOR_REQUIRED", two_factor_token: "chal-1", expires_in: 300 },
      },
      "POST /api/auth/login/two-factor": { body: { access_token: "after-2fa", token_type: "bearer", user } },
    });
    renderPage(<SsoCompletePage />, { path: "/sso/complete", at: "/sso/complete?redirect=%2Fleads" });
    expect(await screen.findByRole("heading", { name: "Two-step verification" })).toBeTruthy();
    const typing = userEvent.setup();
    await typing.type(screen.getByLabelText("Verification code", { selector: "input" }), "123456");
    await typing.click(screen.getByRole("button", { name: "Verify" }));
    expect((await screen.findByTestId("location")).textContent).toBe("/leads");
    expect(window.localStorage.getItem("token")).toBe("after-2fa");
    expect(api.calls.find((c) => c.path === "/api/auth/login/two-factor")?.body).toEqual({ two_factor_token: "chal-1", code: "123456" });
  });

  it("explains a failed exchange and offers the way back", async () => {
    mockServer({ "POST /api/auth/sso/token": { status: 400, body: { detail: "Invalid or expired token", code: "INVALID_TOKEN" } } });
    renderPage(<SsoCompletePage />, { path: "/sso/complete" });
    expect((await screen.findByRole("alert")).textContent).toContain("Invalid or expired token");
    expect(screen.getByRole("link", { name: "Back to Sign In" }).getAttribute("href")).toBe("/sign-in");
    expect(window.localStorage.getItem("token")).toBeNull();
  });
});

describe("email verification link", () => {
  it("confirms the address from the token", async () => {
    const api = mockServer({ "POST /api/auth/verify-email": { body: { message: "verified" } } });
    renderPage(<VerifyEmailPage />, { path: "/verify-email", at: "/verify-email?token=v-1" });
    expect(await screen.findByRole("heading", { name: "Email verified" })).toBeTruthy();
    expect(api.calls).toMatchObject([{ method: "POST", path: "/api/auth/verify-email", body: { token: "v-1" } }]);
  });

  it("says what is wrong with a missing or rejected token", async () => {
    mockServer({ "POST /api/auth/verify-email": { status: 400, body: { detail: "Invalid or expired token", code: "INVALID_TOKEN" } } });
    renderPage(<VerifyEmailPage />, { path: "/verify-email", at: "/verify-email?token=old" });
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid or expired token");
  });
});
