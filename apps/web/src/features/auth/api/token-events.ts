/**
 * Lets React re-read the stored token when this tab signs in or out (and when another tab
 * changes localStorage), so useSession reacts without a reload.
 */
const listeners = new Set<() => void>();

export function notifyTokenChanged(): void {
  for (const listener of listeners) listener();
}

export function subscribeToken(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}
