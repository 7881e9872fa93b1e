import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { workspaceScope } from "../../../lib/api-client.ts";
import { redirectAfterLogin, tokenStore } from "../../../lib/storage.ts";
import { authConfig, ME, me, mockServer, type Route, renderPage } from "../../../test/kit.ts";
import SignUpPage from "../../auth/pages/sign-up-page.tsx";
import InviteAcceptPage from "./invite-accept-page.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.pushState({}, "", "/");
});

const TOKEN = "tok-abc";
const preview = {
  workspace_name: "Sales EU",
  inviter_name: "Olivia Owner",
  email: "new@example.com",
  role: "sales_rep",
  expires_at: "2030-01-08T10:00:00.000Z",
  status: "pending" as const,
  account_exists: false,
};

function server(extra: Record<string, Route> = {}) {
  return mockServer({ [`GET /api/v1/invites/${TOKEN}`]: { body: preview }, ...extra });
}

const render = () => renderPage(<InviteAcceptPage />, { path: "/invite/:token", at: `/invite/${TOKEN}` });
const signIn = (email: string) => {
  tokenStore.set("test-token", { remember: true });
  return { "GET /api/auth/me": { body: me({ email }) } };
};

describe("/invite/:token", { timeout: 30_000 }, () => {
  it("shows the invitation to a signed-out visitor and sends them to sign up with the address, back here after", async () => {
    server();
    render();
    expect(await screen.findByRole("heading", { name: "Join Sales EU" })).toBeTruthy();
    expect(screen.getByText("Olivia Owner")).toBeTruthy();
    expect(screen.getByText("Sales Representative")).toBeTruthy();
    expect(screen.getByText("new@example.com")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(screen.getByTestId("location").textContent).toBe(`/sign-up?invite=${TOKEN}&email=new%40example.com`);
    expect(redirectAfterLogin.get()).toBe(`/invite/${TOKEN}`);
  });

  it("offers sign-in with a redirect back when the account exists", async () => {
    server({ [`GET /api/v1/invites/${TOKEN}`]: { body: { ...preview, account_exists: true } } });
    render();
    await userEvent.click(await screen.findByRole("button", { name: "Sign in" }));
    expect(screen.getByTestId("location").textContent).toBe("/sign-in?email=new%40example.com");
    expect(redirectAfterLogin.get()).toBe(`/invite/${TOKEN}`);
  });

  it("joins when signed in with the invited address, switches to the workspace and opens the team overview", async () => {
    const s = server({
      ...signIn("New@Example.com"),
      [`POST /api/v1/invites/${TOKEN}/accept`]: {
        body: { workspace_id: "ws-eu", workspace_name: "Sales EU", role: "sales_rep", joined: true },
      },
    });
    render();
    await userEvent.click(await screen.findByRole("button", { name: "Join workspace" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/team/overview"));
    expect(s.to("POST", `/api/v1/invites/${TOKEN}/accept`)).toHaveLength(1);
    expect(workspaceScope.get()).toBe("ws-eu");
  });

  it("explains a different signed-in address and offers to sign out", async () => {
    const s = server({ ...signIn(ME.email), "POST /api/auth/logout": { body: { message: "Signed out" } } });
    render();
    expect(await screen.findByText(/You are signed in as owner@example.com, but this invitation was sent to new@example.com/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Join workspace" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Sign out" }));
    expect(await screen.findByRole("button", { name: "Create account" })).toBeTruthy();
    expect(tokenStore.get()).toBeNull();
    expect(s.to("POST", "/api/auth/logout")).toHaveLength(1);
  });

  it("stays on the invitation with the signed-out choices when a stored session has expired", async () => {
    tokenStore.set("stale-token", { remember: true });
    // The api client decides from the browser's address, not the test's memory router.
    window.history.pushState({}, "", `/invite/${TOKEN}`);
    server({ "GET /api/auth/me": { status: 401, body: { code: "UNAUTHENTICATED", detail: "Not authenticated" } } });
    render();
    expect(await screen.findByRole("button", { name: "Create account" })).toBeTruthy();
    expect(tokenStore.get()).toBeNull();
    // Not sent away to sign in with this page remembered: the page itself offers it.
    expect(redirectAfterLogin.get()).toBeNull();
  });

  it("says what to do with an expired link", async () => {
    server({
      [`GET /api/v1/invites/${TOKEN}`]: {
        status: 410,
        body: { code: "INVITE_EXPIRED", detail: "This invitation has expired. Ask the person who invited you to send a new one." },
      },
    });
    render();
    expect(await screen.findByRole("heading", { name: "This invitation has expired" })).toBeTruthy();
    expect(screen.getByText(/Ask the person who invited you to send a new one/)).toBeTruthy();
  });

  it("says a cancelled or unknown link cannot be used", async () => {
    server({ [`GET /api/v1/invites/${TOKEN}`]: { body: { ...preview, status: "cancelled" } } });
    const view = render();
    expect(await screen.findByRole("heading", { name: "This invitation was cancelled" })).toBeTruthy();
    view.unmount();
    server({ [`GET /api/v1/invites/${TOKEN}`]: { status: 404, body: { code: "INVITE_NOT_FOUND", detail: "Invitation not found" } } });
    render();
    expect(await screen.findByRole("heading", { name: "This invitation link is not valid" })).toBeTruthy();
  });
});

describe("sign-up from an invitation", { timeout: 30_000 }, () => {
  it("fills in the invited address and returns to the invitation once the account exists", async () => {
    const api = mockServer({
      "GET /api/auth/config": { body: authConfig() },
      "POST /api/auth/register": {
        status: 201,
        body: {
          access_token: "tok",
          token_type: "bearer",
          user: me({ email: "new@example.com" }),
          verification_required: false,
          is_first_user: false,
        },
      },
    });
    renderPage(<SignUpPage />, { path: "/sign-up", at: `/sign-up?invite=${TOKEN}&email=new%40example.com` });
    const email = (await screen.findByLabelText("Work email", { selector: "input" })) as HTMLInputElement;
    expect(email.value).toBe("new@example.com");
    await userEvent.type(screen.getByLabelText("Full name", { selector: "input" }), "Nina New");
    await userEvent.type(screen.getByLabelText("Password", { selector: "input" }), "Str0ng!Password");
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe(`/invite/${TOKEN}`));
    expect(api.calls.find((c) => c.path === "/api/auth/register")?.body).toMatchObject({ email: "new@example.com", full_name: "Nina New" });
  });
});
