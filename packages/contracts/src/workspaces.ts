/**
 * The workspace service (shell §3 "Workspace", "Workspace member", "Workspace stats"; §7, base
 * /api/v1/workspaces): workspaces, members, stats, activity, lifecycle (transfer, archive, restore,
 * export, clone). Invites and domain verification are in workspace-invites.ts. Wire names are
 * snake_case like the other contracts.
 */
import { z } from "zod";
import { RoleId } from "./roles.ts";

const requiredText = (max: number, what: string) =>
  z
    .string({ error: `Enter ${what}` })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, `Enter ${what}`).max(max, `At most ${max} characters`));

/** The largest team a workspace may be set to hold (its members list is never longer). */
export const WORKSPACE_MAX_MEMBERS_LIMIT = 500;

export const WorkspaceFeature = z.enum(["campaigns", "leads", "analytics", "crm", "pipeline", "scraping", "enrichment"]);
export type WorkspaceFeature = z.infer<typeof WorkspaceFeature>;

export const WorkspaceSettings = z.object({
  /** IANA time zone, e.g. "Europe/Paris". */
  timezone: z.string(),
  max_members: z.number().int(),
  features: z.array(z.string()),
  /** People whose email domain is one of the workspace's verified domains may join on sign-up. */
  allow_domain_join: z.boolean(),
  /** The role they join with. */
  domain_join_role: RoleId,
  description: z.string().nullable(),
});
export type WorkspaceSettings = z.infer<typeof WorkspaceSettings>;

export const Workspace = z.object({
  id: z.string(),
  name: z.string(),
  organization_id: z.string(),
  organization_name: z.string(),
  /** The organization's default workspace: it cannot be deleted. */
  is_default: z.boolean(),
  /** The owner (transfer ownership moves it); the organization's owner for workspaces made before owners existed. */
  owner_id: z.string().nullable(),
  /** The caller's role in this workspace. */
  role: RoleId,
  /** Active and suspended members. */
  member_count: z.number().int(),
  settings: WorkspaceSettings,
  /** Set while the workspace is archived (read-only). */
  archived_at: z.string().nullable(),
  created_at: z.string(),
});
export type Workspace = z.infer<typeof Workspace>;

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

const SettingsInput = z.object({
  timezone: z.string().trim().max(64).refine(isTimeZone, "Not a known time zone").optional(),
  max_members: z
    .number({ error: "Enter a number of members" })
    .int("A whole number")
    .min(1, "At least 1")
    .max(WORKSPACE_MAX_MEMBERS_LIMIT, `At most ${WORKSPACE_MAX_MEMBERS_LIMIT}`)
    .optional(),
  features: z
    .array(WorkspaceFeature)
    .max(20)
    .transform((f) => [...new Set(f)])
    .optional(),
  allow_domain_join: z.boolean().optional(),
  domain_join_role: RoleId.optional(),
  description: z
    .string()
    .max(1000, "At most 1000 characters")
    .transform((s) => s.trim() || null)
    .nullish(),
});

/** POST /api/v1/workspaces: created in the caller's organization; the caller becomes its admin and owner. */
export const WorkspaceCreate = z.object({
  name: requiredText(100, "a workspace name"),
  settings: SettingsInput.optional(),
});
export type WorkspaceCreate = z.input<typeof WorkspaceCreate>;

/** PUT /api/v1/workspaces/{id}: a field left out is unchanged; settings merge field by field. */
export const WorkspaceUpdate = z.object({
  name: requiredText(100, "a workspace name").optional(),
  settings: SettingsInput.optional(),
});
export type WorkspaceUpdate = z.input<typeof WorkspaceUpdate>;

export const WorkspaceIdParams = z.object({ id: z.string() });
export const WorkspaceMemberParams = z.object({ id: z.string(), memberId: z.string() });

// ——— Members ———

export const MemberPresence = z.enum(["online", "away", "offline"]);
export type MemberPresence = z.infer<typeof MemberPresence>;

export const MemberStatus = z.enum(["active", "suspended"]);
export type MemberStatus = z.infer<typeof MemberStatus>;

export const WorkspaceMember = z.object({
  /** The membership's id (what /members/{memberId} takes). */
  id: z.string(),
  user: z.object({
    id: z.string(),
    email: z.string(),
    full_name: z.string(),
    avatar_url: z.string().nullable().optional(),
    /** From the team socket: online (connected; "busy" counts as online), away (connected, idle) or offline. */
    presence: MemberPresence,
    /** Last activity seen on the team socket, else the last sign-in; null if never. */
    last_seen: z.string().nullable(),
  }),
  role: RoleId,
  status: MemberStatus,
  joined_at: z.string(),
  /** Effective permissions in this workspace (role and team grants), `resource:action`. */
  permissions: z.array(z.string()),
  is_owner: z.boolean(),
});
export type WorkspaceMember = z.infer<typeof WorkspaceMember>;

/**
 * GET /api/v1/workspaces/{id}/members. A workspace holds at most settings.max_members (≤ 500)
 * members, so one page normally holds them all; `cursor` pages on past `limit`.
 */
export const MemberListQuery = z.object({
  limit: z.coerce.number().int().min(1, "limit must be between 1 and 500").max(500, "limit must be between 1 and 500").default(200),
  cursor: z.string().max(200).optional(),
});
export type MemberListQuery = z.infer<typeof MemberListQuery>;

export const MemberPage = z.object({
  items: z.array(WorkspaceMember),
  total: z.number().int(),
  next_cursor: z.string().nullable(),
});
export type MemberPage = z.infer<typeof MemberPage>;

export const MemberStatusUpdate = z.object({ status: MemberStatus });
export type MemberStatusUpdate = z.infer<typeof MemberStatusUpdate>;

export const MemberRoleUpdate = z.object({ role: z.string({ error: "Choose a role" }).trim().min(1, "Choose a role").max(50) });
export type MemberRoleUpdate = z.infer<typeof MemberRoleUpdate>;

// ——— Stats ———

/** GET /api/v1/workspaces/{id}/stats (shell §3 "Workspace stats"). */
export const WorkspaceStats = z.object({
  member_count: z.number().int(),
  /**
   * Active members: members with status active who are online on the team socket now, or who
   * were seen (socket activity or sign-in) in the last 7 days.
   */
  active_members: z.number().int(),
  campaign_count: z.number().int(),
  lead_count: z.number().int(),
  /** Bytes kept for the workspace: uploads and export/backup files. */
  storage_used: z.number().int(),
  /** Bytes the organization's plan allows; null when unlimited. */
  storage_limit: z.number().int().nullable(),
});
export type WorkspaceStats = z.infer<typeof WorkspaceStats>;

// ——— Activity ———

export const ActivityItem = z.object({
  id: z.string(),
  /** e.g. member.joined, member.removed, member.role_changed, workspace.archived, invite.sent, campaign.meeting. */
  kind: z.string(),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  subject_type: z.string().nullable(),
  subject_id: z.string().nullable(),
  summary: z.string(),
  detail: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type ActivityItem = z.infer<typeof ActivityItem>;

/** GET /api/v1/workspaces/{id}/activity: newest first, keyset paged. */
export const ActivityQuery = z.object({
  /** One kind ("member.joined") or a prefix ending in "." ("member."). */
  kind: z.string().trim().max(60).optional(),
  actor_id: z.uuid("Not a valid user id").optional(),
  since: z.iso.datetime({ offset: true, error: "Not an ISO 8601 date-time" }).optional(),
  until: z.iso.datetime({ offset: true, error: "Not an ISO 8601 date-time" }).optional(),
  /** Opaque cursor from a previous page's next_cursor. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1, "limit must be between 1 and 100").max(100, "limit must be between 1 and 100").default(50),
});
export type ActivityQuery = z.input<typeof ActivityQuery>;

export const ActivityPage = z.object({
  items: z.array(ActivityItem),
  next_cursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof ActivityPage>;

// ——— Lifecycle ———

export const WorkspaceTransfer = z.object({ newOwnerId: z.uuid("Not a valid user id") });
export type WorkspaceTransfer = z.infer<typeof WorkspaceTransfer>;

export const WorkspaceClone = z.object({
  name: requiredText(100, "a workspace name"),
  include_leads: z.boolean().default(false),
});
export type WorkspaceClone = z.input<typeof WorkspaceClone>;

export const WorkspaceExportQuery = z.object({ format: z.enum(["json"]).default("json") });
