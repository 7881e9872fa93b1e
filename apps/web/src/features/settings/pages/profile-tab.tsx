/** Profile tab: the picture, then name, email (409 shown on the field), company, time zone and language from the settings catalogue. */
import { Grid, Stack } from "@mui/material";
import type { UserSettings } from "@prospector/contracts";
import { ProfilePictureField } from "../components/profile-picture-field.tsx";
import { SettingControlView } from "../components/setting-control.tsx";
import { SaveBar, SettingsSection } from "../components/settings-ui.tsx";
import { SETTINGS_CATALOGUE } from "../lib/settings-catalogue.ts";
import { useCatalogueGroup } from "../lib/use-catalogue-group.ts";

export { LANGUAGES } from "../lib/settings-catalogue.ts";

const DEFS = SETTINGS_CATALOGUE.filter((d) => d.group === "profile");

export function ProfileTab({ settings }: { settings: UserSettings }) {
  const form = useCatalogueGroup("profile", settings, DEFS);
  return (
    <Stack spacing={3}>
      <SettingsSection title="Profile picture" description="Shown in the top bar and to your teammates.">
        <ProfilePictureField name={String(form.draft.full_name ?? "")} url={settings.profile_picture_url} />
      </SettingsSection>
      <SettingsSection title="Personal information" description="Your name and email are used on your account and in the emails you send.">
        <Grid container spacing={2}>
          {DEFS.map((def) => (
            <Grid key={def.key} size={{ xs: 12, md: 6 }}>
              <SettingControlView
                def={def}
                value={form.draft[def.key]}
                onChange={(v) => form.set(def.key, v)}
                error={form.errorFor(def.key)}
              />
            </Grid>
          ))}
        </Grid>
        <SaveBar dirty={form.dirty} saving={form.saving} onSave={() => void form.save()} onReset={form.reset} error={form.formError} />
      </SettingsSection>
    </Stack>
  );
}
