import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthGuard } from "../../../app/auth-guard.tsx";
import { me, mockServer, renderPage } from "../../../test/kit.ts";
import { useSignOut } from "./use-sign-out.ts";

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

function SignOutButton() {
  const signOut = useSignOut();
  return (
    <button type="button" onClick={() => void signOut()}>
      Sign out
    </button>
  );
}

const showSignedIn = () => {
  window.localStorage.setItem("token", "tok-1");
  return renderPage(
    <AuthGuard>
      <SignOutButton />
    </AuthGuard>,
    { path: "/leads", at: "/leads" },
  );
};

describe("useSignOut", () => {
  it("ends the server session, lands on the home page and remembers no page for the next sign-in", async () => {
    const api = mockServer({ "GET /api/auth/me": { body: ada }, "POST /api/auth/logout": { body: { message: "Signed out" } } });
    const { queryClient } = showSignedIn();
    await userEvent.setup().click(await screen.findByRole("button", { name: "Sign out" }));
    expect((await screen.findByTestId("location")).textContent).toBe("/");
    await vi.waitFor(() => expect(window.localStorage.getItem("token")).toBeNull());
    expect(window.sessionStorage.getItem("redirectAfterLogin")).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    const logout = api.fetchMock.mock.calls.find(([url]) => String(url).endsWith("/api/auth/logout"));
    expect((logout?.[1]?.headers as Record<string, string> | undefined)?.Authorization).toBe("Bearer tok-1");
  });

  it("signs out locally when the server session had already ended", async () => {
    mockServer({
      "GET /api/auth/me": { body: ada },
      "POST /api/auth/logout": { status: 401, body: { detail: "Authentication required. Please log in again.", code: "UNAUTHENTICATED" } },
    });
    showSignedIn();
    await userEvent.setup().click(await screen.findByRole("button", { name: "Sign out" }));
    await vi.waitFor(() => expect(window.localStorage.getItem("token")).toBeNull());
    expect(screen.getByTestId("location").textContent).toBe("/");
    expect(window.sessionStorage.getItem("redirectAfterLogin")).toBeNull();
  });
});
