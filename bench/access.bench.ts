/**
 * Access decisions per second: Prospector's access engine against node-casbin on the same RBAC
 * model, in the same run, at 1,000 users / 100 roles and 10,000 users / 1,000 roles. Targets: a
 * miss at least 2× casbin's decisions per second, a hit under 1 µs.
 *
 * The model: every role holds 5 `resource:action` permissions out of 50 resources × 4 actions;
 * every user holds 2 roles. In Prospector a role of this kind is a team with grants (the eight
 * workspace roles are fixed); users are members of a workspace with the viewer role, whose own
 * permissions are left empty so only the teams decide. In casbin it is the documented RBAC model
 * (`g = _, _`, `some(where (p.eft == allow))`) loaded from the same rules.
 *
 * - hit: the access hook's steady state, `engine.cached(auth, true).evaluate(…)` with the
 *   caller's subject, the workspace's policies and the decision cached.
 * - miss: nothing about the caller is cached: `engine.evaluate(…)` loads the subject (its teams'
 *   grants, from an in-memory source doing what the SQL source does, since casbin too holds its
 *   policy in memory) and decides. Each user's first check on a fresh engine.
 * - casbin: `enforceSync` (casbin has no per-user cache; its CachedEnforcer's hit is listed too).
 *
 * Every query is answered by both and the answers must agree. Prints one JSON object.
 *
 *   node bench/access.bench.ts          # ~1 minute
 *   ACCESS_BENCH_MS=1000                   # time per measurement (default 1000 ms)
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { newCachedEnforcer, newEnforcer, newModelFromString, StringAdapter } from "casbin";

const here = path.dirname(fileURLToPath(import.meta.url));
const server = path.join(here, "../apps/server/src");
const { createAccessEngine } = await import(path.join(server, "features/access/access.engine.ts"));
const { createMemoryBus } = await import(path.join(server, "platform/bus.ts"));

const MS = Number(process.env.ACCESS_BENCH_MS ?? 1000);
const RESOURCES = Array.from(
  { length: 50 },
  (_, i) => `res_${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`,
);
const ACTIONS = ["read", "create", "update", "delete"];
const PERMS_PER_ROLE = 5;
const ROLES_PER_USER = 2;
const TARGET_MISS = 2;
/** Queries answered by both engines and compared (and the set casbin's CachedEnforcer is warmed with). */
const CHECKED = 300;
const TARGET_HIT_US = 1;

const MODEL = `
[request_definition]
r = sub, obj, act

[policy_definition]
p = sub, obj, act

[role_definition]
g = _, _

[policy_effect]
e = some(where (p.eft == allow))

[matchers]
m = g(r.sub, p.sub) && r.obj == p.obj && r.act == p.act
`;

/** A small deterministic generator, so every run measures the same model. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface World {
  users: string[];
  roles: string[];
  rolePerms: Map<string, [string, string][]>;
  userRoles: Map<string, string[]>;
  queries: { user: string; resource: string; action: string; permission: string }[];
}

function world(userCount: number, roleCount: number): World {
  const rand = rng(userCount * 31 + roleCount);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)] as T;
  const uuid = (prefix: number, i: number) =>
    `0190${prefix.toString(16).padStart(4, "0")}-0000-7000-8000-${i.toString(16).padStart(12, "0")}`;
  const roles = Array.from({ length: roleCount }, (_, i) => uuid(1, i));
  const users = Array.from({ length: userCount }, (_, i) => uuid(2, i));
  const rolePerms = new Map(
    roles.map((r) => {
      const perms = new Map<string, [string, string]>();
      while (perms.size < PERMS_PER_ROLE) {
        const p: [string, string] = [pick(RESOURCES), pick(ACTIONS)];
        perms.set(p.join(":"), p);
      }
      return [r, [...perms.values()]];
    }),
  );
  const userRoles = new Map(users.map((u) => [u, [...new Set(Array.from({ length: ROLES_PER_USER }, () => pick(roles)))]]));
  // Half the queries ask for something the user holds, half for anything.
  const queries = Array.from({ length: 20_000 }, () => {
    const user = pick(users);
    const [resource, action] =
      rand() < 0.5 ? pick(rolePerms.get(pick(userRoles.get(user) as string[])) as [string, string][]) : [pick(RESOURCES), pick(ACTIONS)];
    return { user, resource, action, permission: `${resource}:${action}` };
  });
  return { users, roles, rolePerms, userRoles, queries };
}

const WORKSPACE = "0190ffff-0000-7000-8000-000000000001";
const ORGANIZATION = "0190ffff-0000-7000-8000-000000000002";
const noAudit = { record() {}, async flush() {}, async close() {} };

/** What createAccessSource returns for these users, from memory: the user's teams' grants. */
function sourceOf(w: World) {
  return {
    async loadSubject(userId: string, workspaceId: string) {
      const teams = w.userRoles.get(userId);
      if (!teams || workspaceId !== WORKSPACE) return null;
      return {
        userId,
        workspaceId,
        organizationId: ORGANIZATION,
        active: true,
        role: "viewer",
        teamIds: teams,
        grants: teams.flatMap((t) =>
          (w.rolePerms.get(t) ?? []).map(([resource, action]) => ({
            resource,
            action,
            effect: "allow" as const,
            source: "team" as const,
            sourceId: t,
          })),
        ),
      };
    },
    async loadPolicies() {
      return [];
    },
  };
}

const authOf = (userId: string) => ({
  userId,
  email: `${userId}@example.com`,
  name: userId,
  organizationId: ORGANIZATION,
  workspaceId: WORKSPACE,
  role: "viewer" as const,
  isInstanceAdmin: false,
  sessionId: null,
  via: "session" as const,
  scopes: null,
});

/** Runs `step` in batches until MS have passed; decisions per second. */
function rateSync(step: (i: number) => void, batch = 1000): number {
  let n = 0;
  const start = process.hrtime.bigint();
  const end = start + BigInt(MS) * 1_000_000n;
  let now = start;
  while (now < end) {
    for (let i = 0; i < batch; i++) step(n + i);
    n += batch;
    now = process.hrtime.bigint();
  }
  return Math.round(n / (Number(now - start) / 1e9));
}

const log = (msg: string) => process.env.ACCESS_BENCH_VERBOSE && process.stderr.write(`${new Date().toISOString()} ${msg}\n`);

/** The same for an asynchronous step. */
async function rateAsync(step: (i: number) => Promise<unknown>, batch = 1000): Promise<number> {
  let n = 0;
  const start = process.hrtime.bigint();
  const end = start + BigInt(MS) * 1_000_000n;
  let now = start;
  while (now < end) {
    for (let i = 0; i < batch; i++) await step(n + i);
    n += batch;
    now = process.hrtime.bigint();
  }
  return Math.round(n / (Number(now - start) / 1e9));
}

async function scenario(userCount: number, roleCount: number) {
  const w = world(userCount, roleCount);
  log(`model ${userCount}/${roleCount}`);
  const bus = createMemoryBus();
  const source = sourceOf(w);
  const newEngine = () => createAccessEngine({ db: {} as never, bus, source, audit: noAudit });
  const auths = new Map(w.users.map((u) => [u, authOf(u)]));

  // casbin, from the same rules.
  const policy = [
    ...[...w.rolePerms].flatMap(([r, perms]) => perms.map(([res, act]) => `p, ${r}, ${res}, ${act}`)),
    ...[...w.userRoles].flatMap(([u, rs]) => rs.map((r) => `g, ${u}, ${r}`)),
  ].join("\n");
  const casbin = await newEnforcer(newModelFromString(MODEL), new StringAdapter(policy));
  const cachedCasbin = await newCachedEnforcer(newModelFromString(MODEL), new StringAdapter(policy));

  log("// Both must give the same ans");
  // Both must give the same answers.
  const engine = await newEngine();
  let mismatches = 0;
  let allowed = 0;
  // casbin scans every policy line per check (milliseconds at 5,000 lines): a sample keeps the run short.
  const checked = w.queries.slice(0, CHECKED);
  for (const q of checked) {
    const ours = (await engine.evaluate(auths.get(q.user), q.resource, q.action)).allowed;
    if (ours !== casbin.enforceSync(q.user, q.resource, q.action)) mismatches++;
    if (ours) allowed++;
  }

  log("// Hit: warm every query once");
  // Hit: warm every query once, then the hook's synchronous path.
  for (const q of w.queries) await engine.evaluate(auths.get(q.user), q.resource, q.action);
  const qs = w.queries.map((q) => ({ ...q, auth: auths.get(q.user) }));
  let fallbacks = 0;
  const hitRate = rateSync((i) => {
    const q = qs[i % qs.length] as (typeof qs)[number];
    const view = engine.cached(q.auth, true);
    if (!view) fallbacks++;
    else view.evaluate(q.resource, q.action, undefined, q.permission);
  });
  await engine.close();

  log("// Miss: each user");
  // Miss: each user's first check on a fresh engine (subject loaded, then decided).
  let missDecisions = 0;
  let missNs = 0n;
  const missQueries = w.users.map((u, i) => {
    const q = w.queries[i % w.queries.length] as World["queries"][number];
    return { auth: auths.get(u), resource: q.resource, action: q.action };
  });
  while (missNs < BigInt(MS) * 1_000_000n) {
    const fresh = await newEngine();
    await fresh.evaluate(missQueries[0]?.auth, "warm", "up"); // the workspace's policies, shared by every user
    const start = process.hrtime.bigint();
    for (const q of missQueries.slice(1)) await fresh.evaluate(q.auth, q.resource, q.action);
    missNs += process.hrtime.bigint() - start;
    missDecisions += missQueries.length - 1;
    await fresh.close();
  }
  const missRate = Math.round(missDecisions / (Number(missNs) / 1e9));

  log("const casbinRate = rateSync(");
  const casbinRate = rateSync((i) => {
    const q = w.queries[i % w.queries.length] as World["queries"][number];
    casbin.enforceSync(q.user, q.resource, q.action);
  }, 10);
  log("casbin cached");
  // Its cache answers only the asynchronous enforce().
  for (const q of checked) await cachedCasbin.enforce(q.user, q.resource, q.action);
  const casbinCachedRate = await rateAsync((i) => {
    const q = checked[i % checked.length] as World["queries"][number];
    return cachedCasbin.enforce(q.user, q.resource, q.action);
  });

  return {
    users: userCount,
    roles: roleCount,
    policy_lines: policy.split("\n").length,
    checked_queries: CHECKED,
    allowed_share: Math.round((allowed / CHECKED) * 100) / 100,
    mismatches,
    prospector: {
      hit_per_s: hitRate,
      hit_ns: Math.round(1e9 / hitRate),
      hit_fallbacks: fallbacks,
      miss_per_s: missRate,
      miss_us: Math.round((1e6 / missRate) * 100) / 100,
    },
    casbin: {
      enforce_per_s: casbinRate,
      enforce_us: Math.round((1e6 / casbinRate) * 100) / 100,
      cached_enforcer_hit_per_s: casbinCachedRate,
    },
    miss_vs_casbin: Math.round((missRate / casbinRate) * 100) / 100,
    pass: mismatches === 0 && missRate >= TARGET_MISS * casbinRate && 1e6 / hitRate < TARGET_HIT_US,
  };
}

const started = Date.now();
const scenarios = [await scenario(1000, 100), await scenario(10_000, 1000)];
console.log(
  JSON.stringify(
    {
      bench: "access decisions",
      targets: { miss_vs_casbin: TARGET_MISS, hit_us: TARGET_HIT_US },
      node: process.version,
      casbin: (await import("casbin/package.json", { with: { type: "json" } })).default.version,
      scenarios,
      pass: scenarios.every((s) => s.pass),
      seconds: Math.round((Date.now() - started) / 100) / 10,
    },
    null,
    2,
  ),
);
process.exit(0);
