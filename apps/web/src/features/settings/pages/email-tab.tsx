/**
 * Email tab: the default signature (HTML, at most 1000 characters, sanitized by the server; the
 * preview runs in a sandboxed frame so nothing typed here can run), tracking, the sending window
 * and automatic follow-ups; every field from the settings catalogue, checked by its rules.
 */
import { Box, Grid, Stack, Typography } from "@mui/material";
import { MAX_SIGNATURE_LENGTH, type UserSettings } from "@prospector/contracts";
import { SettingControlView } from "../components/setting-control.tsx";
import { SaveBar, SettingsSection } from "../components/settings-ui.tsx";
import { SETTINGS_CATALOGUE, settingDef } from "../lib/settings-catalogue.ts";
import { useCatalogueGroup } from "../lib/use-catalogue-group.ts";

export { checkEmailSettings } from "../lib/settings-catalogue.ts";

const DEFS = SETTINGS_CATALOGUE.filter((d) => d.group === "email");

export function EmailTab({ settings }: { settings: UserSettings }) {
  const form = useCatalogueGroup("email", settings, DEFS);
  const field = (key: string, extra: { helperOverride?: string; disabled?: boolean; fullWidth?: boolean } = {}) => (
    <SettingControlView
      key={key}
      def={settingDef(key)}
      value={form.draft[key]}
      onChange={(v) => form.set(key, v)}
      error={form.errorFor(key)}
      fullWidth={false}
      {...extra}
    />
  );
  const signature = String(form.draft.default_signature ?? "");
  const length = signature.length;

  return (
    <Stack spacing={3}>
      <SettingsSection
        title="Signature"
        description="Added to the emails you send. Basic HTML is allowed: links, bold, italics, line breaks, images."
      >
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            {field("default_signature", {
              fullWidth: true,
              helperOverride: `${length} / ${MAX_SIGNATURE_LENGTH} characters`,
            })}
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Typography variant="caption" color="textSecondary">
              Preview
            </Typography>
            <Box
              component="iframe"
              title="Signature preview"
              sandbox=""
              srcDoc={`<!doctype html><meta charset="utf-8"><body style="font-family:Arial,sans-serif;font-size:14px;margin:8px">${signature}</body>`}
              sx={{ width: "100%", height: 160, border: 1, borderColor: "divider", borderRadius: 1, bgcolor: "#fff" }}
            />
          </Grid>
        </Grid>
      </SettingsSection>
      <SettingsSection title="Tracking" description="Tracking adds a pixel and rewrites links; replies are matched from your inbox.">
        {field("track_opens")}
        {field("track_clicks")}
        {field("track_replies")}
      </SettingsSection>
      <SettingsSection
        title="Sending window and follow-ups"
        description="Campaign emails go out only within this window, in your time zone."
      >
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          {field("default_sending_start", { helperOverride: "" })}
          {field("default_sending_end", { helperOverride: "" })}
        </Stack>
        <Box sx={{ mt: 2 }}>
          {field("auto_follow_up")}
          <Box sx={{ mt: 1, width: 220 }}>{field("follow_up_delay", { disabled: !form.draft.auto_follow_up, helperOverride: "" })}</Box>
        </Box>
        <SaveBar dirty={form.dirty} saving={form.saving} onSave={() => void form.save()} onReset={form.reset} error={form.formError} />
      </SettingsSection>
    </Stack>
  );
}
