/** Query keys for the notifications list, so the bell, the page and socket events share one cache. */
export const notificationKeys = {
  all: ["notifications"] as const,
  list: (filter: { unreadOnly: boolean; limit: number }) => [...notificationKeys.all, "list", filter] as const,
};
