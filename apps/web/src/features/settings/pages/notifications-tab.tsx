/** Notifications tab: channels, frequency and alert kinds; browser notifications ask the browser first. */
import { Alert, Button, MenuItem, Stack, TextField } from "@mui/material";
import type { NotificationFrequency, UserSettings } from "@prospector/contracts";
import { useMemo, useState } from "react";
import {
  type BrowserPermission,
  browserPermission,
  NOTIFICATION_MESSAGES,
  requestBrowserPermission,
  showBrowserNotification,
} from "../../../lib/browser-notifications.ts";
import { SaveBar, SettingsSection, SwitchRow } from "../components/settings-ui.tsx";
import { fieldError, formError } from "../lib/server-errors.ts";
import { useDraft } from "../lib/use-draft.ts";
import { useGroupSave } from "../lib/use-group-save.ts";

const FIELDS = [
  "email_notifications",
  "browser_notifications",
  "mobile_notifications",
  "notification_frequency",
  "campaign_alerts",
  "system_alerts",
  "report_alerts",
] as const;

const FREQUENCIES: Array<{ value: NotificationFrequency; label: string }> = [
  { value: "realtime", label: "Real time" },
  { value: "hourly", label: "Hourly digest" },
  { value: "daily", label: "Daily digest" },
  { value: "weekly", label: "Weekly digest" },
];

export function NotificationsTab({ settings }: { settings: UserSettings }) {
  const source = useMemo(
    () => Object.fromEntries(FIELDS.map((f) => [f, settings[f]])) as Pick<UserSettings, (typeof FIELDS)[number]>,
    [settings],
  );
  const { draft, set, changes, dirty, reset } = useDraft(source);
  const { save, saving, error } = useGroupSave("notifications");
  const [permission, setPermission] = useState<BrowserPermission>(browserPermission);
  if (!draft) return null;

  const toggleBrowser = async (on: boolean) => {
    if (!on) return set("browser_notifications", false);
    const answer = await requestBrowserPermission();
    setPermission(answer);
    if (answer === "granted") set("browser_notifications", true);
  };

  return (
    <Stack spacing={3}>
      <SettingsSection title="Channels" description="Where Prospector tells you about what happens in your workspace.">
        <SwitchRow
          label="Email notifications"
          checked={draft.email_notifications}
          onChange={(v) => set("email_notifications", v)}
          description="Sent to your account's email address."
        />
        <SwitchRow
          label="Browser notifications"
          checked={draft.browser_notifications && permission === "granted"}
          onChange={(v) => void toggleBrowser(v)}
          disabled={permission === "unavailable"}
          description="Pop-ups from this browser while Prospector is open."
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
        {permission === "granted" && draft.browser_notifications && (
          <Button
            size="small"
            sx={{ ml: 5 }}
            onClick={() => showBrowserNotification("Prospector", { body: "Browser notifications are working." })}
          >
            Send a test notification
          </Button>
        )}
        <SwitchRow
          label="Mobile notifications"
          checked={draft.mobile_notifications}
          onChange={(v) => set("mobile_notifications", v)}
          description="Pushed to the mobile app when you use it."
        />
        <TextField
          select
          label="Frequency"
          value={draft.notification_frequency}
          onChange={(e) => set("notification_frequency", e.target.value as NotificationFrequency)}
          sx={{ mt: 2, minWidth: 240 }}
          error={Boolean(fieldError(error, "notification_frequency"))}
          helperText={fieldError(error, "notification_frequency")}
        >
          {FREQUENCIES.map((f) => (
            <MenuItem key={f.value} value={f.value}>
              {f.label}
            </MenuItem>
          ))}
        </TextField>
      </SettingsSection>
      <SettingsSection title="Alerts" description="Which events notify you.">
        <SwitchRow
          label="Campaign alerts"
          checked={draft.campaign_alerts}
          onChange={(v) => set("campaign_alerts", v)}
          description="Campaigns launched, paused, finished or failing to send."
        />
        <SwitchRow
          label="System alerts"
          checked={draft.system_alerts}
          onChange={(v) => set("system_alerts", v)}
          description="Imports, exports, backups and problems with the instance."
        />
        <SwitchRow
          label="Report alerts"
          checked={draft.report_alerts}
          onChange={(v) => set("report_alerts", v)}
          description="Scheduled reports ready to read."
        />
        <SaveBar dirty={dirty} saving={saving} onSave={() => void save(changes)} onReset={reset} error={formError(error, FIELDS)} />
      </SettingsSection>
    </Stack>
  );
}
