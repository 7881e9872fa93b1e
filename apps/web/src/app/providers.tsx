/**
 * What every page runs inside: data cache and theme. Toasts and notification pop-ups belong to the
 * signed-in app and are mounted by its layout (app/layout/app-layout.tsx), so the public pages
 * never download them.
 */
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { createQueryClient } from "./query-client.ts";
import { ThemeModeProvider } from "./theme-mode-provider.tsx";

/** `client`: one the entry made before rendering, to start queries early (app/early-start.ts). */
export function AppProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeModeProvider>{children}</ThemeModeProvider>
    </QueryClientProvider>
  );
}
