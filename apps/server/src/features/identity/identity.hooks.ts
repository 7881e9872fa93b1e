/**
 * The hooks identity declares: higher features (organizations, access, api-keys, account-security)
 * subscribe from their `register(ctx)`, so identity, the lowest feature, imports none of them.
 */
import type { AuthContext } from "../../platform/auth-context.ts";

/** A permission as /me lists it (the access feature's grants have this shape). */
export interface IdentityGrant {
  resource: string;
  action: string;
  effect: "allow" | "deny";
}

/** The caller's place in a workspace: what the session authenticator needs besides the session. */
export interface Membership {
  /** A role id; anything the contracts do not know counts as viewer. */
  role: string;
  organizationId: string;
  /** The workspace is archived (read-only). */
  workspaceArchived?: boolean;
}

/** The workspace and organization behind GET /api/auth/me. */
export interface WorkspacePlace {
  workspaceId: string;
  workspaceName: string;
  organizationId: string;
  organizationName: string;
  plan: string;
}

/** Facts about the client of a sign-in (the session records them; limits count per address). */
export interface ClientInfo {
  headers: Headers;
  /** The client address (after TRUST_PROXY): limits and lockouts are counted per address. */
  ip: string;
}

/** How a sign-in attempt ended (threat detection reads these: docs/security-operations.md). */
export type SignInOutcome = "success" | "bad_password" | "unknown_account" | "locked" | "inactive" | "two_factor_failed";

/** One sign-in attempt, as the security feature records it. */
export interface SignInAttempt {
  outcome: SignInOutcome;
  /** As typed, lower-cased. */
  email: string;
  userId: string | null;
  ip: string | null;
  userAgent: string | null;
  method: "password" | "sso" | "two_factor";
  at: Date;
}

declare module "../../platform/hooks.ts" {
  interface HookHandlers {
    /**
     * A user exists without an organization: just signed up, first single sign-on, or a retry after
     * a crash between "user created" and "organization created". Must be idempotent (a user who
     * already has a workspace is left alone); answers null when there was nothing to do.
     */
    "identity.accountCreated": (e: { userId: string; name: string }) => Promise<{ isFirstUser: boolean } | null>;
    /**
     * Sign-up with an invitation token: true when it is a usable invitation to exactly this address
     * (the mail proved the address; sign-up is allowed when closed). Workspaces answers.
     */
    "identity.inviteForSignUp": (e: { token: string; email: string }) => Promise<boolean>;
    /** The member's role in a workspace and its organization; null when not an active member. */
    "identity.membership": (e: { userId: string; workspaceId: string }) => Promise<Membership | null>;
    /** The workspace and its organization for the /me profile; null when it does not exist. */
    "identity.workspacePlace": (e: { workspaceId: string }) => Promise<WorkspacePlace | null>;
    /**
     * The caller's grants for /me. The same array while nothing changed (the access engine's cache),
     * so /me can reuse its last answer.
     */
    "identity.grants": (auth: AuthContext) => Promise<readonly IdentityGrant[]>;
    /**
     * After a right password (or single sign-on), before the session is handed out. A handler may
     * refuse by throwing (two-factor asks for a code); it must then revoke the new session itself.
     */
    "identity.signingIn": (e: { userId: string; token: string; client: ClientInfo }) => Promise<void>;
    /**
     * Every password, single sign-on and two-factor sign-in that succeeded or failed (reported by
     * `reportSignInAttempt`, which logs a failing handler and never fails the sign-in).
     */
    "identity.signInAttempted": (e: SignInAttempt) => Promise<void>;
    /** A password was reset by emailed link: answers how many API keys it revoked. */
    "identity.passwordReset": (e: { userId: string }) => Promise<number>;
  }
}
