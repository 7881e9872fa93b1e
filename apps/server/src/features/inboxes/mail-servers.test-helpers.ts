/**
 * Test servers for the connection rules: an SMTP server without STARTTLS that counts connections
 * and logins, and a scripted IMAP server (plain TCP) that records every command line it gets and
 * can stay silent to play a stalling server. Both listen on any loopback address (127.0.0.2 is a
 * "private" host that OUTBOUND_ALLOWLIST=127.0.0.1 does not cover).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import tls from "node:tls";
import { SMTPServer } from "smtp-server";

/** A fresh self-signed certificate for `localhost` (openssl), which no client trusts. */
export function selfSignedCert(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prospector-cert-"));
  try {
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost", "-keyout", "key.pem", "-out", "cert.pem"],
      { cwd: dir, stdio: "ignore" },
    );
    return { key: fs.readFileSync(path.join(dir, "key.pem"), "utf8"), cert: fs.readFileSync(path.join(dir, "cert.pem"), "utf8") };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface CountingSmtp {
  port: number;
  connections: number;
  logins: { user: string; password: string }[];
  close(): Promise<void>;
}

/** `tls` makes it an implicit-TLS server (port 465 style) with that key and certificate. */
export async function startCountingSmtp(host = "127.0.0.1", tlsOptions?: { key: string; cert: string }): Promise<CountingSmtp> {
  const state = { connections: 0, logins: [] as { user: string; password: string }[] };
  const server = new SMTPServer({
    ...(tlsOptions ? { secure: true, key: tlsOptions.key, cert: tlsOptions.cert } : {}),
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onConnect(_session, cb) {
      state.connections++;
      cb();
    },
    onAuth(auth, _session, cb) {
      state.logins.push({ user: auth.username ?? "", password: auth.password ?? "" });
      cb(null, { user: auth.username });
    },
    onData(stream, _session, cb) {
      stream.resume();
      stream.on("end", () => cb());
    },
  });
  // A client that refuses the certificate drops the handshake: expected here, not a test failure.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return Object.assign(state, {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** An implicit-TLS IMAP server (port 993 style) that greets and records whether anyone got that far. */
export async function startTlsImap(creds: { key: string; cert: string }): Promise<ScriptedImap> {
  const state = { connections: 0, lines: [] as string[] };
  const server = tls.createServer({ key: creds.key, cert: creds.cert }, (socket) => {
    state.connections++;
    socket.on("error", () => {});
    socket.write("* OK [CAPABILITY IMAP4rev1 AUTH=PLAIN] tls server ready\r\n");
    socket.on("data", (chunk) => state.lines.push(...chunk.toString("latin1").split("\r\n").filter(Boolean)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return Object.assign(state, { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
}

export interface ScriptedImap {
  port: number;
  connections: number;
  /** Every command line received, in order. */
  lines: string[];
  close(): Promise<void>;
}

/** A literal this large is announced by the "liar" mode (and never sent). */
export const LIAR_LITERAL_BYTES = 40_000_000;

/**
 * `mode: "plain"` greets, advertises AUTH=PLAIN without STARTTLS and accepts any login;
 * `mode: "silent"` accepts the TCP connection and never says a word; `mode: "liar"` is "plain"
 * with an INBOX of one message (UID 1) that it says is 120 bytes and then announces as a 40 MB
 * literal when its body is fetched.
 */
export async function startScriptedImap(opts: { host?: string; mode?: "plain" | "silent" | "liar" } = {}): Promise<ScriptedImap> {
  const state = { connections: 0, lines: [] as string[] };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    state.connections++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    if (opts.mode === "silent") return;
    socket.write("* OK [CAPABILITY IMAP4rev1 AUTH=PLAIN] scripted server ready\r\n");
    let buffer = "";
    socket.on("data", (chunk) => {
      buffer += chunk.toString("latin1");
      for (let i = buffer.indexOf("\r\n"); i >= 0; i = buffer.indexOf("\r\n")) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        state.lines.push(line);
        const [tag, command = "", sub = ""] = line.split(" ");
        const verb = command.toUpperCase();
        const uidVerb = verb === "UID" ? sub.toUpperCase() : "";
        if (opts.mode === "liar" && (verb === "SELECT" || verb === "EXAMINE")) {
          socket.write(
            `* FLAGS (\\Seen)\r\n* 1 EXISTS\r\n* OK [UIDVALIDITY 7] ok\r\n* OK [UIDNEXT 2] ok\r\n${tag} OK [READ-WRITE] selected\r\n`,
          );
        } else if (opts.mode === "liar" && verb === "LIST") {
          socket.write(`* LIST () "/" INBOX\r\n${tag} OK done\r\n`);
        } else if (opts.mode === "liar" && uidVerb === "SEARCH") {
          socket.write(`* SEARCH 1\r\n${tag} OK done\r\n`);
        } else if (opts.mode === "liar" && uidVerb === "FETCH" && /RFC822\.SIZE/i.test(line)) {
          socket.write(`* 1 FETCH (UID 1 RFC822.SIZE 120)\r\n${tag} OK done\r\n`);
        } else if (opts.mode === "liar" && uidVerb === "FETCH") {
          socket.write(`* 1 FETCH (UID 1 BODY[] {${LIAR_LITERAL_BYTES}}\r\n`);
        } else if (verb === "CAPABILITY") socket.write(`* CAPABILITY IMAP4rev1 AUTH=PLAIN\r\n${tag} OK done\r\n`);
        else if (verb === "LOGOUT") socket.end(`* BYE\r\n${tag} OK bye\r\n`);
        else socket.write(`${tag} OK done\r\n`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, opts.host ?? "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return Object.assign(state, {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  });
}
