/**
 * Reusable tenancy check for route tests: every route given (holding an id from workspace A) must
 * answer 404 to a user of workspace B — never 403 or 200, so nothing leaks that the record exists.
 */
import { expect } from "vitest";
import type { App } from "../src/app.ts";

export interface IsolatedRoute {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  payload?: unknown;
}

export async function expectTenantIsolation(
  app: App,
  outsider: { headers: Record<string, string> },
  routes: IsolatedRoute[],
): Promise<void> {
  expect(routes.length, "give at least one route").toBeGreaterThan(0);
  for (const route of routes) {
    const res = await app.inject({
      method: route.method,
      url: route.url,
      headers: outsider.headers,
      ...(route.payload === undefined ? {} : { payload: route.payload as object }),
    });
    expect(res.statusCode, `${route.method} ${route.url} as another workspace's user: ${res.body}`).toBe(404);
    expect(res.json(), `${route.method} ${route.url}`).toHaveProperty("code");
  }
}
