/**
 * A card of catalogue settings that save through one group: each option's control, optionally its
 * saved value and whether that is the default (the complex page), the links to settings that are
 * actions, and the group's save bar with the same checks, feedback and errors as the tabs.
 */
import { Box, Chip, Divider, Link, List, ListItem, ListItemText, Typography } from "@mui/material";
import type { UserSettings } from "@prospector/contracts";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import type { SettingsGroup } from "../api/settings-local.ts";
import { displayValue, isDefault, type SettingDef, type SettingLink, settingValue } from "../lib/settings-catalogue.ts";
import { useCatalogueGroup } from "../lib/use-catalogue-group.ts";
import { SettingControlView } from "./setting-control.tsx";
import { SaveBar, SettingsSection } from "./settings-ui.tsx";

function SavedState({ def, settings }: { def: SettingDef; settings: UserSettings }) {
  const atDefault = isDefault(def, settings);
  const saved = settingValue(settings, def.key);
  return (
    <Box data-testid={`state-${def.key}`} sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap", mt: 0.5, mb: 1.5 }}>
      <Typography variant="caption" color="textSecondary">
        Saved: {displayValue(def, saved)} · key <code>{def.key}</code>
      </Typography>
      {atDefault === true && <Chip size="small" variant="outlined" label="Default" />}
      {atDefault === false && (
        <Chip size="small" color="warning" variant="outlined" label={`Changed (default: ${displayValue(def, def.default)})`} />
      )}
    </Box>
  );
}

export function CatalogueSection({
  title,
  description,
  id,
  settings,
  defs,
  links = [],
  showState = false,
  headerAction,
  visible,
}: {
  title: string;
  description?: ReactNode;
  id?: string;
  settings: UserSettings;
  defs: readonly SettingDef[];
  links?: readonly SettingLink[];
  showState?: boolean;
  headerAction?: ReactNode;
  /** The keys to show (a search); the others keep their edits, unseen. Default: all. */
  visible?: ReadonlySet<string>;
}) {
  const group = (defs.find((d) => d.group)?.group ?? "profile") as SettingsGroup;
  const form = useCatalogueGroup(group, settings, defs);
  // A search that hides every option of the card leaves its links, without a save bar (unless edits wait).
  const editable = form.dirty || defs.some((d) => d.group && (!visible || visible.has(d.key)));
  let lastSubsection = "";
  return (
    <Box id={id} sx={{ scrollMarginTop: 80 }}>
      <SettingsSection title={title} description={description} action={headerAction}>
        {defs
          .filter((def) => !visible || visible.has(def.key))
          .map((def) => {
            const heading = showState && def.subsection !== lastSubsection && def.subsection !== title ? def.subsection : null;
            lastSubsection = def.subsection;
            const value = def.group ? form.draft[def.key] : settingValue(settings, def.key);
            return (
              <Box key={def.key} sx={{ mb: def.control.kind === "switch" || def.control.kind === "status" ? 0 : 2 }}>
                {heading && (
                  <Typography variant="overline" component="h3" color="textSecondary" sx={{ display: "block", mt: 1 }}>
                    {heading}
                  </Typography>
                )}
                <SettingControlView
                  def={def}
                  value={value}
                  error={form.errorFor(def.key)}
                  onChange={async (v) => {
                    if (v === true && def.beforeEnable && !(await def.beforeEnable())) return;
                    form.set(def.key, v);
                  }}
                />
                {showState && def.group && <SavedState def={def} settings={settings} />}
              </Box>
            );
          })}
        {links.length > 0 && (
          <>
            {defs.length > 0 && <Divider sx={{ my: 1.5 }} />}
            <List dense disablePadding aria-label={`${title}: actions on their tab`}>
              {links.map((l) => (
                <ListItem key={l.label} disableGutters>
                  <ListItemText
                    primary={
                      <Link component={RouterLink} to={l.to}>
                        {l.label}
                      </Link>
                    }
                    secondary={l.help}
                  />
                </ListItem>
              ))}
            </List>
          </>
        )}
        {editable && (
          <SaveBar dirty={form.dirty} saving={form.saving} onSave={() => void form.save()} onReset={form.reset} error={form.formError} />
        )}
      </SettingsSection>
    </Box>
  );
}
