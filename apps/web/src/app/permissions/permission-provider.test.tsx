import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ME, me, mockServer, renderSignedIn } from "../../test/kit.ts";
import { usePermissions } from "./permission-provider.tsx";
import { extendedUser, FakeSocket, Probe, Shell, stubSocket, workspace } from "./permissions.test-kit.tsx";
import { useWorkspace } from "./workspace-provider.tsx";

const current = workspace({ id: ME.workspace.id, name: "Acme", is_default: true });

function server(extended: () => ReturnType<typeof extendedUser> | { status: number; body: unknown }) {
  return mockServer({
    "GET /api/auth/me": { body: ME },
    "GET /api/v1/workspaces": { body: [current] },
    "GET /api/v1/auth/me/extended": () => {
      const answer = extended();
      return "status" in answer ? answer : { body: answer };
    },
  });
}

function Checks() {
  const p = usePermissions();
  const row = (name: string, value: boolean) => <div data-testid={name}>{String(value)}</div>;
  return (
    <div>
      <div data-testid="loading">{String(p.loading)}</div>
      <div data-testid="error">{p.error ?? ""}</div>
      <div data-testid="role">{p.role}</div>
      {row("can leads:read", p.can("leads:read"))}
      {row("can campaigns:delete", p.can("campaigns:delete"))}
      {row("any", p.canAny(["campaigns:delete", "leads:read"]))}
      {row("all", p.canAll(["campaigns:delete", "leads:read"]))}
      {row("role any", p.hasRole(["admin", "manager"]))}
      {row("role all", p.hasRole(["admin", "manager"], "all"))}
      {row("flag ai-writer", p.isFeatureEnabled("ai-writer"))}
      {row("flag other", p.isFeatureEnabled("other"))}
      {row("in team t1", p.inTeam("t1"))}
      {row("in team t2", p.inTeam("t2"))}
    </div>
  );
}

const text = (id: string) => screen.getByTestId(id).textContent;

beforeEach(() => stubSocket());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("PermissionProvider", () => {
  it("answers any/all over permissions and roles, flags and teams from /auth/me/extended", async () => {
    server(() =>
      extendedUser({
        roles: ["manager", "analyst"],
        permissions: ["leads:*", "campaigns:read"],
        features: ["ai-writer"],
        teams: [{ id: "t1", name: "Sales" }],
      }),
    );
    renderSignedIn(
      <Shell>
        <Checks />
      </Shell>,
      { path: "/" },
    );
    await waitFor(() => expect(text("loading")).toBe("false"));
    await waitFor(() => expect(text("role")).toBe("manager"));
    expect(text("can leads:read")).toBe("true");
    expect(text("can campaigns:delete")).toBe("false");
    expect(text("any")).toBe("true");
    expect(text("all")).toBe("false");
    expect(text("role any")).toBe("true");
    expect(text("role all")).toBe("false");
    expect(text("flag ai-writer")).toBe("true");
    expect(text("flag other")).toBe("false");
    expect(text("in team t1")).toBe("true");
    expect(text("in team t2")).toBe("false");
  });

  it("without /auth/me/extended (404) reads /auth/me and /rbac/features/enabled", async () => {
    mockServer({
      "GET /api/auth/me": { body: me({ role: "sales_rep", permissions: ["leads:read", "leads:update"] }) },
      "GET /api/v1/workspaces": { body: [current] },
      "GET /api/v1/rbac/features/enabled": { body: { features: ["ai-writer"] } },
    });
    renderSignedIn(
      <Shell>
        <Checks />
      </Shell>,
      { path: "/" },
    );
    await waitFor(() => expect(text("flag ai-writer")).toBe("true"));
    expect(text("role")).toBe("sales_rep");
    expect(text("can leads:read")).toBe("true");
    expect(text("can campaigns:delete")).toBe("false");
    expect(text("error")).toBe("");
  });

  it("falls back to the role's default permissions with the spec's message when loading fails", async () => {
    mockServer({
      "GET /api/auth/me": { body: me({ role: "viewer", permissions: ["*:*"] }) },
      "GET /api/v1/workspaces": { body: [current] },
      "GET /api/v1/auth/me/extended": { status: 500, body: { detail: "Server error occurred. Please try again later.", code: "INTERNAL" } },
    });
    renderSignedIn(
      <Shell>
        <Checks />
      </Shell>,
      { path: "/" },
    );
    await waitFor(() => expect(text("error")).toBe("Failed to load permissions. Using default permissions."));
    // The viewer's seeded permissions, not what /auth/me said.
    expect(text("role")).toBe("viewer");
    expect(text("can leads:read")).toBe("true");
    expect(text("can campaigns:delete")).toBe("false");
  });

  it("checks every 60 s and reloads once the answer is 5 minutes old", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = server(() => extendedUser());
    renderSignedIn(
      <Shell>
        <Checks />
      </Shell>,
      { path: "/" },
    );
    await waitFor(() => expect(api.to("GET", "/api/v1/auth/me/extended")).toHaveLength(1));
    // Four checks within 5 minutes: the answer is still fresh.
    for (let i = 0; i < 4; i++) await act(async () => vi.advanceTimersByTimeAsync(60_000));
    expect(api.to("GET", "/api/v1/auth/me/extended")).toHaveLength(1);
    // The fifth check finds it 5 minutes old.
    await act(async () => vi.advanceTimersByTimeAsync(60_000));
    await waitFor(() => expect(api.to("GET", "/api/v1/auth/me/extended")).toHaveLength(2));
  });

  it("reloads on permissions.updated for this user or the whole workspace, not for someone else", async () => {
    let permissions = ["leads:read"];
    const api = server(() => extendedUser({ permissions }));
    renderSignedIn(
      <Shell>
        <Checks />
      </Shell>,
      { path: "/" },
    );
    await waitFor(() => expect(text("can leads:read")).toBe("true"));
    const socket = FakeSocket.latest();
    act(() => socket.open());

    act(() => socket.push("permissions.updated", { workspace_id: ME.workspace.id, user_id: "someone-else" }));
    act(() => socket.push("permissions.updated", { workspace_id: "another-workspace", user_id: ME.id }));
    expect(api.to("GET", "/api/v1/auth/me/extended")).toHaveLength(1);

    permissions = ["campaigns:*"];
    act(() => socket.push("permissions.updated", { workspace_id: ME.workspace.id, user_id: ME.id }));
    await waitFor(() => expect(text("can campaigns:delete")).toBe("true"));
    expect(text("can leads:read")).toBe("false");

    permissions = ["leads:read"];
    act(() => socket.push("permissions.updated", { workspace_id: ME.workspace.id }));
    await waitFor(() => expect(text("can leads:read")).toBe("true"));
  });

  it("outside the provider answers from the session's /auth/me permissions", async () => {
    mockServer({ "GET /api/auth/me": { body: me({ role: "viewer", permissions: ["leads:read"] }) } });
    renderSignedIn(<Probe checks={["leads:read", "leads:delete"]} />, { path: "/" });
    await waitFor(() => expect(text("can leads:read")).toBe("true"));
    expect(text("can leads:delete")).toBe("false");
    expect(text("workspace")).toBe("none");
  });
});

function SwitchOutside({ onError }: { onError: (message: string) => void }) {
  const { switchTo } = useWorkspace();
  return (
    <button type="button" onClick={() => switchTo("x").catch((e: Error) => onError(e.message))}>
      go
    </button>
  );
}

describe("useWorkspace outside the layout", () => {
  it("has no workspace and refuses to switch with the spec's message", async () => {
    const seen: string[] = [];
    render(<SwitchOutside onError={(m) => seen.push(m)} />);
    fireEvent.click(screen.getByText("go"));
    await waitFor(() => expect(seen).toEqual(["No workspace selected"]));
  });
});
