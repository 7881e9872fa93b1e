/** Data & Export tab: exports and their history, scheduled exports, data retention (from the settings catalogue) and workspace backups. */
import { Stack } from "@mui/material";
import type { UserSettings } from "@prospector/contracts";
import { BackupsSection } from "../components/backups-section.tsx";
import { ExportsSection } from "../components/exports-section.tsx";
import { ScheduledExportsSection } from "../components/scheduled-exports-section.tsx";
import { SettingControlView } from "../components/setting-control.tsx";
import { SaveBar, SettingsSection } from "../components/settings-ui.tsx";
import { settingDef } from "../lib/settings-catalogue.ts";
import { useCatalogueGroup } from "../lib/use-catalogue-group.ts";

const RETENTION = settingDef("data_retention_days");

export function DataTab({ settings }: { settings: UserSettings }) {
  const form = useCatalogueGroup("data", settings, [RETENTION]);
  return (
    <Stack spacing={3}>
      <ExportsSection />
      <ScheduledExportsSection timezone={settings.timezone} />
      <SettingsSection title="Data retention" description="How long your exports and activity records are kept before they are deleted.">
        <SettingControlView
          def={RETENTION}
          value={form.draft.data_retention_days}
          onChange={(v) => form.set("data_retention_days", v)}
          error={form.errorFor("data_retention_days")}
          helperOverride="Between 1 and 3650"
          fullWidth={false}
        />
        <SaveBar dirty={form.dirty} saving={form.saving} onSave={() => void form.save()} onReset={form.reset} error={form.formError} />
      </SettingsSection>
      <BackupsSection />
    </Stack>
  );
}
