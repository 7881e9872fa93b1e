/**
 * /settings/:tab (outreach-core §2): the nine settings tabs, profile by default. The page says
 * where the settings came from when the server could not be reached, which changes still wait to
 * sync, and when the copy kept in this browser grows past 8 MB.
 */
import { Alert, Box, Link, Stack, Tab, Tabs, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { Navigate, Link as RouterLink, useNavigate, useParams } from "react-router";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { useUserSettings } from "../api/use-settings.ts";
import { SettingsSourceNotice } from "../components/settings-source-notice.tsx";
import { formError } from "../lib/server-errors.ts";
import { SETTINGS_SECTIONS, type SettingsSectionId } from "../lib/settings-catalogue.ts";
import { AccessibilityTab } from "./accessibility-tab.tsx";
import { ApiKeysTab } from "./api-keys-tab.tsx";
import { BillingTab } from "./billing-tab.tsx";
import { DashboardTab } from "./dashboard-tab.tsx";
import { DataTab } from "./data-tab.tsx";
import { EmailTab } from "./email-tab.tsx";
import { NotificationsTab } from "./notifications-tab.tsx";
import { ProfileTab } from "./profile-tab.tsx";
import { SecurityTab } from "./security-tab.tsx";

/** The tabs are the catalogue's sections. */
export const SETTINGS_TABS = SETTINGS_SECTIONS;
export type SettingsTabId = SettingsSectionId;

export default function SettingsPage() {
  const { tab } = useParams();
  const navigate = useNavigate();
  const query = useUserSettings();
  const current = SETTINGS_TABS.find((t) => t.id === tab);
  if (!current) return <Navigate replace to="/settings/profile" />;

  let body: ReactNode;
  if (query.isPending) body = <LoadingScreen />;
  else if (query.isError) body = <Alert severity="error">{formError(query.error) ?? "Settings could not be loaded."}</Alert>;
  else {
    const { settings } = query.data;
    const tabs: Record<SettingsTabId, ReactNode> = {
      profile: <ProfileTab settings={settings} />,
      notifications: <NotificationsTab settings={settings} />,
      email: <EmailTab settings={settings} />,
      dashboard: <DashboardTab settings={settings} />,
      security: <SecurityTab />,
      api: <ApiKeysTab />,
      data: <DataTab settings={settings} />,
      billing: <BillingTab />,
      accessibility: <AccessibilityTab settings={settings} />,
    };
    body = tabs[current.id];
  }

  const data = query.data;
  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <Box sx={{ borderBottom: 1, borderColor: "divider" }}>
        <Tabs
          value={current.id}
          onChange={(_, id: string) => navigate(`/settings/${id}`)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Settings sections"
        >
          {SETTINGS_TABS.map((t) => (
            <Tab key={t.id} value={t.id} label={t.label} id={`settings-tab-${t.id}`} aria-controls="settings-panel" />
          ))}
        </Tabs>
      </Box>
      <Typography variant="body2" color="text.secondary">
        Other views of the same settings:{" "}
        <Link component={RouterLink} to="/settings-simple">
          the essentials on one page
        </Link>{" "}
        or{" "}
        <Link component={RouterLink} to="/settings-complex">
          every option with search
        </Link>
        .
      </Typography>
      <SettingsSourceNotice data={data} />
      <Box role="tabpanel" id="settings-panel" aria-labelledby={`settings-tab-${current.id}`}>
        {body}
      </Box>
    </Stack>
  );
}
