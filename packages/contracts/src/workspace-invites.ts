/**
 * Workspace invitations by email (shell §3 "Invite request", §7 Workspace service: invite, bulk,
 * list, cancel, resend; the public preview and accept of an invite link) and domain verification
 * (shell §4: a start and a check step). Wire names are snake_case like the rest of the API.
 */
import { z } from "zod";

/** An invitation link is good for 7 days from its last send (a resend starts a new 7 days). */
export const INVITE_EXPIRY_DAYS = 7;
/** At most this many addresses in one bulk invite. */
export const BULK_INVITE_MAX = 100;
/** A single invite's mail may be sent again at most once per this many seconds. */
export const INVITE_RESEND_INTERVAL_SECONDS = 60;

const InviteEmail = z
  .string({ error: "Enter an email address" })
  .max(254, "At most 254 characters")
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.email("Enter a valid email address"));

/**
 * POST /api/v1/workspaces/{id}/invite. `roleId` is checked by the server against the
 * organization's roles (422 ROLE_UNKNOWN lists them), so a bulk list reports it per address.
 */
export const InviteRequest = z.object({
  email: InviteEmail,
  roleId: z.string({ error: "Choose a role" }).trim().min(1, "Choose a role").max(64),
});
export type InviteRequest = z.input<typeof InviteRequest>;

/**
 * POST /api/v1/workspaces/{id}/invite/bulk. Items are checked one by one by the server (a bad
 * address is reported in `failed`, the good ones are sent), so the item shape is loose here.
 */
export const BulkInviteRequest = z.object({
  invites: z
    .array(z.object({ email: z.string().max(1000), roleId: z.string().max(64) }))
    .min(1, "Add at least one address")
    .max(BULK_INVITE_MAX, `At most ${BULK_INVITE_MAX} addresses at once`),
});
export type BulkInviteRequest = z.input<typeof BulkInviteRequest>;

export const InviteStatus = z.enum(["pending", "accepted", "cancelled", "expired"]);
export type InviteStatus = z.infer<typeof InviteStatus>;

export const Invite = z.object({
  id: z.string(),
  workspace_id: z.string(),
  email: z.string(),
  role: z.string(),
  /** `expired` is computed: a pending invite whose `expires_at` has passed. */
  status: InviteStatus,
  invited_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  expires_at: z.string(),
  send_count: z.number().int(),
  last_sent_at: z.string(),
  created_at: z.string(),
  accepted_at: z.string().nullable(),
});
export type Invite = z.infer<typeof Invite>;

export const InviteList = z.array(Invite);
export type InviteList = z.infer<typeof InviteList>;

export const BulkInviteFailure = z.object({ email: z.string(), code: z.string(), message: z.string() });
export type BulkInviteFailure = z.infer<typeof BulkInviteFailure>;

export const BulkInviteResult = z.object({ sent: z.array(Invite), failed: z.array(BulkInviteFailure) });
export type BulkInviteResult = z.infer<typeof BulkInviteResult>;

/** GET /api/v1/invites/{token} (public): what the accept page shows before anyone signs in. */
export const InvitePreview = z.object({
  workspace_name: z.string(),
  inviter_name: z.string().nullable(),
  email: z.string(),
  role: z.string(),
  expires_at: z.string(),
  status: InviteStatus,
  /** Whether an account with the invited address exists: the page offers sign-in, else sign-up. */
  account_exists: z.boolean(),
});
export type InvitePreview = z.infer<typeof InvitePreview>;

/** POST /api/v1/invites/{token}/accept (signed in). */
export const InviteAcceptResult = z.object({
  workspace_id: z.string(),
  workspace_name: z.string(),
  role: z.string(),
  /** false when the caller was already a member (accepting twice gives one membership). */
  joined: z.boolean(),
});
export type InviteAcceptResult = z.infer<typeof InviteAcceptResult>;

// ——— Domain verification ———

export const DomainVerificationMethod = z.enum(["dns", "http_file", "meta_tag"]);
export type DomainVerificationMethod = z.infer<typeof DomainVerificationMethod>;

export const DomainVerificationStatus = z.enum(["pending", "verified", "failed"]);
export type DomainVerificationStatus = z.infer<typeof DomainVerificationStatus>;

/** The TXT record value, file name and meta tag name the checks look for. */
export const DOMAIN_VERIFICATION_PREFIX = "prospector-verification";
export const DOMAIN_VERIFICATION_FILE_PATH = "/.well-known/prospector-verification.txt";

const DomainName = z
  .string({ error: "Enter a domain" })
  .max(253, "At most 253 characters")
  .transform((s) =>
    s
      .trim()
      .toLowerCase()
      .replace(/^https?:\/\//, "")
      .replace(/\/.*$/, "")
      .replace(/\.$/, ""),
  )
  .pipe(
    z
      .string()
      .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/, "Enter a domain such as example.com"),
  );

/** POST /api/v1/workspaces/{id}/domain/verify; method defaults to dns. */
export const DomainVerifyRequest = z.object({
  domain: DomainName,
  method: DomainVerificationMethod.default("dns"),
});
export type DomainVerifyRequest = z.input<typeof DomainVerifyRequest>;

/** What to publish where: a TXT record (name = the domain), a file at `url`, or a meta tag on `url`. */
export const DomainInstructions = z.object({
  kind: z.enum(["dns_txt", "http_file", "meta_tag"]),
  /** dns_txt: the record's host name; http_file: the file path; meta_tag: the tag's name. */
  name: z.string(),
  /** The exact record value, file content or tag to publish. */
  value: z.string(),
  url: z.string().optional(),
});
export type DomainInstructions = z.infer<typeof DomainInstructions>;

export const DomainVerification = z.object({
  id: z.string(),
  domain: z.string(),
  method: DomainVerificationMethod,
  status: DomainVerificationStatus,
  token: z.string(),
  instructions: DomainInstructions,
  last_checked_at: z.string().nullable(),
  /** Why the last check failed, in plain words. */
  last_error: z.string().nullable(),
  verified_at: z.string().nullable(),
  created_at: z.string(),
});
export type DomainVerification = z.infer<typeof DomainVerification>;

export const DomainVerificationList = z.array(DomainVerification);
export type DomainVerificationList = z.infer<typeof DomainVerificationList>;
