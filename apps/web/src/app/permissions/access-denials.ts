/**
 * The permissions the server refused on the current page (403 with requiredPermission), recorded
 * by the query cache (app/query-client.ts) for every query and mutation, so every page shows the
 * refusal with a "Request access" action without handling it itself. The layout clears the list
 * when the user moves to another page.
 */
import { useSyncExternalStore } from "react";
import { ApiError } from "../../lib/errors.ts";

let denied: readonly string[] = [];
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export const accessDenials = {
  /** Records the permission a refused request needed; other errors are ignored. */
  record(error: unknown): void {
    if (!(error instanceof ApiError) || error.status !== 403 || !error.requiredPermission) return;
    if (denied.includes(error.requiredPermission)) return;
    denied = [...denied, error.requiredPermission];
    emit();
  },
  list(): readonly string[] {
    return denied;
  },
  clear(): void {
    if (denied.length === 0) return;
    denied = [];
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useAccessDenials(): readonly string[] {
  return useSyncExternalStore(accessDenials.subscribe, accessDenials.list, accessDenials.list);
}
