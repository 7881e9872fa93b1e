/**
 * The access engine (outreach-core §4, §6). Decision order: the user must exist, be a member and
 * be active; then the rate limit; then policy rules (highest priority first, first match
 * decides); then direct user, role and team grants (deny beats allow; no match is denied).
 * Subjects and policies are cached (10,000 entries, 5 minutes, swept every 60 s) and dropped in
 * every process through the bus when grants, roles or policies change.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import type { AccessDecision, AuthContext } from "../../platform/auth-context.ts";
import type { Bus } from "../../platform/bus.ts";
import { AUTH_INVALIDATE } from "../identity/index.ts";
import { type AuditWriter, createAuditWriter } from "./access.audit.ts";
import { type CacheRecord, createTtlCache } from "./access.cache.ts";
import type { ConditionContext } from "./access.conditions.ts";
import { type Decision, decide, decideByPolicies, type Grant, type PolicyRule, REASONS, toGrant } from "./access.decide.ts";
import { createMemoryRateLimiter, type RateLimiter, type RateResult } from "./access.rate-limit.ts";
import { type AccessSource, createAccessSource, type SubjectRecord } from "./access.repository.ts";

export { decide, type Grant, matches, toGrant } from "./access.decide.ts";

export const ACCESS_INVALIDATE = "access.invalidate";
/** Decisions memoized per subject; bounded so a caller probing many permissions cannot grow it. */
const DECISIONS_PER_SUBJECT = 256;
const INACTIVE: Decision = { allowed: false, reason: REASONS.inactive, matched: null };
const NO_ENVIRONMENT: AccessEnvironment = {};

/**
 * A caller's cache keys, built once per context object: the authenticator hands out the same
 * AuthContext while a session is cached, so the hot path neither builds nor hashes a key string.
 */
const keysOf = new WeakMap<object, { subject: string; policies: string }>();
function cacheKeys(auth: Pick<AuthContext, "userId" | "workspaceId">): { subject: string; policies: string } {
  let keys = keysOf.get(auth);
  if (!keys) {
    keys = { subject: `s|${auth.userId}|${auth.workspaceId}`, policies: `p|${auth.workspaceId}` };
    keysOf.set(auth, keys);
  }
  return keys;
}

export type Subject = Pick<AuthContext, "userId" | "workspaceId" | "organizationId" | "role"> &
  Partial<Pick<AuthContext, "email" | "via" | "scopes">>;

/** What the request adds to a decision: policy conditions read these. */
export interface AccessEnvironment {
  now?: Date;
  ip?: string | null;
  country?: string | null;
  /** Requests in the caller's current rate window (from consumeRate). */
  requests?: number | null;
  /** The caller is over the rate limit: the decision stops there. */
  rateExceeded?: boolean;
}

/**
 * The environment, or a function that makes it: policy conditions are the only readers, so a
 * workspace without policies never builds it.
 */
export type EnvironmentSource = AccessEnvironment | (() => AccessEnvironment);

/** Which cached entries an invalidation drops; empty drops everything. */
export interface InvalidateScope {
  userId?: string;
  workspaceId?: string;
  organizationId?: string;
}

interface CachedSubject extends SubjectRecord {
  decisions: Map<string, Decision>;
}

type CacheValue =
  | { kind: "subject"; subject: CachedSubject | null; userId: string; workspaceId: string }
  | { kind: "policies"; workspaceId: string; organizationId: string | null; policies: PolicyRule[] };

/** A caller's access state, read from the caches in one synchronous step (see AccessEngine.cached). */
export interface CachedAccess {
  active: boolean;
  consumeRate(): RateResult;
  /** `permission`: the same check as one `resource:action` string (a route's declaration), reused as the memo key. */
  evaluate(resource: string, action: string, env?: EnvironmentSource, permission?: string): Decision;
}

/** One request's view of its caller (a class, so the hot path creates no closures). */
class CallerAccess implements CachedAccess {
  readonly active: boolean;
  private readonly auth: AuthContext;
  private readonly limiter: RateLimiter;
  private readonly subject: CachedSubject | null;
  /** Null when the caller only needed to be signed in: the policies were not looked up. */
  private readonly rules: PolicyRule[] | null;
  private readonly decideFor: DecideFor;

  constructor(auth: AuthContext, limiter: RateLimiter, subject: CachedSubject | null, rules: PolicyRule[] | null, decideFor: DecideFor) {
    this.active = Boolean(subject?.active);
    this.auth = auth;
    this.limiter = limiter;
    this.subject = subject;
    this.rules = rules;
    this.decideFor = decideFor;
  }

  consumeRate(): RateResult {
    return (this.limiter.consumeSync as NonNullable<RateLimiter["consumeSync"]>)(this.auth);
  }

  evaluate(resource: string, action: string, env: EnvironmentSource = NO_ENVIRONMENT, permission?: string): Decision {
    if (!this.subject?.active) return INACTIVE;
    if (!this.rules) throw new Error("CachedAccess.evaluate: the policies were not loaded (cached(auth, false))");
    return this.decideFor(this.auth, this.subject, this.rules, resource, action, undefined, env, permission);
  }
}

type DecideFor = (
  s: Subject,
  subj: CachedSubject,
  rules: PolicyRule[],
  resource: string,
  action: string,
  resourceId: string | undefined,
  env: EnvironmentSource,
  permission?: string,
) => Decision;

export interface AccessEngine {
  /** Full decision with the rule or grant that made it. */
  evaluate(subject: Subject, resource: string, action: string, resourceId?: string, env?: EnvironmentSource): Promise<Decision>;
  check(auth: AuthContext, resource: string, action: string, resourceId?: string): Promise<AccessDecision>;
  consumeRate(auth: AuthContext): Promise<RateResult>;
  /**
   * Everything a request's access check needs, when this process has it cached and counts the
   * rate limit itself: the access hook then decides without awaiting anything. Null otherwise
   * (a cold cache, or the Redis limiter), and the hook takes the asynchronous path. `decides`:
   * the request needs a permission decision, so the workspace's policies must be cached too.
   */
  cached(auth: AuthContext, decides: boolean): CachedAccess | null;
  /** Exists, is active and an active member of the workspace (through the cache). */
  isActive(auth: Pick<AuthContext, "userId" | "workspaceId">): Promise<boolean>;
  /** The subject as the engine sees it (role, teams, grants), through the cache; null if not a member. */
  subject(userId: string, workspaceId: string): Promise<SubjectRecord | null>;
  grantsFor(auth: Pick<AuthContext, "userId" | "workspaceId">): Promise<Grant[]>;
  /** Drop cached entries here at once and in every other process through the bus. */
  invalidate(scope?: InvalidateScope | string): Promise<void>;
  audit: AuditWriter;
  cacheSize(): number;
  close(): Promise<void>;
}

export async function createAccessEngine(deps: {
  db: Db;
  bus: Bus;
  rateLimiter?: RateLimiter;
  source?: AccessSource;
  audit?: AuditWriter;
  log?: Pick<FastifyBaseLogger, "warn">;
  now?: () => number;
}): Promise<AccessEngine> {
  const { bus } = deps;
  const now = deps.now ?? Date.now;
  const source = deps.source ?? createAccessSource(deps.db);
  const rateLimiter = deps.rateLimiter ?? createMemoryRateLimiter({ now });
  const audit = deps.audit ?? createAuditWriter({ db: deps.db, log: deps.log, now });
  const cache = createTtlCache<CacheValue>({ now });

  function dropLocal(scope: InvalidateScope = {}): void {
    const { userId, workspaceId, organizationId } = scope;
    if (!userId && !workspaceId && !organizationId) {
      cache.drop();
      return;
    }
    cache.drop((v) => {
      if (v.kind === "policies")
        return !userId && (v.workspaceId === workspaceId || (!!organizationId && v.organizationId === organizationId));
      if (userId && v.userId !== userId) return false;
      if (workspaceId && v.workspaceId !== workspaceId) return false;
      // A subject we could not find has no organization yet: drop it on any organization-wide change.
      if (organizationId && v.subject && v.subject.organizationId !== organizationId) return false;
      return true;
    });
  }

  const offs = await Promise.all([
    bus.subscribe(ACCESS_INVALIDATE, (msg) => dropLocal((msg ?? {}) as InvalidateScope)),
    // Sign-out, deactivation and role changes published by identity also change what we cached.
    bus.subscribe(AUTH_INVALIDATE, (msg) => {
      const userId = (msg as { userId?: string } | null)?.userId;
      dropLocal(userId ? { userId } : {});
    }),
  ]);

  async function subject(userId: string, workspaceId: string): Promise<CachedSubject | null> {
    // The key holds every input of the lookup, so an entry can never answer for another user or workspace.
    const v = await cache.load(`s|${userId}|${workspaceId}`, async () => {
      const s = await source.loadSubject(userId, workspaceId);
      return { kind: "subject", userId, workspaceId, subject: s ? { ...s, decisions: new Map() } : null };
    });
    return v.kind === "subject" ? v.subject : null;
  }

  async function policiesOf(workspaceId: string, organizationId: string): Promise<PolicyRule[]> {
    const v = await cache.load(`p|${workspaceId}`, async () => ({
      kind: "policies",
      workspaceId,
      organizationId,
      policies: await source.loadPolicies(workspaceId),
    }));
    return v.kind === "policies" ? v.policies : [];
  }

  async function evaluate(
    s: Subject,
    resource: string,
    action: string,
    resourceId?: string,
    env: EnvironmentSource = NO_ENVIRONMENT,
  ): Promise<Decision> {
    const subj = await subject(s.userId, s.workspaceId);
    if (!subj?.active) return INACTIVE;
    if (typeof env !== "function" && env.rateExceeded) return { allowed: false, reason: REASONS.rateLimited, matched: null };
    return decideFor(s, subj, await policiesOf(s.workspaceId, subj.organizationId), resource, action, resourceId, env);
  }

  /** The decision for an active subject whose policies are loaded: synchronous from here on. */
  const decideFor: DecideFor = (s, subj, rules, resource, action, resourceId, source, permission) => {
    let decision: Decision | null = null;
    if (rules.length) {
      const env = typeof source === "function" ? source() : source;
      const ctx: ConditionContext = {
        now: env.now ?? new Date(now()),
        ip: env.ip ?? null,
        country: env.country ?? null,
        requests: env.requests ?? null,
        user: { id: s.userId, email: s.email ?? "", role: subj.role, via: s.via ?? "session" },
        resource: { type: resource, action, id: resourceId ?? null },
      };
      decision = decideByPolicies(rules, { userId: s.userId, role: subj.role, teamIds: subj.teamIds }, resource, action, ctx);
    }
    if (!decision) {
      // One string per check: a route's own declaration when it passes one (no string built per request).
      const key = resourceId ? `${resource}:${action}|${resourceId}` : (permission ?? `${resource}:${action}`);
      decision = subj.decisions.get(key) ?? null;
      if (!decision) {
        decision = decide(subj.grants, resource, action, resourceId);
        if (subj.decisions.size >= DECISIONS_PER_SUBJECT) subj.decisions.clear();
        subj.decisions.set(key, decision);
      }
    }
    if (!decision.allowed || !s.scopes) return decision;
    // An API key can do at most what both its scopes and its owner allow.
    const scoped = decide(
      s.scopes.map((p) => toGrant(p)),
      resource,
      action,
      resourceId,
    );
    return scoped.allowed ? decision : { allowed: false, reason: "Not allowed for this API key", matched: null };
  };

  /**
   * The view last built for a caller context, with the cache records it read: reused while both
   * records are still in the cache and unexpired (an invalidation, eviction or reload marks them
   * dead), so the steady state looks up no key at all.
   */
  // Kept on the context object itself under this engine's own symbol: one property read instead of
  // a hash lookup (the hit path is a few memory reads, and at 10,000 callers each one is a cache miss).
  const VIEW = Symbol("access view");
  type Memo = { subject: CacheRecord<CacheValue>; policies: CacheRecord<CacheValue> | null; view: CallerAccess };
  type Holder = { [VIEW]?: Memo };

  function cached(auth: AuthContext, decides: boolean): CachedAccess | null {
    if (!rateLimiter.consumeSync) return null;
    const memo = (auth as Holder)[VIEW];
    if (memo) {
      const t = now();
      const s = memo.subject;
      const p = memo.policies;
      if (s.live && s.expires > t && (p ? p.live && p.expires > t : !decides || !memo.view.active)) return memo.view;
    }
    const keys = cacheKeys(auth);
    const entry = cache.record(keys.subject);
    if (entry?.value.kind !== "subject") return null;
    const subj = entry.value.subject;
    let policies: CacheRecord<CacheValue> | null = null;
    if (subj?.active && decides) {
      const p = cache.record(keys.policies);
      if (p?.value.kind !== "policies") return null;
      policies = p;
    }
    // This request decides on what it read now, even if the entries expire a moment later.
    const rules = policies?.value.kind === "policies" ? policies.value.policies : null;
    const view = new CallerAccess(auth, rateLimiter, subj, rules, decideFor);
    (auth as Holder)[VIEW] = { subject: entry, policies, view };
    return view;
  }

  return {
    evaluate,
    cached,
    async check(auth, resource, action, resourceId) {
      const d = await evaluate(auth, resource, action, resourceId);
      return { allowed: d.allowed, reason: d.reason };
    },
    consumeRate: (auth) => rateLimiter.consume(auth),
    isActive: async (auth) => Boolean((await subject(auth.userId, auth.workspaceId))?.active),
    subject,
    async grantsFor(auth) {
      return (await subject(auth.userId, auth.workspaceId))?.grants ?? [];
    },
    async invalidate(scope) {
      const s: InvalidateScope = typeof scope === "string" ? { organizationId: scope } : (scope ?? {});
      // Locally first, so the caller's very next request sees the change even before the bus delivers.
      dropLocal(s);
      await bus.publish(ACCESS_INVALIDATE, s);
    },
    audit,
    cacheSize: () => cache.size(),
    async close() {
      cache.close();
      await Promise.all(offs.map((off) => off().catch(() => {})));
      await audit.close();
    },
  };
}
