/**
 * Shared set-up of the permission and workspace tests: a scripted team socket, builders for the
 * extended user and workspaces, and a probe that prints what the hooks answer.
 */
import type { ExtendedUser, Workspace } from "@prospector/contracts";
import { vi } from "vitest";
import { TeamSocketProvider } from "../../lib/use-socket.tsx";
import { ME, uuid } from "../../test/kit.ts";
import { usePermissions } from "./permission-provider.tsx";
import { useWorkspace, WorkspaceProvider } from "./workspace-provider.tsx";

export class FakeSocket {
  static instances: FakeSocket[] = [];
  readyState = 0;
  sent: Array<{ type: string; payload: unknown }> = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  push(type: string, payload: unknown) {
    this.onmessage?.({ data: JSON.stringify({ type, payload }) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  static latest(): FakeSocket {
    const socket = FakeSocket.instances.at(-1);
    if (!socket) throw new Error("no socket was opened");
    return socket;
  }
}

export function stubSocket(): void {
  FakeSocket.instances = [];
  vi.stubGlobal("WebSocket", FakeSocket);
}

export function extendedUser(over: Partial<ExtendedUser> = {}): ExtendedUser {
  return {
    id: ME.id,
    email: ME.email,
    name: ME.full_name,
    roles: ["manager"],
    teams: [],
    permissions: ["campaigns:read", "leads:read"],
    is_active: true,
    department: null,
    attributes: {},
    security_settings: { mfa_enabled: false, trusted_devices: 1, session_timeout: 86_400 },
    default_workspace_id: ME.workspace.id,
    features: [],
    ...over,
  };
}

export function workspace(over: Partial<Workspace> = {}): Workspace {
  return {
    id: uuid(),
    name: "Acme",
    organization_id: "org",
    organization_name: "Acme",
    is_default: false,
    owner_id: ME.id,
    role: "admin",
    member_count: 3,
    settings: {
      timezone: "UTC",
      max_members: 50,
      features: [],
      allow_domain_join: false,
      domain_join_role: "viewer",
      description: null,
    },
    archived_at: null,
    created_at: "2026-01-01T00:00:00.000Z",
    ...over,
  };
}

/** Prints the hooks' answers for the checks a test names. */
export function Probe({ checks = [] }: { checks?: string[] }) {
  const p = usePermissions();
  const w = useWorkspace();
  return (
    <div>
      <div data-testid="loading">{String(p.loading)}</div>
      <div data-testid="role">{p.role}</div>
      <div data-testid="error">{p.error ?? ""}</div>
      <div data-testid="workspace">{w.current?.name ?? w.error ?? "none"}</div>
      {checks.map((c) => (
        <div key={c} data-testid={`can ${c}`}>
          {String(p.can(c))}
        </div>
      ))}
      <button type="button" onClick={() => void w.switchTo(w.workspaces.find((x) => x.id !== w.current?.id)?.id ?? "missing")}>
        switch
      </button>
    </div>
  );
}

/** The providers as the app layout mounts them, around `children`. */
export function Shell({ children }: { children: React.ReactNode }) {
  return (
    <TeamSocketProvider>
      <WorkspaceProvider>{children}</WorkspaceProvider>
    </TeamSocketProvider>
  );
}
