/**
 * Browser notifications through the Notification API (outreach-core §8): asking for permission,
 * the blocked case (only the user can lift it, in the browser's site settings), and
 * NOTIFICATION_SERVICE_UNAVAILABLE where the API does not exist (old browsers, some webviews,
 * pages not served over HTTPS or localhost).
 */

export const NOTIFICATION_MESSAGES = {
  NOTIFICATION_SERVICE_UNAVAILABLE:
    "This browser cannot show notifications (the Notification API is missing; it also needs HTTPS or localhost).",
  BLOCKED:
    "Notifications are blocked for this site. To allow them, click the lock or site-information icon next to the address, open the notification permission, choose Allow, then reload this page.",
} as const;

export type BrowserPermission = "granted" | "denied" | "default" | "unavailable";

type NotificationApi = { permission: NotificationPermission; requestPermission: () => Promise<NotificationPermission> };

function notificationApi(): NotificationApi | undefined {
  const api = (globalThis as { Notification?: NotificationApi }).Notification;
  return typeof api === "function" || (api && typeof api === "object") ? api : undefined;
}

export function browserPermission(): BrowserPermission {
  const api = notificationApi();
  return api ? api.permission : "unavailable";
}

/** Asks once when the browser has not decided yet; returns what the browser says now. */
export async function requestBrowserPermission(): Promise<BrowserPermission> {
  const api = notificationApi();
  if (!api) return "unavailable";
  if (api.permission !== "default") return api.permission;
  try {
    return await api.requestPermission();
  } catch {
    return api.permission;
  }
}

/** Shows one notification when allowed; returns whether it was shown. */
export function showBrowserNotification(title: string, options?: NotificationOptions): boolean {
  if (browserPermission() !== "granted") return false;
  try {
    new (globalThis as unknown as { Notification: new (t: string, o?: NotificationOptions) => Notification }).Notification(title, options);
    return true;
  } catch {
    return false;
  }
}
