/** Gathers the checklist's inputs from the server; each source may be missing without breaking the rest. */
import { useQuery } from "@tanstack/react-query";
import { activeItem } from "../../../app/layout/nav-items.ts";
import { useHealth } from "../../../lib/use-health.ts";
import { useAuthConfig } from "../../auth/api/use-auth-config.ts";
import { useSession } from "../../auth/api/use-session.ts";
import { useNotificationSummary } from "../../notifications/api/use-notifications.ts";
import { gettingStartedSteps } from "./getting-started.ts";
import { hasLeadsPermission, leadCountQuery, smtpStatusQuery } from "./widget-queries.ts";

const hasPage = (path: string) => activeItem(path)?.path === path;

export function useGettingStarted() {
  const { user } = useSession();
  const authConfig = useAuthConfig();
  const health = useHealth();
  const notifications = useNotificationSummary(5);
  const mailbox = useQuery({ ...smtpStatusQuery, enabled: Boolean(user?.is_instance_admin) });
  const leads = useQuery({ ...leadCountQuery, enabled: Boolean(user && hasLeadsPermission(user)) });

  // The checklist shows once every source it asks has answered (or failed), in one render: a step
  // whose answer came later would push the steps below it down (a layout shift) as it arrived.
  // The early start (app/early-start.ts) asks all of them together, so they answer together.
  // `isLoading`, not `isPending`: a source disabled for this user (no admin, no leads) never loads.
  const loading = [authConfig, health, notifications, mailbox, leads].some((q) => q.isLoading);
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
