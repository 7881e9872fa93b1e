/** security's part of a member's erasure (docs/compliance.md, "Erasing a member"): the service surface over its erasure repository. */
import * as repo from "./security-erasure.repository.ts";

export function eraseSignInEventsOfUser(
  ...args: Parameters<typeof repo.eraseSignInEventsOfUser>
): ReturnType<typeof repo.eraseSignInEventsOfUser> {
  return repo.eraseSignInEventsOfUser(...args);
}
