/** Wizard step 6: when mail goes out (time zone, weekdays, hours, optional start) and tracking and stop-on-reply. */
import { Alert, Autocomplete, Box, Chip, FormControlLabel, FormHelperText, Stack, Switch, TextField, Typography } from "@mui/material";
import { useMemo } from "react";
import { WEEKDAYS } from "../../lib/campaign-labels.ts";
import type { CampaignDraft, StepErrors } from "../../lib/campaign-wizard.ts";

/** The browser's IANA zones; Chromium leaves out "UTC" itself, which campaigns default to. */
function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
  const zones = intl.supportedValuesOf?.("timeZone") ?? [];
  return zones.includes("UTC") ? zones : ["UTC", ...zones];
}

/** datetime-local wants local "YYYY-MM-DDTHH:MM"; the campaign stores an ISO instant. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return "";
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

export function ScheduleStep({
  draft,
  errors,
  onChange,
}: {
  draft: CampaignDraft;
  errors: StepErrors;
  onChange: (d: CampaignDraft) => void;
}) {
  const known = useMemo(timeZones, []);
  // A zone saved elsewhere that this browser does not list must still show as the value.
  const zones = known.includes(draft.schedule.timezone) ? known : [draft.schedule.timezone, ...known];
  const s = draft.schedule;
  const set = (patch: Partial<CampaignDraft["schedule"]>) => onChange({ ...draft, schedule: { ...s, ...patch } });
  const toggleDay = (d: number) => set({ days: s.days.includes(d) ? s.days.filter((x) => x !== d) : [...s.days, d].sort() });
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Autocomplete
        options={zones}
        value={s.timezone}
        disableClearable
        onChange={(_, v) => v && set({ timezone: v })}
        renderInput={(p) => (
          <TextField
            {...p}
            label="Time zone"
            error={Boolean(errors["schedule.timezone"])}
            helperText={errors["schedule.timezone"] ?? "Hours and days below are in this zone."}
          />
        )}
      />
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          Sending days
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }} role="group" aria-label="Sending days">
          {WEEKDAYS.map((label, d) => (
            <Chip
              key={label}
              label={label}
              color={s.days.includes(d) ? "primary" : "default"}
              variant={s.days.includes(d) ? "filled" : "outlined"}
              onClick={() => toggleDay(d)}
              aria-pressed={s.days.includes(d)}
            />
          ))}
        </Stack>
        {errors["schedule.days"] && <FormHelperText error>{errors["schedule.days"]}</FormHelperText>}
      </Box>
      <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
        <TextField
          type="time"
          label="From"
          value={s.start}
          onChange={(e) => set({ start: e.target.value })}
          error={Boolean(errors["schedule.start"])}
          helperText={errors["schedule.start"] ?? " "}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="time"
          label="Until"
          value={s.end}
          onChange={(e) => set({ end: e.target.value })}
          error={Boolean(errors["schedule.end"])}
          helperText={errors["schedule.end"] ?? " "}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="datetime-local"
          label="Start on (optional)"
          value={toLocalInput(draft.starts_at)}
          onChange={(e) => onChange({ ...draft, starts_at: e.target.value ? new Date(e.target.value).toISOString() : null })}
          error={Boolean(errors.starts_at)}
          helperText={errors.starts_at ?? "Empty: start at launch."}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      <Box>
        <Typography variant="subtitle2">Tracking and replies</Typography>
        <Stack>
          <FormControlLabel
            control={<Switch checked={draft.track_opens} onChange={(e) => onChange({ ...draft, track_opens: e.target.checked })} />}
            label="Track opens (a tiny image; privacy proxies are counted apart)"
          />
          <FormControlLabel
            control={<Switch checked={draft.track_clicks} onChange={(e) => onChange({ ...draft, track_clicks: e.target.checked })} />}
            label="Track clicks (links go through this server)"
          />
          <FormControlLabel
            control={<Switch checked={draft.stop_on_reply} onChange={(e) => onChange({ ...draft, stop_on_reply: e.target.checked })} />}
            label="Stop the sequence for a lead who replies"
          />
        </Stack>
        {!draft.stop_on_reply && <Alert severity="warning">Leads who reply will still get the follow-ups.</Alert>}
      </Box>
    </Stack>
  );
}
