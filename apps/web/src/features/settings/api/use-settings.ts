/**
 * Loading and saving the user's settings (outreach-core §4): the server first, else the local
 * copy, else the defaults; a save that cannot reach the server is kept locally, marked pending,
 * and pushed on the next successful load (which the pages retry while changes are pending).
 */
import type { ProfilePicture, UserSettings } from "@prospector/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useThemeMode } from "../../../app/theme-mode-provider.tsx";
import { api } from "../../../lib/api-client.ts";
import { updateUserSettings } from "../../../lib/storage.ts";
import { authKeys } from "../../auth/api/auth-keys.ts";
import { useSession } from "../../auth/api/use-session.ts";
import { isServerUnavailable } from "../lib/server-errors.ts";
import { settingsKeys } from "./settings-keys.ts";
import {
  announceAccessibility,
  applyPatch,
  clearPending,
  defaultSettings,
  isLocalCopyTooLarge,
  keepLocally,
  readLocalSettings,
  readPending,
  type SettingsGroup,
  type SettingsSource,
  writeLocalSettings,
} from "./settings-local.ts";

const BASE = "/user-settings";
/** While changes wait for the server, try again this often. */
export const SYNC_RETRY_MS = 30_000;

export interface LoadedSettings {
  settings: UserSettings;
  source: SettingsSource;
  /** Groups whose local changes have not reached the server yet. */
  pending: SettingsGroup[];
  /** The local copy is over the 8 MB the spec warns about. */
  tooLarge: boolean;
}

export interface SaveResult {
  savedTo: "server" | "local";
  settings: UserSettings;
}

function groupPath(group: SettingsGroup): string {
  return `${BASE}/settings/${group}`;
}

/** Pushes changes kept while the server was away; a group the server refuses is dropped (its answer wins). */
async function pushPending(): Promise<void> {
  for (const [group, patch] of Object.entries(readPending()) as Array<[SettingsGroup, Record<string, unknown>]>) {
    try {
      await api.put(groupPath(group), patch, { retry503: false, report: false });
      clearPending(group);
    } catch (err) {
      if (isServerUnavailable(err)) throw err;
      clearPending(group);
    }
  }
}

export async function loadSettings(user?: Parameters<typeof defaultSettings>[0]): Promise<LoadedSettings> {
  try {
    if (Object.keys(readPending()).length > 0) await pushPending();
    const settings = await api.get<UserSettings>(`${BASE}/settings`, { retry503: false, report: false });
    writeLocalSettings(settings, { synced: true });
    return { settings, source: "server", pending: [], tooLarge: isLocalCopyTooLarge() };
  } catch (err) {
    if (!isServerUnavailable(err)) throw err;
    const local = readLocalSettings();
    const pending = Object.keys(readPending()) as SettingsGroup[];
    if (local) return { settings: local, source: "local", pending, tooLarge: isLocalCopyTooLarge() };
    return { settings: defaultSettings(user), source: "defaults", pending, tooLarge: false };
  }
}

export function useUserSettings() {
  const { user } = useSession();
  const query = useQuery({
    queryKey: settingsKeys.settings(),
    queryFn: () => loadSettings(user),
    // The defaults need the account's name and email.
    enabled: user !== null,
    staleTime: 60_000,
    retry: false,
  });
  const pendingCount = query.data?.pending.length ?? 0;
  const { refetch } = query;
  const { setChoice } = useThemeMode();
  const loaded = query.data?.settings;
  // The server's copy may differ from this browser's (another device saved): apply it app-wide.
  useEffect(() => {
    if (!loaded) return;
    setChoice(loaded.theme_preference);
    announceAccessibility();
  }, [loaded, setChoice]);
  // "Sync when the server is back": retry on a timer and as soon as the browser is online again.
  useEffect(() => {
    if (pendingCount === 0) return;
    const retry = () => void refetch();
    const timer = window.setInterval(retry, SYNC_RETRY_MS);
    window.addEventListener("online", retry);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("online", retry);
    };
  }, [pendingCount, refetch]);
  return query;
}

/** Side effects the rest of the app listens to after a group changes (top bar, theme, accessibility). */
function announce(group: SettingsGroup, settings: UserSettings, setTheme: (t: UserSettings["theme_preference"]) => void): void {
  if (group === "profile") {
    updateUserSettings("profile", { fullName: settings.full_name, profilePicture: settings.profile_picture_url });
    window.dispatchEvent(new Event("profile-updated"));
  }
  if (group === "dashboard") setTheme(settings.theme_preference);
  if (group === "accessibility") announceAccessibility();
}

export function useSaveSettings(group: SettingsGroup) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const { setChoice } = useThemeMode();
  return useMutation({
    mutationFn: async (patch: Record<string, unknown>): Promise<SaveResult> => {
      const current =
        queryClient.getQueryData<LoadedSettings>(settingsKeys.settings())?.settings ?? readLocalSettings() ?? defaultSettings(user);
      try {
        const answer = await api.put<Record<string, unknown>>(groupPath(group), patch, { retry503: false, report: false });
        const settings = applyPatch(current, group, answer);
        writeLocalSettings(settings, { synced: true });
        return { savedTo: "server", settings };
      } catch (err) {
        if (!isServerUnavailable(err)) throw err;
        return { savedTo: "local", settings: keepLocally(group, patch, current) };
      }
    },
    onSuccess: (result) => {
      const pending = Object.keys(readPending()) as SettingsGroup[];
      queryClient.setQueryData<LoadedSettings>(settingsKeys.settings(), (old) => ({
        settings: result.settings,
        source: result.savedTo === "server" ? (old?.source === "server" ? "server" : "local") : "local",
        pending,
        tooLarge: isLocalCopyTooLarge(),
      }));
      announce(group, result.settings, setChoice);
      if (group === "profile" && result.savedTo === "server") void queryClient.invalidateQueries({ queryKey: authKeys.me() });
    },
  });
}

function setPicture(queryClient: ReturnType<typeof useQueryClient>, url: string | null): void {
  queryClient.setQueryData<LoadedSettings>(settingsKeys.settings(), (old) =>
    old ? { ...old, settings: { ...old.settings, profile_picture_url: url } } : old,
  );
  const local = readLocalSettings();
  if (local) writeLocalSettings({ ...local, profile_picture_url: url });
  else updateUserSettings("profile", { profilePicture: url });
  window.dispatchEvent(new Event("profile-picture-updated"));
  void queryClient.invalidateQueries({ queryKey: authKeys.me() });
}

export function useUploadPicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return api.upload<ProfilePicture>(`${BASE}/profile/picture`, form, { report: false });
    },
    onSuccess: (answer) => setPicture(queryClient, answer.profile_picture_url),
  });
}

export function useRemovePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<ProfilePicture>(`${BASE}/profile/picture`, { report: false }),
    onSuccess: () => setPicture(queryClient, null),
  });
}
