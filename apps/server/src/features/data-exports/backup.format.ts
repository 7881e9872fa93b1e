/**
 * The backup file. Every file is authenticated with a key derived from BACKUP_KEY (or the auth
 * secret), so a restore only ever reads what this server wrote:
 *   encrypted:   "PSBK" 2 1 | 12-byte IV | 16-byte GCM tag | AES-256-GCM(gzip(JSON))
 *   unencrypted: "PSBK" 2 0 | 32-byte HMAC-SHA256(header ‖ body) | gzip(JSON)
 * The header is authenticated in both (GCM's AAD, the HMAC's input), so the flag cannot be flipped.
 * Version 1 files are read only when encrypted (GCM authenticated them); v1 plain files had no
 * integrity check and are refused.
 *
 * A file is read from disk in passes, never whole into memory: check the tag or HMAC over the
 * compressed bytes, then inflate once only counting (a gzip bomb stops at BACKUP_MAX_EXPANDED_BYTES
 * with flat memory), then inflate again to parse the JSON.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import type { Config } from "../../config.ts";

const MAGIC = Buffer.from("PSBK");
const VERSION = 2;
const FLAG_ENCRYPTED = 1;
const HEADER = 6;
const IV = 12;
const TAG = 16;
const MAC = 32;

export interface BackupPayload {
  format: "prospector-backup";
  version: 1 | 2;
  workspaceId: string;
  organizationId: string;
  createdAt: string;
  /** Rows per restorable table, snake_case columns (see backup.restore.ts for what is read back). */
  tables: Record<string, Record<string, unknown>[]>;
  /** Files under the workspace's upload folder, relative paths, base64 content. */
  attachments: { path: string; data: string }[];
}

export class BackupFormatError extends Error {}
export class BackupTooLargeError extends BackupFormatError {}

/**
 * BACKUP_KEY when set; otherwise derived from the auth secret. HKDF with its own label keeps the
 * backup key independent of the session-signing key even though both come from one secret.
 */
export function backupKey(config: Config): Buffer {
  const secret = config.BACKUP_KEY ?? config.AUTH_SECRET ?? readAuthSecretFile(config);
  return Buffer.from(crypto.hkdfSync("sha256", secret, "prospector-backup", "aes-256-gcm v1", 32));
}

/** The HMAC key of unencrypted files: its own HKDF label, so it is never the encryption key. */
const macKey = (key: Buffer) => Buffer.from(crypto.hkdfSync("sha256", key, "prospector-backup", "hmac-sha256 v2", 32));

function readAuthSecretFile(config: Config): string {
  // The identity feature creates this file on first start; backups never run before that.
  const file = path.join(config.dataDir, "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    throw new Error(`No BACKUP_KEY or AUTH_SECRET is set and ${file} does not exist yet`);
  }
}

export function encodeBackup(payload: BackupPayload, key: Buffer, opts: { encrypt?: boolean } = {}): Buffer {
  const body = zlib.gzipSync(Buffer.from(JSON.stringify(payload)));
  if (opts.encrypt === false) {
    const header = Buffer.concat([MAGIC, Buffer.from([VERSION, 0])]);
    const mac = crypto.createHmac("sha256", macKey(key)).update(header).update(body).digest();
    return Buffer.concat([header, mac, body]);
  }
  const iv = crypto.randomBytes(IV);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  const header = Buffer.concat([MAGIC, Buffer.from([VERSION, FLAG_ENCRYPTED])]);
  cipher.setAAD(header);
  const data = Buffer.concat([cipher.update(body), cipher.final()]);
  return Buffer.concat([header, iv, cipher.getAuthTag(), data]);
}

interface Layout {
  header: Buffer;
  encrypted: boolean;
  /** IV and tag (encrypted) or the HMAC (plain). */
  seal: Buffer;
  bodyStart: number;
}

async function readLayout(file: string): Promise<Layout> {
  const fh = await fs.promises.open(file, "r");
  try {
    const head = Buffer.alloc(HEADER + IV + TAG + MAC);
    const { bytesRead } = await fh.read(head, 0, head.length, 0);
    if (bytesRead < HEADER || !head.subarray(0, 4).equals(MAGIC)) throw new BackupFormatError("Not a Prospector backup file");
    const version = head[4];
    const encrypted = ((head[5] ?? 0) & FLAG_ENCRYPTED) !== 0;
    if (version !== 1 && version !== VERSION) throw new BackupFormatError(`Unsupported backup version ${version}`);
    if (!encrypted && version === 1) {
      throw new BackupFormatError("This unencrypted backup was made by an older version without an integrity check: it cannot be restored");
    }
    const sealLength = encrypted ? IV + TAG : MAC;
    if (bytesRead < HEADER + sealLength) throw new BackupFormatError("The backup file is truncated");
    return {
      header: head.subarray(0, HEADER),
      encrypted,
      seal: head.subarray(HEADER, HEADER + sealLength),
      bodyStart: HEADER + sealLength,
    };
  } finally {
    await fh.close();
  }
}

function decipherFor(layout: Layout, key: Buffer) {
  const decipher = crypto.createDecipheriv("aes-256-gcm", key, layout.seal.subarray(0, IV));
  decipher.setAAD(layout.header);
  decipher.setAuthTag(layout.seal.subarray(IV));
  return decipher;
}

/** Pass 1: the GCM tag or the HMAC over the whole file, before anything is inflated or parsed. */
async function authenticate(file: string, layout: Layout, key: Buffer): Promise<void> {
  const input = fs.createReadStream(file, { start: layout.bodyStart });
  if (layout.encrypted) {
    const decipher = decipherFor(layout, key);
    for await (const chunk of input) decipher.update(chunk as Buffer);
    try {
      decipher.final();
    } catch {
      throw new BackupFormatError("The backup cannot be authenticated: it was changed, damaged, or made with another key");
    }
    return;
  }
  const hmac = crypto.createHmac("sha256", macKey(key)).update(layout.header);
  for await (const chunk of input) hmac.update(chunk as Buffer);
  if (!crypto.timingSafeEqual(hmac.digest(), layout.seal)) {
    throw new BackupFormatError("The backup cannot be authenticated: it was changed, damaged, or made with another key");
  }
}

/** The inflated JSON of an authenticated file, chunk by chunk, refusing more than `max` bytes. */
async function* inflate(file: string, layout: Layout, key: Buffer, max: number): AsyncGenerator<Buffer> {
  const input = fs.createReadStream(file, { start: layout.bodyStart });
  // Large chunks: a bomb's hundreds of MB are counted in a few thousand steps, not tens of thousands.
  const gunzip = zlib.createGunzip({ chunkSize: 256 * 1024 });
  let body: Readable = input;
  if (layout.encrypted) {
    const decipher = decipherFor(layout, key);
    input.on("error", (err) => decipher.destroy(err));
    body = input.pipe(decipher);
  }
  body.on("error", (err) => gunzip.destroy(err));
  body.pipe(gunzip);
  let total = 0;
  try {
    for await (const chunk of gunzip) {
      total += (chunk as Buffer).length;
      if (total > max) throw new BackupFormatError(`The backup expands to more than ${max} bytes (BACKUP_MAX_EXPANDED_BYTES)`);
      yield chunk as Buffer;
    }
  } catch (err) {
    if (err instanceof BackupFormatError) throw err;
    throw new BackupFormatError("The backup file is damaged");
  } finally {
    input.destroy();
    body.destroy();
    gunzip.destroy();
  }
}

export async function decodeBackupFile(
  file: string,
  key: Buffer,
  limits: { maxBytes: number; maxExpandedBytes: number },
): Promise<BackupPayload> {
  const size = (await fs.promises.stat(file)).size;
  if (size > limits.maxBytes) throw new BackupTooLargeError(`The backup file is larger than ${limits.maxBytes} bytes (BACKUP_MAX_BYTES)`);
  const layout = await readLayout(file);
  await authenticate(file, layout, key);
  // Pass 2 only counts, so a bomb is refused without its output ever being held.
  for await (const _ of inflate(file, layout, key, limits.maxExpandedBytes));
  const chunks: Buffer[] = [];
  for await (const chunk of inflate(file, layout, key, limits.maxExpandedBytes)) chunks.push(chunk);
  let payload: BackupPayload;
  try {
    payload = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new BackupFormatError("The backup file is damaged");
  }
  if (
    payload?.format !== "prospector-backup" ||
    typeof payload.tables !== "object" ||
    payload.tables === null ||
    Array.isArray(payload.tables) ||
    !Array.isArray(payload.attachments)
  ) {
    throw new BackupFormatError("The backup file has an unexpected layout");
  }
  return payload;
}
