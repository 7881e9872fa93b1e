/** Shared by the campaign tests: an app call helper and quick ways to make leads and campaigns. */
import { expect } from "vitest";
import type { TestApp } from "../../../test/create-test-app.ts";
import type { TestUser } from "../../../test/factories.ts";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export function helpers(t: () => TestApp) {
  const call = (user: TestUser, method: Method, url: string, payload?: unknown) =>
    t().app.inject({ method, url, headers: user.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const ok = async (user: TestUser, method: Method, url: string, payload?: unknown, status = 200) => {
    const res = await call(user, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.statusCode === 204 ? null : res.json();
  };
  const campaign = (user: TestUser, body: Record<string, unknown> = {}) =>
    ok(user, "POST", "/api/campaigns/", { name: "Q1 outreach", subject_line: "Hello {{first_name}}", body: "Hi there", ...body }, 201);
  let n = 0;
  const lead = (user: TestUser, body: Record<string, unknown> = {}) => {
    n++;
    return ok(
      user,
      "POST",
      "/api/leads/",
      { first_name: `Lead${n}`, email: `lead${n}-${Date.now()}@acme.test`, company_name: "Acme", ...body },
      201,
    );
  };
  /** The workspace's local test inbox (always there; its mail stays in the in-app mailbox). */
  const localInbox = async (user: TestUser): Promise<string> => {
    const list = await ok(user, "GET", "/api/inboxes");
    const items: { id: string; kind: string }[] = Array.isArray(list) ? list : list.inboxes;
    const local = items.find((i) => i.kind === "local");
    if (!local) throw new Error("the workspace has no local inbox");
    return local.id;
  };
  /** A campaign that passes validate-launch: one lead, the local inbox, an unsubscribe link. */
  const ready = async (user: TestUser, body: Record<string, unknown> = {}) => {
    const c = await campaign(user, {
      body: "Hi {{ first_name | default: 'there' }}\n\n<a href='{{unsubscribe_url}}'>Unsubscribe</a>",
      inbox_ids: [await localInbox(user)],
      schedule: { timezone: "UTC", days: [0, 1, 2, 3, 4, 5, 6], start: "00:00", end: "23:59" },
      ...body,
    });
    const l = await lead(user);
    await ok(user, "POST", `/api/campaigns/${c.id}/leads`, { lead_ids: [l.id] });
    return { campaign: c, lead: l };
  };
  return { call, ok, campaign, lead, ready, localInbox };
}
