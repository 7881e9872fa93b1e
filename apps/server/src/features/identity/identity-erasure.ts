/** identity's part of a member's erasure (docs/compliance.md, "Erasing a member"): the service surface over its erasure repository. */
import * as repo from "./identity-erasure.repository.ts";

export function eraseAccountIdentity(...args: Parameters<typeof repo.eraseAccountIdentity>): ReturnType<typeof repo.eraseAccountIdentity> {
  return repo.eraseAccountIdentity(...args);
}
