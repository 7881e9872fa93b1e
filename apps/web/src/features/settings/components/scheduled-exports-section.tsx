/** Scheduled exports: a cron expression (in a time zone) that runs an export; next and last run shown. */
import DeleteOutline from "@mui/icons-material/DeleteOutlineOutlined";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Switch,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { formatDateTime } from "../../../lib/format.ts";
import {
  useCreateScheduledExport,
  useDeleteScheduledExport,
  useScheduledExports,
  useUpdateScheduledExport,
} from "../api/use-data-exports.ts";
import { fieldError, formError } from "../lib/server-errors.ts";
import { checkExportDraft, DEFAULT_EXPORT_DRAFT, ExportOptionsForm, toExportOptions } from "./export-options-form.tsx";
import { SettingsSection } from "./settings-ui.tsx";

const CRON_EXAMPLES = [
  { cron: "0 6 * * 1", label: "Mondays at 06:00" },
  { cron: "0 2 * * *", label: "Every day at 02:00" },
  { cron: "0 3 1 * *", label: "The 1st of each month at 03:00" },
];

function ScheduleDialog({ open, onClose, timezone }: { open: boolean; onClose: () => void; timezone: string }) {
  const [name, setName] = useState("");
  const [schedule, setSchedule] = useState(CRON_EXAMPLES[0]!.cron);
  const [draft, setDraft] = useState(DEFAULT_EXPORT_DRAFT);
  const [local, setLocal] = useState<Record<string, string>>({});
  const create = useCreateScheduledExport();
  const errorFor = (f: string) => local[f] ?? fieldError(create.error, f) ?? fieldError(create.error, `options.${f}`);

  const submit = () => {
    const problems = checkExportDraft(draft);
    if (!name.trim()) problems.name = "Name is required";
    if (schedule.trim().split(/\s+/).length !== 5) problems.schedule = "Use five fields: minute hour day month weekday";
    setLocal(problems);
    if (Object.keys(problems).length > 0) return;
    create.mutate({ name, schedule, timezone, options: toExportOptions(draft), enabled: true }, { onSuccess: onClose });
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>Schedule an export</DialogTitle>
      <DialogContent>
        <Grid container spacing={2} sx={{ mt: 0, mb: 2 }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              label="Name"
              fullWidth
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={Boolean(errorFor("name"))}
              helperText={errorFor("name")}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              label="Cron schedule"
              fullWidth
              value={schedule}
              onChange={(e) => setSchedule(e.target.value)}
              error={Boolean(errorFor("schedule"))}
              helperText={errorFor("schedule") ?? `minute hour day month weekday, in ${timezone}`}
              slotProps={{ htmlInput: { style: { fontFamily: "monospace" } } }}
            />
            <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", mt: 1 }}>
              {CRON_EXAMPLES.map((c) => (
                <Button key={c.cron} size="small" variant="outlined" onClick={() => setSchedule(c.cron)}>
                  {c.label}
                </Button>
              ))}
            </Box>
          </Grid>
        </Grid>
        <ExportOptionsForm value={draft} onChange={setDraft} errorFor={errorFor} />
        {formError(create.error, ["name", "schedule", "options"]) && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {formError(create.error, ["name", "schedule", "options"])}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} loading={create.isPending}>
          Schedule
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function ScheduledExportsSection({ timezone }: { timezone: string }) {
  const list = useScheduledExports();
  const update = useUpdateScheduledExport();
  const remove = useDeleteScheduledExport();
  const [open, setOpen] = useState(false);
  const actionError = formError(update.error) ?? formError(remove.error);

  return (
    <SettingsSection
      title="Scheduled exports"
      description="Exports that run by themselves on a cron schedule; each run appears in the history."
      action={
        <Button variant="outlined" onClick={() => setOpen(true)}>
          Schedule export
        </Button>
      }
    >
      {list.isPending ? null : list.isError ? (
        <Typography color="textSecondary">{formError(list.error) ?? "Scheduled exports need the server."}</Typography>
      ) : list.data.length === 0 ? (
        <Typography color="textSecondary">No scheduled exports.</Typography>
      ) : (
        <List disablePadding>
          {list.data.map((s) => (
            <ListItem
              key={s.id}
              divider
              data-testid="scheduled-export-row"
              secondaryAction={
                <>
                  <Switch
                    checked={s.enabled}
                    slotProps={{ input: { "aria-label": `${s.name} enabled` } }}
                    onChange={(e) => update.mutate({ id: s.id, patch: { enabled: e.target.checked } })}
                  />
                  <IconButton aria-label={`Delete ${s.name}`} onClick={() => remove.mutate(s.id)}>
                    <DeleteOutline />
                  </IconButton>
                </>
              }
            >
              <ListItemText
                primary={
                  <>
                    {s.name}{" "}
                    <Typography component="code" variant="body2" sx={{ fontFamily: "monospace", ml: 1 }}>
                      {s.schedule}
                    </Typography>
                  </>
                }
                secondary={
                  <>
                    {`${s.enabled && s.nextRun ? `Next run ${formatDateTime(s.nextRun)}` : "Paused"} · ${s.lastRun ? `last run ${formatDateTime(s.lastRun)}` : "not run yet"} · ${s.timezone}`}
                    {s.stoppedReason && (
                      <Typography
                        component="span"
                        variant="body2"
                        color="error"
                        sx={{ display: "block" }}
                        data-testid="scheduled-export-stopped"
                      >
                        Stopped: {s.stoppedReason}
                      </Typography>
                    )}
                  </>
                }
                sx={{ pr: 14 }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {actionError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {actionError}
        </Alert>
      )}
      {open && <ScheduleDialog open onClose={() => setOpen(false)} timezone={timezone} />}
    </SettingsSection>
  );
}
