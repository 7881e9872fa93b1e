/**
 * Work a signed-in first visit can start before React renders. Without it an app page is a chain:
 * the entry runs, the auth guard asks GET /api/auth/me, only its answer lets the layout and page
 * modules run, the dashboard then asks for the user's settings, and only those let the widgets
 * ask for their figures. Here, as the entry starts: the session request, the layout's and the
 * page's modules (preloadAppPage in router.tsx) and, for /dashboard, the settings request, all at
 * once, then the widgets' requests as soon as the session and the settings (the layout) have
 * answered. The queries land in the cache under the keys and options the hooks use, so the hooks
 * find them there (or in flight) instead of asking again.
 */
import type { Me } from "@prospector/contracts";
import type { QueryClient } from "@tanstack/react-query";
import { meQuery } from "../features/auth/api/use-session.ts";
import { settingsKeys } from "../features/settings/api/settings-keys.ts";
import { tokenStore } from "../lib/storage.ts";
import { preloadAppPage } from "../router.tsx";

/**
 * The first date or number a page formats for the user's locale loads ICU's locale data: 30-120 ms
 * of one unthrottled core here (the top bar's date paid it inside React's first render of the
 * app), one task of about 500 ms in a 4x-throttled profile. It runs here, right after the
 * requests have gone out and before React's first render: the main thread would otherwise sit
 * waiting for the session and the page's modules, and nothing is on screen yet for a click to
 * wait on. (Run in an idle callback instead, it landed after the first paint, among the layout's
 * first commits, as the longest task of the load.) Later formatters take well under a millisecond.
 */
export function warmLocaleFormatting(): void {
  new Date().toLocaleDateString(undefined, { weekday: "long", year: "numeric", month: "long", day: "numeric" });
  (1234.5).toLocaleString();
}

/** Starts what the page at `pathname` will need first; does nothing without a stored token. */
export function startEarly(queryClient: QueryClient, pathname: string): void {
  if (tokenStore.get() === null || !preloadAppPage(pathname)) return;
  const me = queryClient.fetchQuery(meQuery).catch(() => undefined);
  if (pathname.startsWith("/dashboard")) startDashboard(queryClient, me);
  warmLocaleFormatting();
}

/** /dashboard: its settings at once, then its widgets' figures once the session and layout are known. */
function startDashboard(queryClient: QueryClient, me: Promise<Me | undefined>): void {
  const settings = import("../features/settings/api/use-settings.ts").then(({ loadSettings }) =>
    // Key and options as in useUserSettings.
    queryClient.fetchQuery({
      queryKey: settingsKeys.settings(),
      staleTime: 60_000,
      retry: false,
      // The account only matters when the server cannot answer (the defaults carry its name):
      // then read once more with it, after the session request.
      queryFn: async () => {
        const loaded = await loadSettings();
        return loaded.source === "server" ? loaded : loadSettings(await me);
      },
    }),
  );
  // The widgets of the user's layout ask for their figures as soon as the session and the
  // settings (the layout) are known, not once the page has rendered them.
  void Promise.all([me, settings, import("../features/dashboard/api/widget-queries.ts")])
    .then(([user, loaded, { prefetchDashboardWidgets }]) => {
      if (user) prefetchDashboardWidgets(queryClient, user, loaded.settings.dashboard_layout);
    })
    .catch(() => undefined);
}
