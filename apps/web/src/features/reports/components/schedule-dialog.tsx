/**
 * A saved report's email schedules: add one (frequency, hour in a chosen time zone, members as
 * recipients, file format), see when each runs next and how its last delivery went, Send now.
 */

import {
  Alert,
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import type { ReportExportFormat, ReportFrequency, ReportSchedule, SavedReport } from "@prospector/contracts";
import { useState } from "react";
import { ApiError, errorMessage } from "../../../lib/errors.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useCreateSchedule, useDeleteSchedule, useRecipients, useSchedules, useSendNow } from "../api/use-reports.ts";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const HOURS = Array.from({ length: 24 }, (_, h) => h);
const MONTHDAYS = Array.from({ length: 28 }, (_, i) => i + 1);
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
const zones = (): string[] => {
  const list = (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.("timeZone") ?? [];
  return list.includes("UTC") ? list : ["UTC", ...list];
};

export function describeRule(s: Pick<ReportSchedule, "frequency" | "hour" | "weekday" | "monthday" | "timezone">): string {
  const at = `${String(s.hour).padStart(2, "0")}:00 ${s.timezone}`;
  if (s.frequency === "weekly") return `Every ${WEEKDAYS[s.weekday ?? 0]} at ${at}`;
  if (s.frequency === "monthly") return `On day ${s.monthday} of each month at ${at}`;
  return `Every day at ${at}`;
}

const inZone = (iso: string, tz: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short", timeZone: tz }).format(new Date(iso));

export function ScheduleDialog({ report, onClose }: { report: SavedReport; onClose: () => void }) {
  const schedules = useSchedules(report.id);
  const members = useRecipients();
  const create = useCreateSchedule(report.id);
  const remove = useDeleteSchedule();
  const sendNow = useSendNow();
  const toast = useToast();
  const [frequency, setFrequency] = useState<ReportFrequency>("weekly");
  const [hour, setHour] = useState(8);
  const [weekday, setWeekday] = useState(1);
  const [monthday, setMonthday] = useState(1);
  const [timezone, setTimezone] = useState(browserZone());
  const [format, setFormat] = useState<ReportExportFormat>("pdf");
  const [recipients, setRecipients] = useState<string[]>([]);
  const fieldError = create.error instanceof ApiError ? create.error : null;

  const submit = () =>
    create.mutate(
      {
        frequency,
        hour,
        weekday: frequency === "weekly" ? weekday : null,
        monthday: frequency === "monthly" ? monthday : null,
        timezone,
        recipients,
        format,
        enabled: true,
      },
      { onSuccess: () => toast.success("Schedule added") },
    );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Email “{report.name}”</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {(schedules.data?.schedules ?? []).length > 0 && (
            <List dense aria-label="Schedules">
              {schedules.data?.schedules.map((s) => (
                <ListItem key={s.id} divider sx={{ flexWrap: "wrap", gap: 1 }}>
                  <ListItemText
                    primary={`${describeRule(s)} · ${s.format.toUpperCase()}`}
                    secondary={
                      <>
                        To {s.recipients.join(", ")}
                        <br />
                        {s.next_run_at ? `Next: ${inZone(s.next_run_at, s.timezone)} (${s.timezone})` : "Paused"}
                        {s.last_status && ` · Last: ${s.last_status}${s.last_error ? ` (${s.last_error})` : ""}`}
                      </>
                    }
                  />
                  <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0 }}>
                    <Button
                      size="small"
                      disabled={sendNow.isPending}
                      onClick={() =>
                        sendNow.mutate(s.id, {
                          onSuccess: () => toast.success("Sending now: follow it in the delivery log"),
                          onError: (e) => toast.error(errorMessage(e)),
                        })
                      }
                    >
                      Send now
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => remove.mutate(s.id)}
                      aria-label={`Delete schedule ${describeRule(s)}`}
                    >
                      Delete
                    </Button>
                  </Stack>
                </ListItem>
              ))}
            </List>
          )}
          <Typography variant="subtitle2" component="h4">
            New schedule
          </Typography>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5}>
            <TextField
              select
              size="small"
              label="Frequency"
              value={frequency}
              onChange={(e) => setFrequency(e.target.value as ReportFrequency)}
              sx={{ minWidth: 130 }}
            >
              <MenuItem value="daily">Daily</MenuItem>
              <MenuItem value="weekly">Weekly</MenuItem>
              <MenuItem value="monthly">Monthly</MenuItem>
            </TextField>
            {frequency === "weekly" && (
              <TextField
                select
                size="small"
                label="Weekday"
                value={weekday}
                onChange={(e) => setWeekday(Number(e.target.value))}
                sx={{ minWidth: 140 }}
              >
                {WEEKDAYS.map((d, i) => (
                  <MenuItem key={d} value={i}>
                    {d}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {frequency === "monthly" && (
              <TextField
                select
                size="small"
                label="Day of month"
                value={monthday}
                onChange={(e) => setMonthday(Number(e.target.value))}
                sx={{ minWidth: 120 }}
              >
                {MONTHDAYS.map((d) => (
                  <MenuItem key={d} value={d}>
                    {d}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              select
              size="small"
              label="Hour"
              value={hour}
              onChange={(e) => setHour(Number(e.target.value))}
              sx={{ minWidth: 100 }}
            >
              {HOURS.map((h) => (
                <MenuItem key={h} value={h}>
                  {String(h).padStart(2, "0")}:00
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5}>
            <Autocomplete
              size="small"
              options={zones()}
              value={timezone}
              disableClearable
              onChange={(_, v) => setTimezone(v)}
              sx={{ flex: 1 }}
              renderInput={(params) => <TextField {...params} label="Time zone" error={fieldError?.field === "timezone"} />}
            />
            <TextField
              select
              size="small"
              label="File"
              value={format}
              onChange={(e) => setFormat(e.target.value as ReportExportFormat)}
              sx={{ minWidth: 110 }}
            >
              <MenuItem value="pdf">PDF</MenuItem>
              <MenuItem value="xlsx">XLSX</MenuItem>
              <MenuItem value="csv">CSV</MenuItem>
            </TextField>
          </Stack>
          <Autocomplete
            multiple
            size="small"
            options={(members.data?.members ?? []).map((m) => m.email)}
            getOptionLabel={(email) => {
              const m = members.data?.members.find((x) => x.email === email);
              return m?.name ? `${m.name} <${email}>` : email;
            }}
            value={recipients}
            onChange={(_, v) => setRecipients(v)}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Recipients"
                helperText="Members of this workspace only, so its figures never leave it"
                error={fieldError?.field?.startsWith("recipients") ?? false}
              />
            )}
          />
          {create.isError && <Alert severity="error">{errorMessage(create.error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" onClick={submit} disabled={recipients.length === 0 || create.isPending}>
          Add schedule
        </Button>
      </DialogActions>
    </Dialog>
  );
}
