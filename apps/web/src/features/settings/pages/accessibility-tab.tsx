/**
 * Accessibility tab: every flag of outreach-core §3. Each change applies to the whole app at once
 * (src/app/accessibility reads the stored flags) and is saved; the preview shows the status
 * colours in the chosen colour-blind palette.
 */
import { Box, Chip, FormHelperText, MenuItem, Slider, Stack, TextField, Typography } from "@mui/material";
import type { AccessibilitySettings, UserSettings } from "@prospector/contracts";
import { chartPalette } from "../../../app/accessibility/accessibility-palettes.ts";
import { SettingControlView } from "../components/setting-control.tsx";
import { SettingsSection } from "../components/settings-ui.tsx";
import { formError } from "../lib/server-errors.ts";
import { COLOUR_TYPES, SETTINGS_CATALOGUE } from "../lib/settings-catalogue.ts";
import { useGroupSave } from "../lib/use-group-save.ts";

/** The catalogue's accessibility switches of one card. */
const switchesOf = (subsection: string) =>
  SETTINGS_CATALOGUE.filter((d) => d.section === "accessibility" && d.subsection === subsection && d.control.kind === "switch");

export function AccessibilityTab({ settings }: { settings: UserSettings }) {
  const flags = settings.accessibility;
  const { save, error } = useGroupSave("accessibility");
  // The whole set is sent: the server's partial update fills omitted flags with their defaults
  // (zod 4 .partial() keeps .default()), which would undo the flags changed before.
  const change = (patch: Partial<AccessibilitySettings>) => void save({ ...flags, ...patch });

  const rows = (subsection: string) =>
    switchesOf(subsection).map((def) => {
      const flag = def.key.split(".")[1] as keyof AccessibilitySettings;
      return <SettingControlView key={def.key} def={def} value={flags[flag]} onChange={(v) => change({ [flag]: v })} />;
    });

  return (
    <Stack spacing={3}>
      <SettingsSection title="Vision" description="Changes apply at once, on every page, and follow you to other devices.">
        {rows("Vision")}
        <Box sx={{ mt: 2, maxWidth: 420, px: 2 }}>
          <Typography id="text-size-label" gutterBottom>
            Text size: {Math.round(flags.textSizeMultiplier * 100)}%
          </Typography>
          <Slider
            aria-labelledby="text-size-label"
            value={flags.textSizeMultiplier}
            min={1}
            max={2}
            step={0.05}
            marks={[
              { value: 1, label: "100%" },
              { value: 1.5, label: "150%" },
              { value: 2, label: "200%" },
            ]}
            onChangeCommitted={(_, v) => change({ textSizeMultiplier: v as number })}
            valueLabelDisplay="auto"
            valueLabelFormat={(v) => `${Math.round(v * 100)}%`}
          />
        </Box>
      </SettingsSection>
      <SettingsSection title="Colour vision" description="Status colours and charts switch to a palette you can tell apart.">
        {rows("Colour vision")}
        <TextField
          select
          label="Type"
          value={flags.colorBlindType}
          onChange={(e) => change({ colorBlindType: e.target.value as AccessibilitySettings["colorBlindType"] })}
          disabled={!flags.colorBlindMode}
          sx={{ ml: 6, my: 1, minWidth: 280 }}
        >
          {COLOUR_TYPES.map((t) => (
            <MenuItem key={t.value} value={t.value}>
              {t.label}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: "wrap", rowGap: 1 }} aria-label="Palette preview">
          <Chip color="success" label="Delivered" />
          <Chip color="warning" label="Deferred" />
          <Chip color="error" label="Bounced" />
          <Chip color="info" label="Queued" />
          {chartPalette(flags).map((c) => (
            <Box key={c} data-decorative sx={{ width: 24, height: 24, borderRadius: 1, bgcolor: c, border: 1, borderColor: "divider" }} />
          ))}
        </Stack>
      </SettingsSection>
      <SettingsSection title="Motion and layout">{rows("Motion and layout")}</SettingsSection>
      <SettingsSection title="Keyboard and screen readers">{rows("Keyboard and screen readers")}</SettingsSection>
      <SettingsSection title="Images and media">{rows("Images and media")}</SettingsSection>
      {formError(error) && (
        <FormHelperText error role="alert">
          {formError(error)}
        </FormHelperText>
      )}
    </Stack>
  );
}
