/**
 * Notifications tab: channels, frequency and alert kinds, drawn from the settings catalogue;
 * browser notifications ask the browser first and say when it cannot or will not show them.
 */
import { Alert, Button, Stack } from "@mui/material";
import type { UserSettings } from "@prospector/contracts";
import { useState } from "react";
import {
  type BrowserPermission,
  browserPermission,
  NOTIFICATION_MESSAGES,
  requestBrowserPermission,
  showBrowserNotification,
} from "../../../lib/browser-notifications.ts";
import { SettingControlView } from "../components/setting-control.tsx";
import { SaveBar, SettingsSection } from "../components/settings-ui.tsx";
import { SETTINGS_CATALOGUE, settingDef } from "../lib/settings-catalogue.ts";
import { useCatalogueGroup } from "../lib/use-catalogue-group.ts";

const DEFS = SETTINGS_CATALOGUE.filter((d) => d.group === "notifications");

export function NotificationsTab({ settings }: { settings: UserSettings }) {
  const form = useCatalogueGroup("notifications", settings, DEFS);
  const [permission, setPermission] = useState<BrowserPermission>(browserPermission);
  const field = (key: string) => {
    const def = settingDef(key);
    return <SettingControlView key={key} def={def} value={form.draft[key]} onChange={(v) => form.set(key, v)} error={form.errorFor(key)} />;
  };

  const toggleBrowser = async (on: boolean) => {
    if (!on) return form.set("browser_notifications", false);
    const answer = await requestBrowserPermission();
    setPermission(answer);
    if (answer === "granted") form.set("browser_notifications", true);
  };
  const browser = settingDef("browser_notifications");

  return (
    <Stack spacing={3}>
      <SettingsSection title="Channels" description="Where Prospector tells you about what happens in your workspace.">
        {field("email_notifications")}
        <SettingControlView
          def={browser}
          value={Boolean(form.draft.browser_notifications) && permission === "granted"}
          onChange={(v) => void toggleBrowser(Boolean(v))}
          disabled={permission === "unavailable"}
        />
        {permission === "unavailable" && (
          <Alert severity="warning" data-code="NOTIFICATION_SERVICE_UNAVAILABLE" sx={{ my: 1 }}>
            {NOTIFICATION_MESSAGES.NOTIFICATION_SERVICE_UNAVAILABLE}
          </Alert>
        )}
        {permission === "denied" && (
          <Alert severity="warning" data-code="NOTIFICATIONS_BLOCKED" sx={{ my: 1 }}>
            {NOTIFICATION_MESSAGES.BLOCKED}
          </Alert>
        )}
        {permission === "granted" && Boolean(form.draft.browser_notifications) && (
          <Button
            size="small"
            sx={{ ml: 5 }}
            onClick={() => showBrowserNotification("Prospector", { body: "Browser notifications are working." })}
          >
            Send a test notification
          </Button>
        )}
        {field("mobile_notifications")}
        <Stack sx={{ mt: 2, maxWidth: 320 }}>{field("notification_frequency")}</Stack>
      </SettingsSection>
      <SettingsSection title="Alerts" description="Which events notify you.">
        {field("campaign_alerts")}
        {field("system_alerts")}
        {field("report_alerts")}
        <SaveBar dirty={form.dirty} saving={form.saving} onSave={() => void form.save()} onReset={form.reset} error={form.formError} />
      </SettingsSection>
    </Stack>
  );
}
