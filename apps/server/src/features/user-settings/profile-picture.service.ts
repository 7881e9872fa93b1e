/**
 * Profile pictures: JPG, PNG or GIF under 5 MB, recognised by their bytes (never by file name or
 * declared type), decoded and re-encoded by sharp to 256×256 without metadata, and stored under
 * DATA_DIR/uploads/avatars with an unguessable name. The stored file is always our own encoding,
 * so what is served is never the uploader's bytes.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { MAX_PROFILE_PICTURE_BYTES } from "@prospector/contracts";
import sharp from "sharp";
import type { AppContext } from "../../context.ts";
import { AppError, isDiskFull, storageFull } from "../../platform/errors.ts";
import { createUserSettingsRepository } from "./user-settings.repository.ts";

export const AVATAR_URL_PREFIX = "/api/user-settings/profile/picture/";
export const AVATAR_SIZE = 256;
export const AVATAR_FILE = /^[0-9a-f-]{36}-[0-9a-f]{32}\.(png|jpg)$/;

type Kind = "png" | "jpeg" | "gif";

/** The image kind from the first bytes (file signatures), or null. */
export function sniffImage(buf: Buffer): Kind | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return "jpeg";
  if (buf.length >= 6 && /^GIF8[79]a$/.test(buf.subarray(0, 6).toString("latin1"))) return "gif";
  return null;
}

export const avatarsDir = (ctx: Pick<AppContext, "config">) => path.join(ctx.config.dataDir, "uploads", "avatars");

async function removeFile(ctx: Pick<AppContext, "config">, url: string | null) {
  if (!url?.startsWith(AVATAR_URL_PREFIX)) return;
  const name = url.slice(AVATAR_URL_PREFIX.length);
  if (AVATAR_FILE.test(name)) await fs.promises.rm(path.join(avatarsDir(ctx), name), { force: true });
}

/** Checks, re-encodes and stores the picture; returns its URL and removes the previous one. */
export async function uploadProfilePicture(ctx: AppContext, userId: string, file: Buffer): Promise<string> {
  if (file.length >= MAX_PROFILE_PICTURE_BYTES) throw new AppError("FILE_TOO_LARGE");
  const kind = sniffImage(file);
  if (!kind) throw new AppError("INVALID_FILE_TYPE");
  // The header must describe the same kind of image the signature announced.
  const meta = await sharp(file, { limitInputPixels: 50_000_000 })
    .metadata()
    .catch(() => null);
  if (!meta || meta.format !== kind || !meta.width || !meta.height) throw new AppError("INVALID_FILE_TYPE");
  const outKind = kind === "jpeg" ? "jpg" : "png";
  let out: Buffer;
  try {
    // Decoding the whole image (not just its header) is what catches a damaged file.
    const pipeline = sharp(file, { limitInputPixels: 50_000_000, failOn: "warning", animated: false })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover" });
    out = await (outKind === "jpg" ? pipeline.jpeg({ quality: 85, mozjpeg: true }) : pipeline.png({ compressionLevel: 9 })).toBuffer();
  } catch {
    throw new AppError("UPLOAD_FAILED");
  }
  const name = `${userId}-${crypto.randomBytes(16).toString("hex")}.${outKind}`;
  const dir = avatarsDir(ctx);
  try {
    await fs.promises.mkdir(dir, { recursive: true });
    await fs.promises.writeFile(path.join(dir, name), out);
  } catch (err) {
    ctx.log.error({ err }, "could not store profile picture");
    // A write cut short (a full disk) leaves part of the file: nothing points at it, so it goes.
    await fs.promises.rm(path.join(dir, name), { force: true }).catch(() => {});
    if (isDiskFull(err)) throw storageFull("Not enough storage space on the server for the picture. Please try again later.");
    throw new AppError("UPLOAD_FAILED", "The picture could not be stored. Please try again later.");
  }
  const url = AVATAR_URL_PREFIX + name;
  const previous = await createUserSettingsRepository(ctx.db).setImage(userId, url);
  await removeFile(ctx, previous);
  return url;
}

export async function removeProfilePicture(ctx: Pick<AppContext, "db" | "config">, userId: string): Promise<void> {
  await removeFile(ctx, await createUserSettingsRepository(ctx.db).setImage(userId, null));
}

/** The stored file for a served name, or null. */
export async function readProfilePicture(ctx: Pick<AppContext, "config">, name: string): Promise<{ data: Buffer; type: string } | null> {
  if (!AVATAR_FILE.test(name)) return null;
  const data = await fs.promises.readFile(path.join(avatarsDir(ctx), name)).catch(() => null);
  if (!data) return null;
  return { data, type: name.endsWith(".jpg") ? "image/jpeg" : "image/png" };
}

/** Bytes the profile pictures of the members of these workspaces take on disk (for plan storage). */
export async function avatarStorageBytes(ctx: Pick<AppContext, "db" | "config">, workspaceIds: string[]): Promise<number> {
  if (workspaceIds.length === 0) return 0;
  let total = 0;
  for (const image of await createUserSettingsRepository(ctx.db).memberImages(workspaceIds, `${AVATAR_URL_PREFIX}%`)) {
    const file = path.join(avatarsDir(ctx), path.basename(image));
    total += await fs.promises.stat(file).then(
      (s) => s.size,
      () => 0,
    );
  }
  return total;
}
