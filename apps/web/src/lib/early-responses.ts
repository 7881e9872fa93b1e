/**
 * Answers to requests the page sent before the app's scripts had arrived (boot/early-requests.ts):
 * the API client takes one instead of asking again when it is about to send the same GET with the
 * same headers. Each answer is taken at most once, and only within EARLY_RESPONSE_TTL_MS of being
 * sent; after that, or for any other request, the client asks the server as usual.
 */
declare global {
  interface Window {
    __earlyRequests?: EarlyRequests;
  }
}

export interface EarlyRequests {
  /** The headers every early request carried (credentials and workspace as stored at the time). */
  headers: Record<string, string>;
  /** Address → the answer on its way. */
  responses: Map<string, Promise<Response>>;
  sentAt: number;
}

export const EARLY_RESPONSE_TTL_MS = 30_000;

function sameHeaders(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** The early answer for a GET of `url` with exactly `headers`, if one is waiting; it is then gone. */
export function takeEarlyResponse(url: string, headers: Record<string, string>, now = Date.now()): Promise<Response> | null {
  const early = typeof window === "undefined" ? undefined : window.__earlyRequests;
  if (!early) return null;
  if (now - early.sentAt > EARLY_RESPONSE_TTL_MS) {
    window.__earlyRequests = undefined;
    return null;
  }
  const response = early.responses.get(url);
  if (!response || !sameHeaders(early.headers, headers)) return null;
  early.responses.delete(url);
  return response;
}
