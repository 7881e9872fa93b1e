/**
 * Receives a backup file for restore: streamed to a private temporary file under DATA_DIR, never
 * buffered, and cut off at BACKUP_MAX_BYTES. The caller restores from the file and removes it;
 * files a crashed process left behind are swept by the next upload.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { FastifyRequest } from "fastify";
import type { Config } from "../../config.ts";
import { AppError } from "../../platform/errors.ts";
import { restoreUploadsDir } from "./storage.ts";

/** Runs `use` with the uploaded file's path; the file is deleted afterwards whatever happens. */
export async function withBackupUpload<T>(request: FastifyRequest, config: Config, use: (file: string) => Promise<T>): Promise<T> {
  if (!request.isMultipart()) throw new AppError("FILE_MISSING");
  const tooLarge = () => new AppError("FILE_TOO_LARGE", `The backup file is too large: the limit is ${config.BACKUP_MAX_BYTES} bytes`);
  const part = await request.file({ limits: { fileSize: config.BACKUP_MAX_BYTES, files: 1 } }).catch(() => undefined);
  if (part?.fieldname !== "file") throw new AppError("FILE_MISSING");
  const dir = restoreUploadsDir(config);
  await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
  await sweepStale(dir);
  const file = path.join(dir, `restore-${crypto.randomUUID()}.psbk`);
  try {
    try {
      await pipeline(part.file, fs.createWriteStream(file, { mode: 0o600, flags: "wx" }));
    } catch (err) {
      if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
      throw err;
    }
    if (part.file.truncated) throw tooLarge();
    return await use(file);
  } finally {
    await fs.promises.rm(file, { force: true });
  }
}

/** A restore takes minutes at most: a temporary file older than a day belongs to a crashed process. */
const STALE_MS = 24 * 3600_000;

async function sweepStale(dir: string): Promise<void> {
  const now = Date.now();
  for (const name of await fs.promises.readdir(dir).catch(() => [])) {
    if (!/^restore-[\w-]+\.psbk$/.test(name)) continue;
    const full = path.join(dir, name);
    const stat = await fs.promises.stat(full).catch(() => null);
    if (stat && now - stat.mtimeMs > STALE_MS) await fs.promises.rm(full, { force: true });
  }
}
