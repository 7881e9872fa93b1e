/**
 * The name and picture the top bar shows: the account's, replaced by the locally saved profile
 * (user_settings profile.fullName / profilePicture) once a profile-updated or
 * profile-picture-updated event says the user changed them in this browser.
 */
import type { Me } from "@prospector/contracts";
import { useEffect, useState } from "react";
import { readUserSettings } from "../../lib/storage.ts";

export const PROFILE_EVENTS = ["profile-updated", "profile-picture-updated"] as const;

export function useProfileDisplay(user: Me | null): { name: string; picture: string | null } {
  const [local, setLocal] = useState<{ name?: string; picture?: string | null }>({});
  useEffect(() => {
    const refresh = () => {
      const profile = readUserSettings().profile ?? {};
      setLocal({
        name: typeof profile.fullName === "string" && profile.fullName.trim() ? profile.fullName.trim() : undefined,
        picture: typeof profile.profilePicture === "string" ? profile.profilePicture : profile.profilePicture === null ? null : undefined,
      });
    };
    for (const name of PROFILE_EVENTS) window.addEventListener(name, refresh);
    return () => {
      for (const name of PROFILE_EVENTS) window.removeEventListener(name, refresh);
    };
  }, []);
  return {
    name: local.name ?? user?.full_name ?? user?.email ?? "",
    picture: local.picture !== undefined ? local.picture : (user?.image ?? null),
  };
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "") + (parts.length > 1 ? (parts.at(-1)?.[0] ?? "") : "")).toUpperCase() || "?";
}
