/** Builders for the team pages' tests, typed by the contracts: each takes the fields a test cares about. */
import type {
  ActivityItem,
  DomainVerification,
  Invite,
  RoleSummary,
  Workspace,
  WorkspaceMember,
  WorkspaceStats,
} from "@prospector/contracts";
import { ME, uuid } from "../../../test/kit.ts";

/** The signed-in user's workspace in the kit's ME (id "ws"). */
export const WS_ID = ME.workspace.id;

export function workspace(over: Partial<Workspace> = {}): Workspace {
  return {
    id: WS_ID,
    name: "Acme",
    organization_id: "org",
    organization_name: "Acme",
    is_default: true,
    owner_id: ME.id,
    role: "admin",
    member_count: 2,
    settings: {
      timezone: "UTC",
      max_members: 10,
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

export function member(over: Partial<Omit<WorkspaceMember, "user">> & { user?: Partial<WorkspaceMember["user"]> } = {}): WorkspaceMember {
  const { user, ...rest } = over;
  const id = rest.id ?? uuid();
  return {
    id,
    role: "sales_rep",
    status: "active",
    joined_at: "2026-02-01T09:00:00.000Z",
    permissions: [],
    is_owner: false,
    ...rest,
    user: {
      id: uuid(),
      email: "sam@example.com",
      full_name: "Sam Seller",
      avatar_url: null,
      presence: "offline",
      last_seen: null,
      ...user,
    },
  };
}

/** The signed-in user as a member (admin, owner, online). */
export const SELF = member({
  id: uuid(900),
  role: "admin",
  is_owner: true,
  user: { id: ME.id, email: ME.email, full_name: ME.full_name, presence: "online", last_seen: "2026-03-01T10:00:00.000Z" },
});

export const memberPage = (items: WorkspaceMember[]) => ({ body: { items, total: items.length, next_cursor: null } });

export function invite(over: Partial<Invite> = {}): Invite {
  return {
    id: uuid(),
    workspace_id: WS_ID,
    email: "new@example.com",
    role: "sales_rep",
    status: "pending",
    invited_by: { id: ME.id, name: ME.full_name },
    expires_at: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    send_count: 1,
    last_sent_at: "2026-03-01T10:00:00.000Z",
    created_at: "2026-03-01T10:00:00.000Z",
    accepted_at: null,
    ...over,
  };
}

export function stats(over: Partial<WorkspaceStats> = {}): WorkspaceStats {
  return {
    member_count: 2,
    active_members: 1,
    campaign_count: 3,
    lead_count: 1250,
    storage_used: 5 * 1024 * 1024,
    storage_limit: 1024 * 1024 * 1024,
    ...over,
  };
}

export function activity(over: Partial<ActivityItem> = {}): ActivityItem {
  return {
    id: uuid(),
    kind: "member.joined",
    actor: { id: ME.id, name: ME.full_name },
    subject_type: "member",
    subject_id: uuid(),
    summary: "Sam Seller joined the workspace",
    detail: {},
    created_at: new Date(Date.now() - 3_600_000).toISOString(),
    ...over,
  };
}

export function domain(over: Partial<DomainVerification> = {}): DomainVerification {
  return {
    id: uuid(),
    domain: "acme.test",
    method: "dns",
    status: "pending",
    token: "tok123",
    instructions: { kind: "dns_txt", name: "acme.test", value: "prospector-verification=tok123" },
    last_checked_at: null,
    last_error: null,
    verified_at: null,
    created_at: "2026-03-01T10:00:00.000Z",
    ...over,
  };
}

export function role(id: RoleSummary["id"], label: string, priority: number, permissions: string[]): RoleSummary {
  return {
    id,
    label,
    priority,
    scope: "",
    color: "#000000",
    icon: "Person",
    is_system: true,
    permissions: permissions.map((p) => {
      const deny = p.startsWith("!");
      const [resource, action] = (deny ? p.slice(1) : p).split(":") as [string, string];
      return { resource, action, effect: deny ? "deny" : "allow", resource_id: null };
    }),
  };
}
