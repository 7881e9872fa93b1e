/** organizations's part of a member's erasure (docs/compliance.md, "Erasing a member"): the service surface over its erasure repository. */
import * as repo from "./organizations-erasure.repository.ts";

export function eraseMembership(...args: Parameters<typeof repo.eraseMembership>): ReturnType<typeof repo.eraseMembership> {
  return repo.eraseMembership(...args);
}

export function membershipCount(...args: Parameters<typeof repo.membershipCount>): ReturnType<typeof repo.membershipCount> {
  return repo.membershipCount(...args);
}
