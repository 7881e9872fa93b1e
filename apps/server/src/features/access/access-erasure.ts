/** access's part of a member's erasure (docs/compliance.md, "Erasing a member"): the service surface over its erasure repository. */
import * as repo from "./access-erasure.repository.ts";

export function eraseGrantsOfUser(...args: Parameters<typeof repo.eraseGrantsOfUser>): ReturnType<typeof repo.eraseGrantsOfUser> {
  return repo.eraseGrantsOfUser(...args);
}
