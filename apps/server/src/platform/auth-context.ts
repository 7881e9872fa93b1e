/**
 * Who is calling, resolved once per request by the access hook. Routes declare what they need in
 * `config.access`; handlers read `request.auth` (non-null on every non-public route).
 */
import type { RoleId } from "@prospector/contracts";
import type { FastifyRequest } from "fastify";

export interface AuthContext {
  userId: string;
  email: string;
  name: string;
  organizationId: string;
  workspaceId: string;
  role: RoleId;
  isInstanceAdmin: boolean;
  /** The session row's id when signed in with a session token. */
  sessionId: string | null;
  via: "session" | "api_key";
  /** An API key's own permissions: the request can do at most these (and at most what the user can). */
  scopes: string[] | null;
  /** The API key's id when `via` is "api_key" (what a scheduled job re-checks later). */
  apiKeyId?: string;
  /** The workspace is archived: the access hook refuses its changes (WORKSPACE_ARCHIVED). */
  workspaceArchived?: boolean;
}

/**
 * - `public`: anyone; `request.auth` is resolved if a credential is sent, else null.
 * - `authenticated`: any signed-in user, no permission needed (their own profile, notifications).
 * - `resource:action`: checked by the access engine.
 */
export type Access = "public" | "authenticated" | `${string}:${string}`;

export interface Authenticator {
  authenticate(request: FastifyRequest): Promise<AuthContext | null>;
  /**
   * The answer `authenticate` would give, when it is known without any I/O: null for a request
   * with no credential, the context for a session this process has cached, undefined otherwise.
   */
  cached?(request: FastifyRequest): AuthContext | null | undefined;
}

export interface AccessDecision {
  allowed: boolean;
  reason: string;
}

/**
 * What an API key must carry to use a route. On `resource:action` routes it defaults to that
 * permission; `authenticated` routes refuse keys unless they name one; `false` refuses keys
 * outright (account security, the mailbox, key management: anything that could take over the
 * account must be done signed in).
 */
export type ApiKeyScope = `${string}:${string}` | false;

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    apiKeyScope?: ApiKeyScope;
    /** A POST/PUT/PATCH/DELETE `resource:action` route that still works in an archived workspace. */
    allowArchived?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error("requireAuth on a route without authentication");
  return request.auth;
}
