/**
 * Location conditions read the country a proxy or CDN resolved (cf-ipcountry, x-country-code)
 * only when the connection comes from a proxy TRUST_PROXY names: otherwise any client could
 * send the header and pass a country rule.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser } from "../../../test/factories.ts";
import { RBAC } from "./access.test-helpers.ts";

/** An app where viewers may read leads only from Germany; returns the viewer's two ways to ask. */
async function germanyOnly(env: Record<string, string | undefined>) {
  const t = await createTestApp(env, { work: false });
  const admin = await createUser(t.app.ctx.db);
  const viewer = await addMember(t.app.ctx.db, admin, "viewer");
  const policy = await t.app.inject({
    method: "POST",
    url: `${RBAC}/policies`,
    headers: admin.headers,
    payload: {
      name: "Leads from Germany only",
      effect: "deny",
      priority: 10,
      permissions: ["leads:read"],
      applies_to: { roles: ["viewer"] },
      conditions: [{ type: "location", operator: "not_in", field: "country", value: ["DE"] }],
    },
  });
  expect(policy.statusCode).toBe(201);
  const fromGermany = (header: string) => ({ ...viewer.headers, [header]: "de" });
  return {
    t,
    /** The hook's decision on a real route (app.inject connects from 127.0.0.1). */
    listLeads: (header: string) => t.app.inject({ method: "GET", url: "/api/leads", headers: fromGermany(header) }),
    /** The detailed check's decision, which reads the same environment. */
    check: async (header: string) =>
      (
        await t.app.inject({
          method: "POST",
          url: `${RBAC}/check/detailed`,
          headers: fromGermany(header),
          payload: { resource: "leads", action: "read" },
        })
      ).json().allowed as boolean,
  };
}

describe("country conditions and TRUST_PROXY", () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it("ignores client-sent country headers when no proxy is trusted (the default) or the sender is not one", async () => {
    for (const env of [{}, { TRUST_PROXY: "10.0.0.1" }]) {
      const a = await germanyOnly(env);
      apps.push(a.t);
      for (const header of ["cf-ipcountry", "x-country-code"]) {
        const res = await a.listLeads(header);
        expect(res.statusCode, `${JSON.stringify(env)} ${header}`).toBe(403);
        expect(await a.check(header)).toBe(false);
      }
    }
  });

  it("believes the header from a trusted proxy", async () => {
    for (const env of [{ TRUST_PROXY: "10.0.0.1,loopback" }]) {
      const a = await germanyOnly(env);
      apps.push(a.t);
      for (const header of ["cf-ipcountry", "x-country-code"]) {
        expect((await a.listLeads(header)).statusCode, `${JSON.stringify(env)} ${header}`).toBe(200);
        expect(await a.check(header)).toBe(true);
      }
    }
  });
});
