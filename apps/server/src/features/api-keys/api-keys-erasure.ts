/** api-keys's part of a member's erasure (docs/compliance.md, "Erasing a member"): the service surface over its erasure repository. */
import * as repo from "./api-keys-erasure.repository.ts";

export function eraseApiKeysOfUser(...args: Parameters<typeof repo.eraseApiKeysOfUser>): ReturnType<typeof repo.eraseApiKeysOfUser> {
  return repo.eraseApiKeysOfUser(...args);
}
