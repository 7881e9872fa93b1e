/** account-security's part of a member's erasure (docs/compliance.md, "Erasing a member"): the service surface over its erasure repository. */
import * as repo from "./account-security-erasure.repository.ts";

export function eraseTwoFactorOfUser(...args: Parameters<typeof repo.eraseTwoFactorOfUser>): ReturnType<typeof repo.eraseTwoFactorOfUser> {
  return repo.eraseTwoFactorOfUser(...args);
}
