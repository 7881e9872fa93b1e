/** user-settings's part of a member's erasure (docs/compliance.md, "Erasing a member"): the service surface over its erasure repository. */
import * as repo from "./user-settings-erasure.repository.ts";

export function eraseSettingsOfUser(...args: Parameters<typeof repo.eraseSettingsOfUser>): ReturnType<typeof repo.eraseSettingsOfUser> {
  return repo.eraseSettingsOfUser(...args);
}
