/**
 * Renders a page as the app does: the query cache and the light theme around a memory router, and
 * for a signed-in page also a stored token and what the app layout adds (toasts, notification
 * pop-ups). Any other path the page navigates to shows where it went in `data-testid="location"`.
 * Pages that change the theme (settings) wrap themselves in ThemeModeProvider; it is left out here
 * because its global styles made every re-render of a form about twice as slow.
 */

import { ThemeProvider } from "@mui/material/styles";
import { QueryClientProvider } from "@tanstack/react-query";
import { configure, render } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { createQueryClient } from "../app/query-client.ts";
import { createAppTheme } from "../app/theme.ts";
import { tokenStore } from "../lib/storage.ts";
import { NotificationProvider } from "../ui/notifications/notification-provider.tsx";
import { ToastProvider } from "../ui/toast/toast-provider.tsx";

// Answers arrive after grids and forms re-render, which takes seconds on a loaded CI machine.
configure({ asyncUtilTimeout: 5000 });

function Where() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

export interface RenderOptions {
  /** The route pattern the element is mounted at. */
  path?: string;
  /** The address the test starts at (default: `path`). */
  at?: string;
}

function renderWith(element: ReactElement, { path = "/", at = path }: RenderOptions, wrap: (children: ReactNode) => ReactNode) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: "*", element: <Where /> },
    ],
    { initialEntries: [at] },
  );
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={createAppTheme("light")}>{wrap(<RouterProvider router={router} />)}</ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** A public page (landing, auth screens): no session, no toasts. */
export function renderPage(element: ReactElement, options: RenderOptions = {}) {
  return renderWith(element, options, (children) => children);
}

/** A page of the signed-in app, with a stored session token and the app layout's providers. */
export function renderSignedIn(element: ReactElement, options: RenderOptions) {
  tokenStore.set("test-token", { remember: true });
  return renderWith(element, options, (children) => (
    <ToastProvider>
      <NotificationProvider>{children}</NotificationProvider>
    </ToastProvider>
  ));
}
