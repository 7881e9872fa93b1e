/**
 * The backup file: "PSBK", a version byte, a flags byte, then gzip'd JSON — AES-256-GCM encrypted
 * (12-byte IV and 16-byte tag after the flags) when encryption is on. GCM's tag means a damaged or
 * tampered file, or the wrong key, is refused instead of restoring garbage.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { Config } from "../../config.ts";

const MAGIC = Buffer.from("PSBK");
const VERSION = 1;
const FLAG_ENCRYPTED = 1;

export interface BackupPayload {
  format: "prospector-backup";
  version: 1;
  workspaceId: string;
  organizationId: string;
  createdAt: string;
  /** Rows per table, as PostgreSQL's row_to_json wrote them. */
  tables: Record<string, Record<string, unknown>[]>;
  /** Files under the workspace's upload folder, relative paths, base64 content. */
  attachments: { path: string; data: string }[];
}

export class BackupFormatError extends Error {}

/**
 * BACKUP_KEY when set; otherwise derived from the auth secret. HKDF with its own label keeps the
 * backup key independent of the session-signing key even though both come from one secret.
 */
export function backupKey(config: Config): Buffer {
  const secret = config.BACKUP_KEY ?? config.AUTH_SECRET ?? readAuthSecretFile(config);
  return Buffer.from(crypto.hkdfSync("sha256", secret, "prospector-backup", "aes-256-gcm v1", 32));
}

function readAuthSecretFile(config: Config): string {
  // The identity feature creates this file on first start; backups never run before that.
  const file = path.join(config.dataDir, "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    throw new Error(`No BACKUP_KEY or AUTH_SECRET is set and ${file} does not exist yet`);
  }
}

export function encodeBackup(payload: BackupPayload, key: Buffer | null): Buffer {
  const body = zlib.gzipSync(Buffer.from(JSON.stringify(payload)));
  if (!key) return Buffer.concat([MAGIC, Buffer.from([VERSION, 0]), body]);
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  // The header is authenticated too, so the encrypted flag cannot be flipped.
  const header = Buffer.concat([MAGIC, Buffer.from([VERSION, FLAG_ENCRYPTED])]);
  cipher.setAAD(header);
  const data = Buffer.concat([cipher.update(body), cipher.final()]);
  return Buffer.concat([header, iv, cipher.getAuthTag(), data]);
}

export function decodeBackup(file: Buffer, key: Buffer): BackupPayload {
  if (file.length < 6 || !file.subarray(0, 4).equals(MAGIC)) throw new BackupFormatError("Not a Prospector backup file");
  if (file[4] !== VERSION) throw new BackupFormatError(`Unsupported backup version ${file[4]}`);
  let body: Buffer;
  if ((file[5] ?? 0) & FLAG_ENCRYPTED) {
    if (file.length < 6 + 12 + 16) throw new BackupFormatError("The backup file is truncated");
    const decipher = crypto.createDecipheriv("aes-256-gcm", key, file.subarray(6, 18));
    decipher.setAAD(file.subarray(0, 6));
    decipher.setAuthTag(file.subarray(18, 34));
    try {
      body = Buffer.concat([decipher.update(file.subarray(34)), decipher.final()]);
    } catch {
      throw new BackupFormatError("The backup cannot be decrypted: it is damaged or was made with another key");
    }
  } else {
    body = file.subarray(6);
  }
  let payload: BackupPayload;
  try {
    payload = JSON.parse(zlib.gunzipSync(body, { maxOutputLength: 2 * 1024 ** 3 }).toString("utf8"));
  } catch {
    throw new BackupFormatError("The backup file is damaged");
  }
  if (payload?.format !== "prospector-backup" || typeof payload.tables !== "object" || !Array.isArray(payload.attachments)) {
    throw new BackupFormatError("The backup file has an unexpected layout");
  }
  return payload;
}
