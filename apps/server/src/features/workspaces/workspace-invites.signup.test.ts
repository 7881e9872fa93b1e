import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { mailMessages } from "../../platform/mailbox.table.ts";
import { users } from "../identity/index.ts";
import { workspaceMembers } from "../organizations/index.ts";

/**
 * Sign-up through an invitation on an instance with closed sign-up and email verification on
 * (SMTP configured): the invitation opens sign-up for exactly its address, and the mailed link
 * proved that address, so the account is active at once with no second verification mail.
 */
describe("sign-up with an invitation token", () => {
  let t: TestApp;
  let owner: TestUser;
  const register = (email: string, invite_token?: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email, password: "Invited-signup-1", full_name: "Ivy Invited", ...(invite_token ? { invite_token } : {}) },
    });

  async function inviteToken(email: string): Promise<string> {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/v1/workspaces/${owner.workspaceId}/invite`,
      headers: owner.headers,
      payload: { email, roleId: "viewer" },
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await t.database.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.toAddress, email), eq(mailMessages.kind, "invite")));
    return mail!.text.match(/\/invite\/([A-Za-z0-9_-]+)/)![1]!;
  }

  beforeAll(async () => {
    // No job workers: mail stays queued in mail_messages, where the test reads it.
    t = await createTestApp({ SIGNUP_MODE: "closed", SMTP_URL: "smtp://127.0.0.1:9", JOBS: "off" }, { work: false });
    owner = await createUser(t.app.ctx.db, { instanceAdmin: true });
  });
  afterAll(() => t.close());

  it("refuses closed sign-up without an invitation, or with one for another address", async () => {
    expect((await register("walk-in@example.com")).json().code).toBe("SIGNUP_CLOSED");
    const token = await inviteToken("invited-a@example.com");
    const other = await register("walk-in@example.com", token);
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe("SIGNUP_CLOSED");
    expect((await register("walk-in@example.com", "made-up-token-000000000000")).json().code).toBe("SIGNUP_CLOSED");
  });

  it("signs the invited address up at once, verified, without a verification mail; accepting joins", async () => {
    const token = await inviteToken("invited-b@example.com");
    const reg = await register("Invited-B@example.com", token);
    expect(reg.statusCode).toBe(201);
    expect(reg.json()).toMatchObject({ verification_required: false });
    expect(reg.json().access_token).toEqual(expect.any(String));
    const [user] = await t.database.db.select().from(users).where(eq(users.email, "invited-b@example.com"));
    expect(user!.emailVerified).toBe(true);
    const verification = await t.database.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.toAddress, "invited-b@example.com"), eq(mailMessages.kind, "verification")));
    expect(verification).toHaveLength(0);

    const accept = await t.app.inject({
      method: "POST",
      url: `/api/v1/invites/${token}/accept`,
      headers: { authorization: `Bearer ${reg.json().access_token}` },
    });
    expect(accept.json()).toMatchObject({ joined: true, workspace_id: owner.workspaceId });
    const rows = await t.database.db
      .select()
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.userId, user!.id), eq(workspaceMembers.workspaceId, owner.workspaceId)));
    expect(rows).toHaveLength(1);
  });
});
