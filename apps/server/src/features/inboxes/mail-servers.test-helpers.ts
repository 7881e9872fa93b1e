/**
 * Test servers for the connection rules: an SMTP server without STARTTLS that counts connections
 * and logins, and a scripted IMAP server (plain TCP) that records every command line it gets and
 * can stay silent to play a stalling server. Both listen on any loopback address (127.0.0.2 is a
 * "private" host that OUTBOUND_ALLOWLIST=127.0.0.1 does not cover).
 */
import net from "node:net";
import { SMTPServer } from "smtp-server";

export interface CountingSmtp {
  port: number;
  connections: number;
  logins: { user: string; password: string }[];
  close(): Promise<void>;
}

export async function startCountingSmtp(host = "127.0.0.1"): Promise<CountingSmtp> {
  const state = { connections: 0, logins: [] as { user: string; password: string }[] };
  const server = new SMTPServer({
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
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return Object.assign(state, {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
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
