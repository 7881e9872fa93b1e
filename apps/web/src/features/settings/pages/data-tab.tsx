/** Data & Export tab: exports and their history, scheduled exports, data retention and workspace backups. */
import { Stack, TextField } from "@mui/material";
import type { UserSettings } from "@prospector/contracts";
import { useMemo } from "react";
import { BackupsSection } from "../components/backups-section.tsx";
import { ExportsSection } from "../components/exports-section.tsx";
import { ScheduledExportsSection } from "../components/scheduled-exports-section.tsx";
import { SaveBar, SettingsSection } from "../components/settings-ui.tsx";
import { fieldError, formError } from "../lib/server-errors.ts";
import { useDraft } from "../lib/use-draft.ts";
import { useGroupSave } from "../lib/use-group-save.ts";

export function DataTab({ settings }: { settings: UserSettings }) {
  const source = useMemo(() => ({ data_retention_days: settings.data_retention_days }), [settings.data_retention_days]);
  const { draft, set, changes, dirty, reset } = useDraft(source);
  const { save, saving, error } = useGroupSave("data");
  return (
    <Stack spacing={3}>
      <ExportsSection />
      <ScheduledExportsSection timezone={settings.timezone} />
      <SettingsSection title="Data retention" description="How long your exports and activity records are kept before they are deleted.">
        <TextField
          label="Keep data for (days)"
          type="number"
          value={draft?.data_retention_days ?? ""}
          onChange={(e) => set("data_retention_days", Number(e.target.value))}
          error={Boolean(fieldError(error, "data_retention_days"))}
          helperText={fieldError(error, "data_retention_days") ?? "Between 1 and 3650"}
          slotProps={{ htmlInput: { min: 1, max: 3650 } }}
        />
        <SaveBar
          dirty={dirty}
          saving={saving}
          onSave={() => void save(changes)}
          onReset={reset}
          error={formError(error, ["data_retention_days"])}
        />
      </SettingsSection>
      <BackupsSection />
    </Stack>
  );
}
