/** notifications's part of a member's erasure (docs/compliance.md, "Erasing a member"): the service surface over its erasure repository. */
import * as repo from "./notifications-erasure.repository.ts";

export function eraseNotificationsOfUser(
  ...args: Parameters<typeof repo.eraseNotificationsOfUser>
): ReturnType<typeof repo.eraseNotificationsOfUser> {
  return repo.eraseNotificationsOfUser(...args);
}
