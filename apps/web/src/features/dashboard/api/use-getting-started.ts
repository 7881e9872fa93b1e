/** Gathers the checklist's inputs from the server; each source may be missing without breaking the rest. */
import type { LeadCount, MailboxList } from "@prospector/contracts";
import { useQuery } from "@tanstack/react-query";
import { activeItem } from "../../../app/layout/nav-items.ts";
import { api } from "../../../lib/api-client.ts";
import { useHealth } from "../../../lib/use-health.ts";
import { useAuthConfig } from "../../auth/api/use-auth-config.ts";
import { useSession } from "../../auth/api/use-session.ts";
import { useNotificationSummary } from "../../notifications/api/use-notifications.ts";
import { gettingStartedSteps } from "./getting-started.ts";

const hasPage = (path: string) => activeItem(path)?.path === path;

export function useGettingStarted() {
  const { user } = useSession();
  const authConfig = useAuthConfig();
  const health = useHealth();
  const notifications = useNotificationSummary(5);
  const mailbox = useQuery({
    queryKey: ["mailbox", "smtp-status"],
    queryFn: ({ signal }) => api.get<MailboxList>("/mailbox", { params: { page: 1, per_page: 1 }, signal, report: false }),
    enabled: Boolean(user?.is_instance_admin),
    retry: false,
  });
  const leads = useQuery({
    queryKey: ["leads", "count", "month-start"],
    queryFn: ({ signal }) => api.get<LeadCount>("/leads/count", { signal, report: false }),
    enabled: Boolean(user?.permissions.some((p) => p === "*:*" || p.startsWith("leads:"))),
    retry: false,
    staleTime: 60_000,
  });

  const loading = authConfig.isPending || health.isPending;
  const steps = user
    ? gettingStartedSteps({
        user,
        authConfig: authConfig.data,
        health: health.data,
        smtpConfigured: mailbox.data?.smtp_configured,
        leadCount: typeof leads.data?.count === "number" ? leads.data.count : undefined,
        unreadNotifications: notifications.data?.unread_count,
        hasPage,
      })
    : [];
  return { user, steps, loading, health: health.data, healthError: health.error };
}
