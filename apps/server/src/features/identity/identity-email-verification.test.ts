import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_SETUP_TOKEN, type TestApp } from "../../../test/create-test-app.ts";
import { waitFor } from "../../../test/wait.ts";
import { mailMessages } from "../../platform/mailbox.table.ts";

const PASSWORD = "Verify-me-1";

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives. */
async function startSmtp(): Promise<{ port: number; inbox: Received[]; close(): Promise<void> }> {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, inbox, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The token of the verification link in a raw (quoted-printable) message. */
function verificationToken(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const m = unfolded.match(/\/verify-email\?token=([A-Za-z0-9._%-]+)/);
  if (!m) throw new Error(`no verification link in:\n${raw}`);
  return decodeURIComponent(m[1]!);
}

describe("email verification with SMTP configured", () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const login = (email: string) => t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password: PASSWORD } });

  it("says verification is required", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/auth/config" });
    expect(res.json().email_verification_required).toBe(true);
  });

  it("requires the mailed link before the first sign-in", async () => {
    const email = "verify@example.com";
    const reg = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email, password: PASSWORD, full_name: "Vera", setup_token: TEST_SETUP_TOKEN },
    });
    expect(reg.statusCode).toBe(201);
    expect(reg.json()).toMatchObject({ access_token: null, user: null, verification_required: true, is_first_user: true });

    const early = await login(email);
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe("EMAIL_NOT_VERIFIED");

    const mail = await waitFor(() => smtp.inbox.find((m) => m.to.includes(email)), { what: "the verification mail" });
    expect(mail.raw).toContain("Confirm your email address for Prospector");
    const token = verificationToken(mail.raw);

    // The SMTP server has it; the job records "sent" just after the server accepted it.
    const stored = async () => (await t.database.db.select().from(mailMessages).where(eq(mailMessages.toAddress, email)))[0];
    await expect.poll(async () => (await stored())?.status).toBe("sent");
    expect(await stored()).toMatchObject({ kind: "verification", status: "sent" });

    const bad = await t.app.inject({ method: "POST", url: "/api/auth/verify-email", payload: { token: `${token}x` } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("INVALID_TOKEN");

    const ok = await t.app.inject({ method: "POST", url: "/api/auth/verify-email", payload: { token } });
    expect(ok.statusCode).toBe(200);

    const res = await login(email);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email, email_verified: true, is_instance_admin: true });
  });

  it("sends a new link on request, with the same answer for an unknown address", async () => {
    const email = "later@example.com";
    // The setup token is ignored once the instance has its first account; it lets this test run alone.
    const reg = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email, password: PASSWORD, full_name: "Later", setup_token: TEST_SETUP_TOKEN },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    await waitFor(() => smtp.inbox.find((m) => m.to.includes(email)), { what: "the first mail" });

    const known = await t.app.inject({ method: "POST", url: "/api/auth/resend-verification", payload: { email } });
    const unknown = await t.app.inject({ method: "POST", url: "/api/auth/resend-verification", payload: { email: "ghost@example.com" } });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const second = await waitFor(
      () => {
        const mails = smtp.inbox.filter((m) => m.to.includes(email));
        return mails.length >= 2 ? mails[1] : undefined;
      },
      { what: "the second mail" },
    );
    const ok = await t.app.inject({ method: "POST", url: "/api/auth/verify-email", payload: { token: verificationToken(second.raw) } });
    expect(ok.statusCode).toBe(200);
    expect((await login(email)).statusCode).toBe(200);
    expect(smtp.inbox.some((m) => m.to.includes("ghost@example.com"))).toBe(false);
  });
});
