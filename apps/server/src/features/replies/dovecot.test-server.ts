/**
 * A real IMAP server for tests: Debian's dovecot (package dovecot-imapd) started as a child
 * process with its own configuration in a temp folder, plaintext IMAP on a free 127.0.0.1 port,
 * users from a passwd-file and Maildir storage. Stopped (and the folder removed) by close().
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";

export const DOVECOT_BIN = "/usr/sbin/dovecot";
/** Outside CI the IMAP suites skip without dovecot; in CI (CI=true) they run and fail loudly instead. */
export const dovecotAvailable = () => fs.existsSync(DOVECOT_BIN) || Boolean(process.env.CI);

export interface Dovecot {
  port: number;
  append(user: string, password: string, raw: string): Promise<void>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const ok = await new Promise<boolean>((resolve) => {
      const sock = net.connect(port, "127.0.0.1");
      sock.once("data", (d) => {
        sock.destroy();
        resolve(d.toString().startsWith("* OK"));
      });
      sock.once("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`dovecot did not answer on port ${port}`);
}

export async function startDovecot(users: { user: string; password: string }[]): Promise<Dovecot> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prospector-dovecot-"));
  // dovecot's auth process runs as the unprivileged `dovecot` user and must read the passwd file.
  fs.chmodSync(dir, 0o755);
  for (const sub of ["run", "state", "mail"]) fs.mkdirSync(path.join(dir, sub), { mode: 0o777 });
  fs.chmodSync(path.join(dir, "mail"), 0o777);
  fs.writeFileSync(path.join(dir, "passwd"), users.map((u) => `${u.user}:{PLAIN}${u.password}`).join("\n"), { mode: 0o644 });
  const port = await freePort();
  const root = process.getuid?.() === 0;
  const uid = root ? 65534 : process.getuid?.();
  const gid = root ? 65534 : process.getgid?.();
  const me = os.userInfo().username;
  const conf = [
    `base_dir = ${dir}/run`,
    `state_dir = ${dir}/state`,
    `log_path = ${dir}/dovecot.log`,
    "protocols = imap",
    "listen = 127.0.0.1",
    "ssl = no",
    "disable_plaintext_auth = no",
    "auth_mechanisms = plain login",
    `mail_location = maildir:${dir}/mail/%u`,
    "first_valid_uid = 1",
    // Not root: every dovecot process runs as this user.
    ...(root ? [] : [`default_internal_user = ${me}`, `default_login_user = ${me}`]),
    `passdb {\n  driver = passwd-file\n  args = scheme=PLAIN username_format=%u ${dir}/passwd\n}`,
    `userdb {\n  driver = static\n  args = uid=${uid} gid=${gid} home=${dir}/mail/%u\n}`,
    `service imap-login {\n  inet_listener imap {\n    port = ${port}\n  }\n  inet_listener imaps {\n    port = 0\n  }\n}`,
    "service stats {\n  unix_listener stats-reader {\n    mode = 0666\n  }\n  unix_listener stats-writer {\n    mode = 0666\n  }\n}",
  ].join("\n");
  fs.writeFileSync(path.join(dir, "dovecot.conf"), conf);
  const child: ChildProcess = spawn(DOVECOT_BIN, ["-F", "-c", path.join(dir, "dovecot.conf")], { stdio: "ignore" });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    await waitForPort(port, 10_000);
  } catch (err) {
    child.kill("SIGKILL");
    const log = fs.existsSync(path.join(dir, "dovecot.log")) ? fs.readFileSync(path.join(dir, "dovecot.log"), "utf8") : "";
    throw new Error(`${(err as Error).message}\n${log}`);
  }
  return {
    port,
    async append(user, password, raw) {
      const client = new ImapFlow({ host: "127.0.0.1", port, secure: false, auth: { user, pass: password }, logger: false });
      await client.connect();
      await client.append("INBOX", raw);
      await client.logout();
    },
    async close() {
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
