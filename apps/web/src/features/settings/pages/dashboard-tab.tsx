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
import { Link } from "react-router";
import { useThemeMode } from "../../../app/theme-mode-provider.tsx";
import { SettingControlView } from "../components/setting-control.tsx";
import { SaveBar, SettingsSection } from "../components/settings-ui.tsx";
import { fieldError, formError } from "../lib/server-errors.ts";
import { settingDef, TIME_RANGES } from "../lib/settings-catalogue.ts";
import { useCatalogueGroup } from "../lib/use-catalogue-group.ts";
import { useGroupSave } from "../lib/use-group-save.ts";

/** The display card's options: saved together with its Save button. */
const DISPLAY = ["auto_refresh_enabled", "refresh_interval_seconds", "compact_mode_enabled", "show_widget_titles", "enable_animations"].map(
  settingDef,
);
const TIME_RANGE = settingDef("default_dashboard_filters.timeRange");

export { REFRESH_INTERVALS } from "../lib/settings-catalogue.ts";

function widgetCount(layout: string): number {
  try {
    const parsed = JSON.parse(layout);
    return Array.isArray(parsed) ? parsed.length : 0;
  } catch {
    return 0;
  }
}

export function DashboardTab({ settings }: { settings: UserSettings }) {
  const form = useCatalogueGroup("dashboard", settings, DISPLAY);
  const instant = useGroupSave("dashboard");
  const { choice, setChoice } = useThemeMode();
  const field = (key: string, disabled = false) => (
    <SettingControlView
      key={key}
      def={settingDef(key)}
      value={form.draft[key]}
      onChange={(v) => form.set(key, v)}
      error={form.errorFor(key)}
      disabled={disabled}
    />
  );
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
        {field("auto_refresh_enabled")}
        <Stack sx={{ ml: 6, my: 1, maxWidth: 220 }}>{field("refresh_interval_seconds", !form.draft.auto_refresh_enabled)}</Stack>
        {field("compact_mode_enabled")}
        {field("show_widget_titles")}
        {field("enable_animations")}
        <SaveBar dirty={form.dirty} saving={form.saving} onSave={() => void form.save()} onReset={form.reset} error={form.formError} />
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
          label={TIME_RANGE.label}
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
