/**
 * Notification data (GET /api/notifications, POST …/{id}/read, POST …/read-all) and the live
 * updates pushed on the team socket. Marking read updates the cache at once, then confirms.
 */
import type { Notification, NotificationList, ReadAllResponse, ServerEvents } from "@prospector/contracts";
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { showBrowserNotification } from "../../../lib/browser-notifications.ts";
import { useSocketEvent } from "../../../lib/use-socket.tsx";
import { useNotification } from "../../../ui/notifications/notification-provider.tsx";
import { readLocalSettings } from "../../settings/api/settings-local.ts";
import { notificationKeys } from "./notification-keys.ts";

/** The latest notifications and the unread count (options shared with the dashboard's early start). */
export const notificationSummaryQuery = (limit = 5) => ({
  queryKey: notificationKeys.list({ unreadOnly: false, limit }),
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<NotificationList>("/notifications", { params: { limit }, signal }),
  staleTime: 30_000,
});

export function useNotificationSummary(limit = 5) {
  return useQuery(notificationSummaryQuery(limit));
}

export function useNotificationPages(unreadOnly: boolean, limit = 20) {
  return useInfiniteQuery({
    queryKey: [...notificationKeys.list({ unreadOnly, limit }), "pages"],
    queryFn: ({ pageParam, signal }) =>
      api.get<NotificationList>("/notifications", { params: { limit, unread_only: unreadOnly, before: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

type Cached = NotificationList | InfiniteData<NotificationList>;

/** Applies a read mark to every cached list, so the bell and the page agree before the server answers. */
function markInCache(data: Cached | undefined, ids: Set<string> | "all"): Cached | undefined {
  if (!data) return data;
  const apply = (list: NotificationList): NotificationList => {
    let changed = 0;
    const notifications = list.notifications.map((n) => {
      if (n.read || (ids !== "all" && !ids.has(n.id))) return n;
      changed += 1;
      return { ...n, read: true };
    });
    const unread_count = ids === "all" ? 0 : Math.max(0, list.unread_count - changed);
    return { ...list, notifications, unread_count };
  };
  return "pages" in data ? { ...data, pages: data.pages.map(apply) } : apply(data);
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<Notification>(`/notifications/${encodeURIComponent(id)}/read`),
    onMutate: (id) => {
      queryClient.setQueriesData<Cached>({ queryKey: notificationKeys.all }, (data) => markInCache(data, new Set([id])));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ReadAllResponse>("/notifications/read-all"),
    onMutate: () => {
      queryClient.setQueriesData<Cached>({ queryKey: notificationKeys.all }, (data) => markInCache(data, "all"));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** Mounted once in the layout: new notifications refresh the lists and pop up. */
export function useLiveNotifications(): void {
  const queryClient = useQueryClient();
  const { notify } = useNotification();
  useSocketEvent<ServerEvents["notification.created"]>("notification.created", (payload) => {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    const n = payload?.notification as Partial<Notification> | undefined;
    if (!n?.title) return;
    notify({ type: n.type ?? "info", title: n.title, message: n.message || undefined });
    // The in-app pop-up covers a visible tab; a hidden one gets a system notification when the
    // user turned browser notifications on (settings → notifications) and the browser allows it.
    if (document.hidden && readLocalSettings()?.browser_notifications) {
      showBrowserNotification(n.title, { body: n.message || undefined, tag: n.id });
    }
  });
  useSocketEvent("notification.read", () => {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  });
}
