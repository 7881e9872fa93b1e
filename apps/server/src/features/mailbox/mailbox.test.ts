import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { waitFor } from "../../../test/wait.ts";

const mailbox = (t: TestApp, user: TestUser, query = "") =>
  t.app.inject({ method: "GET", url: `/api/mailbox${query}`, headers: user.headers });

describe("local mailbox without SMTP", () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.database.db, { instanceAdmin: true });
    user = await createUser(t.database.db);
  });
  afterAll(() => t.close());

  it("keeps system mail in the mailbox, clearly not delivered, readable by instance admins", async () => {
    const { id } = await t.app.ctx.mailer.send({
      to: "newcomer@example.com",
      subject: "Reset your password",
      text: "Open http://localhost:8000/reset-password?token=abc",
      html: "<p>Open <a href='http://localhost:8000/reset-password?token=abc'>this link</a></p>",
      kind: "password_reset",
    });
    const list = await waitFor(
      async () => {
        const body = (await mailbox(t, admin)).json();
        return body.messages?.[0]?.status === "local" ? body : null;
      },
      { what: "the deliver job to file the message locally" },
    );
    expect(list).toMatchObject({ total: 1, page: 1, per_page: 20, smtp_configured: false });
    expect(list.messages[0]).toMatchObject({
      id,
      to: "newcomer@example.com",
      subject: "Reset your password",
      kind: "password_reset",
      delivered: false,
    });

    const one = await t.app.inject({ method: "GET", url: `/api/mailbox/${id}`, headers: admin.headers });
    expect(one.json()).toMatchObject({
      text: "Open http://localhost:8000/reset-password?token=abc",
      html: expect.stringContaining("<a href"),
    });

    expect((await mailbox(t, admin, "?status=sent")).json()).toMatchObject({ total: 0, messages: [] });
    expect((await mailbox(t, admin, "?to=NEWCOMER@example.com")).json().total).toBe(1);
  });

  it("refuses anyone but an instance administrator, and 404s unknown messages", async () => {
    const denied = await mailbox(t, user);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: "INSTANCE_ADMIN_REQUIRED" });
    expect((await t.app.inject({ method: "GET", url: "/api/mailbox" })).statusCode).toBe(401);
    const missing = await t.app.inject({ method: "GET", url: "/api/mailbox/01900000-0000-7000-8000-000000000000", headers: admin.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: "MAIL_NOT_FOUND", detail: "Message not found" });
    expect((await mailbox(t, admin, "?per_page=101")).statusCode).toBe(422);
  });
});

describe("mail delivery over SMTP", () => {
  let t: TestApp;
  let admin: TestUser;
  let smtp: SMTPServer;
  const received: { to: string[]; raw: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onRcptTo(address, _session, cb) {
        if (address.address.startsWith("nobody@")) {
          const err = new Error("Mailbox unavailable") as Error & { responseCode: number };
          err.responseCode = 550;
          return cb(err);
        }
        cb();
      },
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString() });
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    admin = await createUser(t.database.db, { instanceAdmin: true });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it("delivers through the SMTP server and logs the message as sent", async () => {
    const { id } = await t.app.ctx.mailer.send({
      to: "lead@example.com",
      subject: "Verify your email",
      text: "Code 123456",
      kind: "verification",
    });
    const msg = await waitFor(
      async () => {
        const m = (await t.app.inject({ method: "GET", url: `/api/mailbox/${id}`, headers: admin.headers })).json();
        return m.status === "sent" ? m : null;
      },
      { what: "SMTP delivery" },
    );
    expect(msg).toMatchObject({ delivered: true, error: null, message_id: expect.any(String), sent_at: expect.any(String) });
    const got = received.find((r) => r.to.includes("lead@example.com"));
    expect(got?.raw).toContain("Subject: Verify your email");
    expect(got?.raw).toContain("Code 123456");
    expect((await mailbox(t, admin)).json().smtp_configured).toBe(true);
  });

  it("marks a message the server rejects permanently as failed, with the reason", async () => {
    const { id } = await t.app.ctx.mailer.send({ to: "nobody@example.com", subject: "Hello", text: "x", kind: "invite" });
    const msg = await waitFor(
      async () => {
        const m = (await t.app.inject({ method: "GET", url: `/api/mailbox/${id}`, headers: admin.headers })).json();
        return m.status === "failed" ? m : null;
      },
      { what: "the rejection to be recorded" },
    );
    expect(msg).toMatchObject({ delivered: false, error: expect.stringContaining("Mailbox unavailable") });
  });
});
