/**
 * Accessibility tab: every flag of outreach-core §3. Each change applies to the whole app at once
 * (src/app/accessibility reads the stored flags) and is saved; the preview shows the status
 * colours in the chosen colour-blind palette.
 */
import { Box, Chip, FormHelperText, MenuItem, Slider, Stack, TextField, Typography } from "@mui/material";
import type { AccessibilitySettings, UserSettings } from "@prospector/contracts";
import { chartPalette } from "../../../app/accessibility/accessibility-palettes.ts";
import { SettingsSection, SwitchRow } from "../components/settings-ui.tsx";
import { formError } from "../lib/server-errors.ts";
import { useGroupSave } from "../lib/use-group-save.ts";

type Flag = {
  [K in keyof AccessibilitySettings]: AccessibilitySettings[K] extends boolean ? K : never;
}[keyof AccessibilitySettings];

const VISION: Array<{ key: Flag; label: string; description: string }> = [
  { key: "highContrast", label: "High contrast", description: "Black and white surfaces, strong borders and underlined links." },
  { key: "largeText", label: "Large text", description: "All text 25% larger (combines with the size below)." },
];
const MOTION: Array<{ key: Flag; label: string; description: string }> = [
  { key: "reduceMotion", label: "Reduce motion", description: "Turns off transitions, animations and ripples everywhere." },
  { key: "autoplayDisabled", label: "Turn off autoplay", description: "Videos, sounds and looping animations never start by themselves." },
  {
    key: "simplifiedInterface",
    label: "Simplified interface",
    description: "Hides help texts and decorative elements to leave the essentials.",
  },
];
const NAVIGATION: Array<{ key: Flag; label: string; description: string }> = [
  { key: "keyboardNavigation", label: "Keyboard navigation", description: "Adds a 'Skip to main content' link as the first Tab stop." },
  { key: "focusIndicators", label: "Focus indicators", description: "A thick outline around whatever has keyboard focus." },
  { key: "screenReader", label: "Screen reader support", description: "Announces the page name after each navigation." },
];
const MEDIA: Array<{ key: Flag; label: string; description: string }> = [
  { key: "altText", label: "Show alternative text", description: "Images show their description as a tooltip." },
  { key: "captions", label: "Captions", description: "Videos show their captions when they have them." },
  { key: "audioDescriptions", label: "Audio descriptions", description: "Videos play their description track when they have one." },
];

const COLOUR_TYPES: Array<{ value: AccessibilitySettings["colorBlindType"]; label: string }> = [
  { value: "protanopia", label: "Protanopia (red-blind)" },
  { value: "deuteranopia", label: "Deuteranopia (green-blind)" },
  { value: "tritanopia", label: "Tritanopia (blue-blind)" },
  { value: "achromatopsia", label: "Achromatopsia (no colour)" },
];

export function AccessibilityTab({ settings }: { settings: UserSettings }) {
  const flags = settings.accessibility;
  const { save, error } = useGroupSave("accessibility");
  // The whole set is sent: the server's partial update fills omitted flags with their defaults
  // (zod 4 .partial() keeps .default()), which would undo the flags changed before.
  const change = (patch: Partial<AccessibilitySettings>) => void save({ ...flags, ...patch });

  const rows = (list: typeof VISION) =>
    list.map((f) => (
      <SwitchRow key={f.key} label={f.label} description={f.description} checked={flags[f.key]} onChange={(v) => change({ [f.key]: v })} />
    ));

  return (
    <Stack spacing={3}>
      <SettingsSection title="Vision" description="Changes apply at once, on every page, and follow you to other devices.">
        {rows(VISION)}
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
        <SwitchRow label="Colour-blind mode" checked={flags.colorBlindMode} onChange={(v) => change({ colorBlindMode: v })} />
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
      <SettingsSection title="Motion and layout">{rows(MOTION)}</SettingsSection>
      <SettingsSection title="Keyboard and screen readers">{rows(NAVIGATION)}</SettingsSection>
      <SettingsSection title="Images and media">{rows(MEDIA)}</SettingsSection>
      {formError(error) && (
        <FormHelperText error role="alert">
          {formError(error)}
        </FormHelperText>
      )}
    </Stack>
  );
}
