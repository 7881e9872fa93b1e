/**
 * Test fixtures for the sender: a local SMTP sink (smtp-server) that records and parses every
 * message and can refuse chosen recipients, and shortcuts to connect an inbox to it, build a
 * campaign with leads and launch it through the real API.
 */
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { expect } from "vitest";
import type { TestApp } from "../../../test/create-test-app.ts";
import type { TestUser } from "../../../test/factories.ts";
import type { SendingEngine } from "./sending.engine.ts";

export interface Received {
  from: string;
  to: string[];
  raw: string;
  mail: ParsedMail;
}

export interface SmtpSink {
  port: number;
  received: Received[];
  /** Recipients refused at RCPT TO with 550. */
  refuse: Set<string>;
  /** Awaited after a message is recorded and before the server answers 250 (a hang here = delivered but unconfirmed). */
  afterRecord?: () => Promise<void>;
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: Received[] = [];
  const refuse = new Set<string>();
  const sink: Partial<SmtpSink> = { received, refuse };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(_auth, _session, cb) {
      cb(null, { user: "test" });
    },
    onRcptTo(address, _session, cb) {
      if (refuse.has(address.address.toLowerCase())) {
        const err = new Error("5.1.1 No such user here") as Error & { responseCode: number };
        err.responseCode = 550;
        return cb(err);
      }
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        try {
          const raw = Buffer.concat(chunks).toString();
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            mail: await simpleParser(raw),
          });
          await sink.afterRecord?.();
          cb();
        } catch (err) {
          cb(err as Error);
        }
      });
    },
  });
  // A sender killed mid-message resets its connection: a fact of the test, not a crash of the runner.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  sink.port = (server.server.address() as AddressInfo).port;
  sink.waitFor = async (count, timeoutMs = 15_000) => {
    const until = Date.now() + timeoutMs;
    while (received.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(received.length, "messages received by the SMTP sink").toBeGreaterThanOrEqual(count);
  };
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink as SmtpSink;
}

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export function sendingHelpers(t: () => TestApp) {
  const call = (user: TestUser, method: Method, url: string, payload?: unknown) =>
    t().app.inject({ method, url, headers: user.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const ok = async (user: TestUser, method: Method, url: string, payload?: unknown, status = 200) => {
    const res = await call(user, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.statusCode === 204 ? null : res.json();
  };
  const inbox = (user: TestUser, port: number, body: Record<string, unknown> = {}) =>
    ok(
      user,
      "POST",
      "/api/inboxes",
      {
        email: `sender${Math.random().toString(36).slice(2, 8)}@outbound.test`,
        from_name: "Sam Sender",
        smtp: { host: "127.0.0.1", port, secure: false, username: "sam", password: "smtp-pass-123" },
        imap: null,
        // The sink (and dovecot) speak no TLS: said explicitly, as a person connecting one would.
        allow_plaintext: true,
        daily_limit: 100,
        min_gap_seconds: 0,
        ...body,
      },
      201,
    );
  let n = 0;
  const leads = async (user: TestUser, count: number, extra: Record<string, unknown> = {}) => {
    const out = [];
    for (let i = 0; i < count; i++) {
      n++;
      out.push(
        await ok(
          user,
          "POST",
          "/api/leads/",
          { first_name: `Lead${n}`, email: `lead${n}-${Date.now()}@prospect.test`, company_name: "Acme", ...extra },
          201,
        ),
      );
    }
    return out as { id: string; email: string; first_name: string }[];
  };
  const ALWAYS = { timezone: "UTC", days: [0, 1, 2, 3, 4, 5, 6], start: "00:00", end: "23:59" };
  /** A campaign with these inboxes and leads, launched. */
  const launched = async (user: TestUser, opts: { inboxIds: string[]; leadIds: string[]; body?: Record<string, unknown> }) => {
    const c = await ok(
      user,
      "POST",
      "/api/campaigns/",
      {
        name: "Spring outreach",
        subject_line: "Hi {{first_name}}",
        body: 'Hello {{ first_name }},\n\nsee <a href="https://example.com/pricing?a=1&b=2">our pricing</a>.\n\n<a href="{{unsubscribe_url}}">Unsubscribe</a>',
        inbox_ids: opts.inboxIds,
        schedule: ALWAYS,
        ...opts.body,
      },
      201,
    );
    await ok(user, "POST", `/api/campaigns/${c.id}/leads`, { lead_ids: opts.leadIds });
    await ok(user, "POST", `/api/campaigns/${c.id}/launch`);
    return c as { id: string };
  };
  const engine = (): SendingEngine => t().app.ctx.sending;
  return { call, ok, inbox, leads, launched, engine, ALWAYS };
}

/** Tomorrow at hh:mm UTC: always after anything a test just launched, so its leads are due. */
export function tomorrowAt(hh: number, mm = 0): Date {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1, hh, mm));
}
