import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { startupLines } from "./identity.test-helpers.ts";

const PASSWORD = "Correct-Horse7";

const register = (t: TestApp, email: string, setup_token?: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/register", payload: { email, password: PASSWORD, full_name: "Owner", setup_token } });

describe("first run without SETUP_TOKEN", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SETUP_TOKEN: undefined });
  });
  afterAll(() => t.close());

  it("prints a one-click sign-up link with a generated token, the same on every start until it is used", async () => {
    const [line] = await startupLines(t);
    const match = /No account yet: open (\S+) to create the first account/.exec(line ?? "");
    expect(match, line).not.toBeNull();
    const link = new URL(match![1]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${t.config.publicUrl}/sign-up`);
    const token = link.searchParams.get("setup_token")!;
    expect(token).toMatch(/^[\w-]{32}$/);
    expect(await startupLines(t)).toEqual([line]);

    expect((await register(t, "stranger@example.com")).json().code).toBe("SETUP_TOKEN_REQUIRED");
    expect((await register(t, "stranger@example.com", `${token}x`)).json().code).toBe("SETUP_TOKEN_INVALID");

    const first = await register(t, "owner@example.com", token);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ is_first_user: true, user: { is_instance_admin: true } });
    expect(await startupLines(t)).toEqual([]);

    // Used once: later sign-ups need no token, and the old one makes nobody an admin.
    const later = await register(t, "later@example.com", token);
    expect(later.statusCode).toBe(201);
    expect(later.json()).toMatchObject({ is_first_user: false, user: { is_instance_admin: false } });
  });
});

describe("SIGNUP_MODE=closed", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SIGNUP_MODE: "closed", SETUP_TOKEN: "closed-instance-setup-token" });
  });
  afterAll(() => t.close());

  it("lets the first account in with the setup token, then refuses every sign-up and says so in /config", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/auth/config" })).json()).toMatchObject({ first_user: true, signup_open: true });
    expect((await register(t, "owner@example.com", "closed-instance-setup-token")).statusCode).toBe(201);

    const cfg = (await t.app.inject({ method: "GET", url: "/api/auth/config" })).json();
    expect(cfg).toMatchObject({ first_user: false, signup_open: false });
    const res = await register(t, "someone@example.com", "closed-instance-setup-token");
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: "SIGNUP_CLOSED", detail: expect.stringMatching(/Ask an administrator/) });
  });
});
