import type { RoleId } from "@prospector/contracts";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import type { Db } from "../../db/client.ts";
import { createMemoryBus } from "../../platform/bus.ts";
import type { AuditWriter } from "./access.audit.ts";
import { createTtlCache } from "./access.cache.ts";
import { decide, type Grant } from "./access.decide.ts";
import { type AccessEngine, createAccessEngine } from "./access.engine.ts";
import type { AccessSource } from "./access.repository.ts";

/** An in-memory stand-in for the database, so thousands of interleavings run in milliseconds. */
interface World {
  orgOf: Record<string, string>;
  members: Map<string, { role: RoleId; active: boolean }>; // `${user}|${ws}`
  direct: Map<string, Grant[]>; // `${user}|${ws}`
  rolePerms: Map<string, Grant[]>; // `${org}|${role}`
}

const USERS = ["u1", "u2", "u3"];
const WORKSPACES = ["w1", "w2", "w3"];
const ROLES: RoleId[] = ["admin", "viewer", "sales_rep"];
const RES = ["campaigns", "leads"];
const ACT = ["read", "delete"];

function freshWorld(): World {
  const w: World = { orgOf: { w1: "o1", w2: "o1", w3: "o2" }, members: new Map(), direct: new Map(), rolePerms: new Map() };
  for (const u of USERS) for (const ws of WORKSPACES) w.members.set(`${u}|${ws}`, { role: "viewer", active: true });
  for (const o of ["o1", "o2"]) {
    w.rolePerms.set(`${o}|admin`, [{ resource: "*", action: "*", effect: "allow" }]);
    w.rolePerms.set(`${o}|viewer`, [{ resource: "*", action: "read", effect: "allow" }]);
    w.rolePerms.set(`${o}|sales_rep`, [{ resource: "campaigns", action: "*", effect: "allow" }]);
  }
  return w;
}

function sourceOf(w: World): AccessSource {
  return {
    async loadSubject(userId, workspaceId) {
      const m = w.members.get(`${userId}|${workspaceId}`);
      if (!m) return null;
      const org = w.orgOf[workspaceId] as string;
      const grants = [
        ...(w.direct.get(`${userId}|${workspaceId}`) ?? []).map((g) => ({ ...g, source: "user" as const, sourceId: userId })),
        ...(w.rolePerms.get(`${org}|${m.role}`) ?? []).map((g) => ({ ...g, source: "role" as const, sourceId: m.role })),
      ];
      return { userId, workspaceId, organizationId: org, active: m.active, role: m.role, teamIds: [], grants: structuredClone(grants) };
    },
    async loadPolicies() {
      return [];
    },
  };
}

/** The uncached answer, straight from the world. */
function reference(w: World, u: string, ws: string, r: string, a: string): boolean {
  const m = w.members.get(`${u}|${ws}`);
  if (!m?.active) return false;
  const org = w.orgOf[ws] as string;
  return decide([...(w.direct.get(`${u}|${ws}`) ?? []), ...(w.rolePerms.get(`${org}|${m.role}`) ?? [])], r, a).allowed;
}

const noAudit: AuditWriter = { record() {}, async flush() {}, async close() {} };
const engines: AccessEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((e) => e.close()));
});

type Op =
  | { kind: "check"; u: string; ws: string; r: string; a: string; via: 0 | 1 }
  | { kind: "role"; u: string; ws: string; role: RoleId; via: 0 | 1 }
  | { kind: "direct"; u: string; ws: string; g: Grant; via: 0 | 1 }
  | { kind: "active"; u: string; ws: string; active: boolean; via: 0 | 1 }
  | { kind: "orgRole"; org: string; role: RoleId; g: Grant; via: 0 | 1 };

const pick = <T>(xs: T[]) => fc.constantFrom(...xs);
const grantArb = fc.record({
  resource: pick([...RES, "*"]),
  action: pick([...ACT, "*"]),
  effect: pick<"allow" | "deny">(["allow", "deny"]),
});
const via = fc.constantFrom<0 | 1>(0, 1);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant("check" as const), u: pick(USERS), ws: pick(WORKSPACES), r: pick(RES), a: pick(ACT), via }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("role" as const), u: pick(USERS), ws: pick(WORKSPACES), role: pick(ROLES), via }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("direct" as const), u: pick(USERS), ws: pick(WORKSPACES), g: grantArb, via }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("active" as const), u: pick(USERS), ws: pick(WORKSPACES), active: fc.boolean(), via }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("orgRole" as const), org: pick(["o1", "o2"]), role: pick(ROLES), g: grantArb, via }),
  },
);

describe("access cache (properties)", () => {
  it("never answers for another user, workspace or stale role: two processes agree with an uncached reference", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 60 }), async (ops) => {
        const world = freshWorld();
        const bus = createMemoryBus();
        const pair = [
          await createAccessEngine({ db: {} as Db, bus, source: sourceOf(world), audit: noAudit }),
          await createAccessEngine({ db: {} as Db, bus, source: sourceOf(world), audit: noAudit }),
        ];
        engines.push(...pair);
        for (const op of ops) {
          const engine = pair[op.via] as AccessEngine;
          if (op.kind === "check") {
            const subject = { userId: op.u, workspaceId: op.ws, organizationId: world.orgOf[op.ws] as string, role: "viewer" as const };
            const d = await engine.evaluate(subject, op.r, op.a);
            expect(d.allowed, JSON.stringify(op)).toBe(reference(world, op.u, op.ws, op.r, op.a));
          } else if (op.kind === "role" || op.kind === "active") {
            const m = world.members.get(`${op.u}|${op.ws}`)!;
            if (op.kind === "role") m.role = op.role;
            else m.active = op.active;
            await engine.invalidate({ userId: op.u, workspaceId: op.ws });
          } else if (op.kind === "direct") {
            const key = `${op.u}|${op.ws}`;
            world.direct.set(key, [...(world.direct.get(key) ?? []), op.g]);
            await engine.invalidate({ userId: op.u, workspaceId: op.ws });
          } else {
            const key = `${op.org}|${op.role}`;
            world.rolePerms.set(key, [...(world.rolePerms.get(key) ?? []), op.g]);
            await engine.invalidate({ organizationId: op.org });
          }
        }
        await Promise.all(pair.map((e) => e.close()));
        await bus.close();
      }),
      { numRuns: 200 },
    );
  });

  it("keeps at most max entries, expires them after the TTL, and shares one load per key", async () => {
    let t = 0;
    const cache = createTtlCache<number>({ max: 3, ttlMs: 1000, now: () => t });
    for (let i = 0; i < 5; i++) await cache.load(`k${i}`, async () => i);
    expect(cache.size()).toBe(3);
    expect(cache.get("k0")).toBeUndefined();
    expect(cache.get("k4")).toBe(4);
    t = 1001;
    expect(cache.get("k4")).toBeUndefined();
    let loads = 0;
    const slow = () => new Promise<number>((r) => setTimeout(() => r(++loads), 5));
    const [a, b] = await Promise.all([cache.load("x", slow), cache.load("x", slow)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    cache.close();
  });

  it("does not store a load that an invalidation overtook", async () => {
    const cache = createTtlCache<string>();
    let release!: () => void;
    const pending = cache.load("k", () => new Promise<string>((r) => (release = () => r("stale"))));
    cache.drop();
    release();
    expect(await pending).toBe("stale");
    expect(cache.get("k")).toBeUndefined();
    cache.close();
  });
});
