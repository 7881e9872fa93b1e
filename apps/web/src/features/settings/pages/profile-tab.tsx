/** Profile tab: name, email (409 shown on the field), company, time zone, language and picture. */
import { Autocomplete, Grid, MenuItem, Stack, TextField } from "@mui/material";
import { ProfileUpdate, type UserSettings } from "@prospector/contracts";
import { useMemo, useState } from "react";
import { ProfilePictureField } from "../components/profile-picture-field.tsx";
import { SaveBar, SettingsSection } from "../components/settings-ui.tsx";
import { fieldError, formError } from "../lib/server-errors.ts";
import { useDraft } from "../lib/use-draft.ts";
import { useGroupSave } from "../lib/use-group-save.ts";
import { zodFieldErrors } from "../lib/zod-fields.ts";

const FIELDS = ["full_name", "email", "company", "timezone", "language"] as const;

export const LANGUAGES: Array<{ code: string; label: string }> = [
  { code: "en", label: "English" },
  { code: "en-GB", label: "English (United Kingdom)" },
  { code: "fr", label: "Français" },
  { code: "de", label: "Deutsch" },
  { code: "es", label: "Español" },
  { code: "it", label: "Italiano" },
  { code: "nl", label: "Nederlands" },
  { code: "pt", label: "Português" },
  { code: "pt-BR", label: "Português (Brasil)" },
  { code: "pl", label: "Polski" },
  { code: "sv", label: "Svenska" },
  { code: "ja", label: "日本語" },
  { code: "zh", label: "中文" },
];

function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const zones = intl.supportedValuesOf?.("timeZone") ?? [];
  return zones.includes("UTC") ? zones : ["UTC", ...zones];
}

export function ProfileTab({ settings }: { settings: UserSettings }) {
  const source = useMemo(
    () => Object.fromEntries(FIELDS.map((f) => [f, settings[f]])) as Pick<UserSettings, (typeof FIELDS)[number]>,
    [settings],
  );
  const { draft, set, changes, dirty, reset } = useDraft(source);
  const { save, saving, error } = useGroupSave("profile");
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const zones = useMemo(timeZones, []);
  if (!draft) return null;

  const errorFor = (field: string) => clientErrors[field] ?? fieldError(error, field);
  const onSave = async () => {
    const problems = zodFieldErrors(ProfileUpdate, changes);
    setClientErrors(problems);
    if (Object.keys(problems).length > 0) return;
    await save(changes);
  };
  const languageKnown = LANGUAGES.some((l) => l.code === draft.language);

  return (
    <Stack spacing={3}>
      <SettingsSection title="Profile picture" description="Shown in the top bar and to your teammates.">
        <ProfilePictureField name={draft.full_name} url={settings.profile_picture_url} />
      </SettingsSection>
      <SettingsSection title="Personal information" description="Your name and email are used on your account and in the emails you send.">
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              label="Full name"
              fullWidth
              value={draft.full_name}
              onChange={(e) => set("full_name", e.target.value)}
              error={Boolean(errorFor("full_name"))}
              helperText={errorFor("full_name")}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              label="Email"
              type="email"
              fullWidth
              value={draft.email}
              onChange={(e) => set("email", e.target.value)}
              error={Boolean(errorFor("email"))}
              helperText={errorFor("email")}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              label="Company"
              fullWidth
              value={draft.company}
              onChange={(e) => set("company", e.target.value)}
              error={Boolean(errorFor("company"))}
              helperText={errorFor("company")}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Autocomplete
              options={zones}
              value={draft.timezone}
              disableClearable
              onChange={(_, v) => set("timezone", v)}
              renderInput={(params) => (
                <TextField {...params} label="Time zone" error={Boolean(errorFor("timezone"))} helperText={errorFor("timezone")} />
              )}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              select
              label="Language"
              fullWidth
              value={draft.language}
              onChange={(e) => set("language", e.target.value)}
              error={Boolean(errorFor("language"))}
              helperText={errorFor("language")}
            >
              {!languageKnown && <MenuItem value={draft.language}>{draft.language}</MenuItem>}
              {LANGUAGES.map((l) => (
                <MenuItem key={l.code} value={l.code}>
                  {l.label}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
        </Grid>
        <SaveBar
          dirty={dirty}
          saving={saving}
          onSave={onSave}
          onReset={() => {
            reset();
            setClientErrors({});
          }}
          error={formError(error, FIELDS)}
        />
      </SettingsSection>
    </Stack>
  );
}
