/**
 * Component-test helper for the settings pages: the app's real providers (query cache, theme with
 * accessibility, toasts) and API client, a signed-in user, and the scripted server of mockApi.
 */
import type { Me, UserSettings } from "@prospector/contracts";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { createQueryClient } from "../../../app/query-client.ts";
import { ThemeModeProvider } from "../../../app/theme-mode-provider.tsx";
import { tokenStore } from "../../../lib/storage.ts";
import { NotificationProvider } from "../../../ui/notifications/notification-provider.tsx";
import { ToastProvider } from "../../../ui/toast/toast-provider.tsx";
import { defaultSettings } from "../api/settings-local.ts";

export const ME: Me = {
  id: "u1",
  email: "ada@example.com",
  full_name: "Ada Lovelace",
  image: null,
  email_verified: true,
  is_active: true,
  is_instance_admin: true,
  role: "admin",
  role_label: "Administrator",
  permissions: ["*:*"],
  organization: { id: "o1", name: "Acme", plan: "starter" },
  workspace: { id: "w1", name: "Default" },
  created_at: "2026-01-01T00:00:00Z",
};

export function serverSettings(overrides: Partial<UserSettings> = {}): UserSettings {
  return { ...defaultSettings({ full_name: ME.full_name, email: ME.email }), ...overrides };
}

export function renderSettings(element: ReactElement, { path = "/settings/:tab", at = "/settings/profile" } = {}) {
  tokenStore.set("test-token", { remember: true });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: "*", element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: [at] },
  );
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ThemeModeProvider>
        <ToastProvider>
          <NotificationProvider>
            <RouterProvider router={router} />
          </NotificationProvider>
        </ToastProvider>
      </ThemeModeProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
