/**
 * Dashboard tab: the theme (applied and saved at once), refresh, compact mode, widget titles,
 * animations, the default time range, and the saved layouts the dashboard's widget grid uses.
 */
import DarkModeOutlined from "@mui/icons-material/DarkModeOutlined";
import DeleteOutline from "@mui/icons-material/DeleteOutlineOutlined";
import LightModeOutlined from "@mui/icons-material/LightModeOutlined";
import SettingsBrightnessOutlined from "@mui/icons-material/SettingsBrightnessOutlined";
import {
  Button,
  FormHelperText,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import type { Theme, UserSettings } from "@prospector/contracts";
import { useMemo } from "react";
import { Link } from "react-router";
import { useThemeMode } from "../../../app/theme-mode-provider.tsx";
import { SaveBar, SettingsSection, SwitchRow } from "../components/settings-ui.tsx";
import { fieldError, formError } from "../lib/server-errors.ts";
import { useDraft } from "../lib/use-draft.ts";
import { useGroupSave } from "../lib/use-group-save.ts";

const FIELDS = [
  "auto_refresh_enabled",
  "refresh_interval_seconds",
  "compact_mode_enabled",
  "show_widget_titles",
  "enable_animations",
] as const;

export const REFRESH_INTERVALS = [
  { seconds: 30, label: "30 seconds" },
  { seconds: 60, label: "1 minute" },
  { seconds: 300, label: "5 minutes" },
  { seconds: 900, label: "15 minutes" },
  { seconds: 1800, label: "30 minutes" },
  { seconds: 3600, label: "1 hour" },
];
const TIME_RANGES = [
  { value: "7d", label: "Last 7 days" },
  { value: "30d", label: "Last 30 days" },
  { value: "90d", label: "Last 90 days" },
  { value: "12m", label: "Last 12 months" },
];

function widgetCount(layout: string): number {
  try {
    const parsed = JSON.parse(layout);
    return Array.isArray(parsed) ? parsed.length : 0;
  } catch {
    return 0;
  }
}

export function DashboardTab({ settings }: { settings: UserSettings }) {
  const source = useMemo(
    () => Object.fromEntries(FIELDS.map((f) => [f, settings[f]])) as Pick<UserSettings, (typeof FIELDS)[number]>,
    [settings],
  );
  const { draft, set, changes, dirty, reset } = useDraft(source);
  const { save, saving, error } = useGroupSave("dashboard");
  const instant = useGroupSave("dashboard");
  const { choice, setChoice } = useThemeMode();
  if (!draft) return null;

  const intervalKnown = REFRESH_INTERVALS.some((r) => r.seconds === draft.refresh_interval_seconds);
  const changeTheme = (theme: Theme) => {
    setChoice(theme);
    void instant.save({ theme_preference: theme });
  };

  return (
    <Stack spacing={3}>
      <SettingsSection title="Theme" description="Applies at once across the app. Auto follows your system's light or dark setting.">
        <ToggleButtonGroup exclusive value={choice} onChange={(_, v: Theme | null) => v && changeTheme(v)} aria-label="Theme">
          <ToggleButton value="light">
            <LightModeOutlined fontSize="small" sx={{ mr: 0.5 }} /> Light
          </ToggleButton>
          <ToggleButton value="dark">
            <DarkModeOutlined fontSize="small" sx={{ mr: 0.5 }} /> Dark
          </ToggleButton>
          <ToggleButton value="auto">
            <SettingsBrightnessOutlined fontSize="small" sx={{ mr: 0.5 }} /> Auto
          </ToggleButton>
        </ToggleButtonGroup>
        {fieldError(instant.error, "theme_preference") && (
          <FormHelperText error role="alert">
            {fieldError(instant.error, "theme_preference")}
          </FormHelperText>
        )}
      </SettingsSection>
      <SettingsSection title="Display and refresh" description="How the dashboard's widgets look and how often their figures update.">
        <SwitchRow label="Auto refresh" checked={draft.auto_refresh_enabled} onChange={(v) => set("auto_refresh_enabled", v)} />
        <TextField
          select
          label="Refresh every"
          value={draft.refresh_interval_seconds}
          onChange={(e) => set("refresh_interval_seconds", Number(e.target.value))}
          disabled={!draft.auto_refresh_enabled}
          error={Boolean(fieldError(error, "refresh_interval_seconds"))}
          helperText={fieldError(error, "refresh_interval_seconds")}
          sx={{ ml: 6, my: 1, minWidth: 200 }}
        >
          {!intervalKnown && <MenuItem value={draft.refresh_interval_seconds}>{draft.refresh_interval_seconds} seconds</MenuItem>}
          {REFRESH_INTERVALS.map((r) => (
            <MenuItem key={r.seconds} value={r.seconds}>
              {r.label}
            </MenuItem>
          ))}
        </TextField>
        <SwitchRow
          label="Compact mode"
          checked={draft.compact_mode_enabled}
          onChange={(v) => set("compact_mode_enabled", v)}
          description="Less space between and inside widgets."
        />
        <SwitchRow label="Show widget titles" checked={draft.show_widget_titles} onChange={(v) => set("show_widget_titles", v)} />
        <SwitchRow
          label="Animations"
          checked={draft.enable_animations}
          onChange={(v) => set("enable_animations", v)}
          description="Widgets fade in. Reduce motion in Accessibility turns every animation off."
        />
        <SaveBar dirty={dirty} saving={saving} onSave={() => void save(changes)} onReset={reset} error={formError(error, FIELDS)} />
      </SettingsSection>
      <SettingsSection
        title="Layout"
        description="Arrange, resize, add and remove widgets on the dashboard itself (Customize). At most 20 widgets."
        action={
          <Button component={Link} to="/dashboard?customize=1" variant="outlined">
            Customize dashboard
          </Button>
        }
      >
        <TextField
          select
          label="Default time range"
          value={settings.default_dashboard_filters.timeRange}
          onChange={(e) =>
            void instant.save({ default_dashboard_filters: { ...settings.default_dashboard_filters, timeRange: e.target.value } })
          }
          sx={{ minWidth: 220, mb: 2 }}
        >
          {!TIME_RANGES.some((t) => t.value === settings.default_dashboard_filters.timeRange) && (
            <MenuItem value={settings.default_dashboard_filters.timeRange}>{settings.default_dashboard_filters.timeRange}</MenuItem>
          )}
          {TIME_RANGES.map((t) => (
            <MenuItem key={t.value} value={t.value}>
              {t.label}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="subtitle2">Current layout</Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
          {settings.dashboard_layout ? `${widgetCount(settings.dashboard_layout)} widgets` : "The default layout"}
        </Typography>
        {settings.dashboard_layout && (
          <Button size="small" onClick={() => void instant.save({ dashboard_layout: null })} disabled={instant.saving}>
            Reset to the default layout
          </Button>
        )}
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          Saved layouts
        </Typography>
        {settings.saved_layouts.length === 0 ? (
          <Typography variant="body2" color="textSecondary">
            None yet. Use "Save layout as" while customizing the dashboard.
          </Typography>
        ) : (
          <List dense disablePadding>
            {settings.saved_layouts.map((l) => (
              <ListItem
                key={l.name}
                disableGutters
                secondaryAction={
                  <Stack direction="row" spacing={1}>
                    <Button size="small" onClick={() => void instant.save({ dashboard_layout: l.layout })}>
                      Use
                    </Button>
                    <IconButton
                      aria-label={`Delete layout ${l.name}`}
                      onClick={() => void instant.save({ saved_layouts: settings.saved_layouts.filter((s) => s.name !== l.name) })}
                    >
                      <DeleteOutline />
                    </IconButton>
                  </Stack>
                }
              >
                <ListItemText primary={l.name} secondary={`${widgetCount(l.layout)} widgets`} />
              </ListItem>
            ))}
          </List>
        )}
        {formError(instant.error) && (
          <FormHelperText error role="alert">
            {formError(instant.error)}
          </FormHelperText>
        )}
      </SettingsSection>
    </Stack>
  );
}
