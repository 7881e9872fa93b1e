/** What the API process writes to its log for requests whose URL carries a secret. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../test/factories.ts";
import { openSocket, socketUrl } from "../features/team-socket/team-socket.test-client.ts";

describe("request log", () => {
  let t: TestApp;
  let base: string;
  let user: TestUser;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: "info" }, { logStream: { write: (line) => void lines.push(line) } });
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    user = await createUser(t.database.db);
  });
  afterAll(() => t.close());

  it("never writes a query-string value or a credential in the path: socket tokens, reset and unsubscribe links, API calls", async () => {
    const s = await openSocket(socketUrl(base, user.token, "&workspace_id=x"));
    await s.close();
    const refused = await openSocket(socketUrl(base, "stolen-session-token-0001"), { waitFor: null });
    await refused.closed;
    await fetch(`${base}/reset-password?token=reset-secret-0002&email=ann%40example.com`);
    await fetch(`${base}/api/notifications?token=api-secret-0003`, { headers: { authorization: `Bearer ${user.token}` } });
    await fetch(`${base}/verify-email?eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LTAwMDQ#frag-secret-0005`);
    await fetch(`${base}/u/unsubscribe-token-0006`);
    await fetch(`${base}/t/o/0193aaaa-0000-7000-8000-000000000000/open-sig-0007.gif`);

    const text = lines.join("");
    const secrets = [user.token, encodeURIComponent(user.token), "stolen-session-token-0001", "reset-secret-0002", "ann%40example.com"];
    for (const secret of [...secrets, "api-secret-0003", "c2VjcmV0LTAwMDQ", "frag-secret-0005", "unsubscribe-token-0006", "open-sig-0007"])
      expect(text).not.toContain(secret);

    const urls = lines.map((l) => JSON.parse(l) as { req?: { url?: string } }).flatMap((l) => (l.req?.url ? [l.req.url] : []));
    expect(urls).toEqual(
      expect.arrayContaining([
        "/ws/team?token=[redacted]&workspace_id=[redacted]",
        "/ws/team?token=[redacted]",
        "/reset-password?token=[redacted]&email=[redacted]",
        "/api/notifications?token=[redacted]",
        "/verify-email?[redacted]",
        "/u/[redacted]",
        "/t/o/0193aaaa-0000-7000-8000-000000000000/[redacted]",
      ]),
    );
  });
});
