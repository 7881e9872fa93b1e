/** user-settings's part of a member's erasure (docs/compliance.md, "Erasing a member"): the service surface over its erasure repository. */
import fs from "node:fs";
import path from "node:path";
import type { AppContext } from "../../context.ts";
import { AVATAR_FILE, AVATAR_URL_PREFIX, avatarsDir } from "./profile-picture.service.ts";
import * as repo from "./user-settings-erasure.repository.ts";

export function eraseSettingsOfUser(...args: Parameters<typeof repo.eraseSettingsOfUser>): ReturnType<typeof repo.eraseSettingsOfUser> {
  return repo.eraseSettingsOfUser(...args);
}

/** Removes the stored profile picture file an erased account's users row pointed at (the row's image is already cleared). */
export async function removeProfilePictureFile(ctx: Pick<AppContext, "config">, url: string | null): Promise<void> {
  if (!url?.startsWith(AVATAR_URL_PREFIX)) return;
  const name = url.slice(AVATAR_URL_PREFIX.length);
  if (AVATAR_FILE.test(name)) await fs.promises.rm(path.join(avatarsDir(ctx), name), { force: true });
}
