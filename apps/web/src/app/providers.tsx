/** Everything the app runs inside: data cache, theme, toasts and notification pop-ups. */
import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { NotificationProvider } from "../ui/notifications/notification-provider.tsx";
import { ToastProvider } from "../ui/toast/toast-provider.tsx";
import { createQueryClient } from "./query-client.ts";
import { ThemeModeProvider } from "./theme-mode-provider.tsx";

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeModeProvider>
        <ToastProvider>
          <NotificationProvider>{children}</NotificationProvider>
        </ToastProvider>
      </ThemeModeProvider>
    </QueryClientProvider>
  );
}
