/**
 * The workspace service's own records (shell §7 "Workspace service"): invitations by email, domain
 * verifications and the workspace's activity feed. Workspaces and memberships themselves are the
 * organizations feature's tables (organizations.table.ts).
 */
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, ts } from "../../db/columns.ts";
import { users } from "../identity/identity.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

const workspaceId = () =>
  uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" });

export type InviteStatus = "pending" | "accepted" | "cancelled";

/**
 * An invitation to join a workspace with a role. The token is stored hashed (sha256); the link in
 * the mail carries the raw token. An invite is expired when `expires_at` has passed (no job needed).
 * At most one pending invite per workspace and address.
 */
export const workspaceInvites = pgTable(
  "workspace_invites",
  {
    id: id(),
    workspaceId: workspaceId(),
    /** Lower-cased address. */
    email: text("email").notNull(),
    role: text("role").notNull(),
    tokenHash: text("token_hash").notNull(),
    status: text("status").$type<InviteStatus>().notNull().default("pending"),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: ts("expires_at").notNull(),
    sendCount: integer("send_count").notNull().default(1),
    lastSentAt: ts("last_sent_at").notNull().defaultNow(),
    acceptedAt: ts("accepted_at"),
    acceptedBy: uuid("accepted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("workspace_invites_token_uq").on(t.tokenHash),
    uniqueIndex("workspace_invites_pending_uq").on(t.workspaceId, t.email).where(sql`status = 'pending'`),
    index("workspace_invites_ws_idx").on(t.workspaceId, t.createdAt),
  ],
);

export type DomainVerificationMethod = "dns" | "http_file" | "meta_tag";
export type DomainVerificationStatus = "pending" | "verified" | "failed";

/**
 * A domain the workspace claims. Verified by a DNS TXT record `prospector-verification=<token>`,
 * or over HTTP (a file at /.well-known/prospector-verification.txt or a meta tag on the home page)
 * fetched through the SSRF-guarded fetcher. A verified domain lets people with that email domain
 * join on sign-up when the workspace allows it (settings.allowDomainJoin).
 */
export const workspaceDomains = pgTable(
  "workspace_domains",
  {
    id: id(),
    workspaceId: workspaceId(),
    /** Lower-cased, no trailing dot. */
    domain: text("domain").notNull(),
    method: text("method").$type<DomainVerificationMethod>().notNull().default("dns"),
    token: text("token").notNull(),
    status: text("status").$type<DomainVerificationStatus>().notNull().default("pending"),
    lastCheckedAt: ts("last_checked_at"),
    lastError: text("last_error"),
    verifiedAt: ts("verified_at"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("workspace_domains_ws_domain_uq").on(t.workspaceId, t.domain),
    index("workspace_domains_verified_idx").on(t.domain).where(sql`status = 'verified'`),
  ],
);

/**
 * The workspace's activity feed: who did what, when (members joining and leaving, invites, role
 * changes, lifecycle actions, and the product's own events that other features report through
 * hooks). Paged newest first by (created_at, id).
 */
export const workspaceActivity = pgTable(
  "workspace_activity",
  {
    id: id(),
    workspaceId: workspaceId(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** e.g. member.joined, member.removed, invite.sent, workspace.archived, campaign.launched. */
    kind: text("kind").notNull(),
    subjectType: text("subject_type"),
    subjectId: text("subject_id"),
    summary: text("summary").notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("workspace_activity_ws_time_idx").on(t.workspaceId, t.createdAt, t.id),
    index("workspace_activity_ws_kind_idx").on(t.workspaceId, t.kind, t.createdAt),
    index("workspace_activity_ws_actor_idx").on(t.workspaceId, t.actorId, t.createdAt),
  ],
);
