/**
 * Workspace backups: schedule, destination, retention, attachments, encryption and notification;
 * run one now, download, restore (from the list or an uploaded file) and delete. Changing them
 * needs settings:update, so other members see the schedule read-only.
 */
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import type { Backup, BackupSettings, RestoreResult } from "@prospector/contracts";
import { useEffect, useRef, useState } from "react";
import { usePermissions } from "../../../app/permissions/index.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import {
  useBackupSettings,
  useBackups,
  useDeleteBackup,
  useDownload,
  useRestoreBackup,
  useRunBackup,
  useSaveBackupSettings,
} from "../api/use-data-exports.ts";
import { formatBytes } from "../lib/format-bytes.ts";
import { fieldError, formError } from "../lib/server-errors.ts";
import { SaveBar, SettingsSection, SwitchRow } from "./settings-ui.tsx";

type Editable = Omit<BackupSettings, "lastBackup" | "nextBackup">;
const FIELDS = [
  "enabled",
  "frequency",
  "destination",
  "retentionDays",
  "retentionCount",
  "includeAttachments",
  "encryptBackups",
  "notifyOnCompletion",
] as const;

function restoredSummary(r: RestoreResult): string {
  const rows = Object.values(r.tables).reduce((a, b) => a + b, 0);
  return `Restored the backup of ${formatDateTime(r.backupCreatedAt)}: ${rows.toLocaleString()} rows${r.attachments ? ` and ${r.attachments} files` : ""}.`;
}

export function BackupsSection() {
  const { can, loading } = usePermissions();
  const canManage = !loading && can("settings:update");
  const settings = useBackupSettings();
  const saveSettings = useSaveBackupSettings();
  const backups = useBackups(canManage);
  const run = useRunBackup();
  const restore = useRestoreBackup();
  const remove = useDeleteBackup();
  const download = useDownload();
  const toast = useToast();
  const [draft, setDraft] = useState<Editable>();
  const [confirm, setConfirm] = useState<{ backup?: Backup; file?: File } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (settings.data) setDraft(Object.fromEntries(FIELDS.map((f) => [f, settings.data[f]])) as Editable);
  }, [settings.data]);

  if (settings.isPending || !draft) {
    return settings.isError ? (
      <SettingsSection title="Backups">
        <Typography color="textSecondary">{formError(settings.error) ?? "Backups need the server."}</Typography>
      </SettingsSection>
    ) : null;
  }
  const set = <K extends keyof Editable>(k: K, v: Editable[K]) => setDraft({ ...draft, [k]: v });
  const changes = Object.fromEntries(FIELDS.filter((f) => draft[f] !== settings.data?.[f]).map((f) => [f, draft[f]]));
  const errorFor = (f: string) => fieldError(saveSettings.error, f);
  const actionError = formError(run.error) ?? formError(restore.error) ?? formError(remove.error) ?? formError(download.error);

  return (
    <SettingsSection
      title="Backups"
      description="A backup holds the workspace's leads, campaigns (a deleted one returns as a draft), teams, suppression list, settings, notifications and files, and can be restored here. Every backup is signed: only this server (or one with the same BACKUP_KEY) restores it, and a changed file is refused."
      action={
        canManage && (
          <Button
            variant="outlined"
            loading={run.isPending}
            onClick={() => run.mutate(undefined, { onSuccess: () => toast.info("Backup started") })}
          >
            Back up now
          </Button>
        )
      }
    >
      {!canManage && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Only workspace administrators can change backups or restore them.
        </Alert>
      )}
      <Stack direction="row" spacing={3} sx={{ mb: 2, flexWrap: "wrap" }}>
        <Typography variant="body2">
          Last backup: {settings.data?.lastBackup ? formatDateTime(settings.data.lastBackup) : "never"}
        </Typography>
        <Typography variant="body2">
          Next backup: {settings.data?.enabled && settings.data.nextBackup ? formatDateTime(settings.data.nextBackup) : "not scheduled"}
        </Typography>
      </Stack>
      <SwitchRow label="Automatic backups" checked={draft.enabled} onChange={(v) => set("enabled", v)} disabled={!canManage} />
      <Grid container spacing={2} sx={{ mt: 1 }}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField
            select
            label="Frequency"
            fullWidth
            value={draft.frequency}
            disabled={!canManage}
            onChange={(e) => set("frequency", e.target.value as Editable["frequency"])}
          >
            <MenuItem value="daily">Daily</MenuItem>
            <MenuItem value="weekly">Weekly</MenuItem>
            <MenuItem value="monthly">Monthly</MenuItem>
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField
            label="Destination folder"
            fullWidth
            value={draft.destination}
            disabled={!canManage}
            onChange={(e) => set("destination", e.target.value)}
            error={Boolean(
              errorFor("destination") || (saveSettings.error as { code?: string } | null)?.code === "BACKUP_DESTINATION_UNAVAILABLE",
            )}
            helperText={
              errorFor("destination") ??
              ((saveSettings.error as { code?: string } | null)?.code === "BACKUP_DESTINATION_UNAVAILABLE"
                ? formError(saveSettings.error)
                : "Under the server's data folder")
            }
          />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <TextField
            label="Keep for (days)"
            type="number"
            fullWidth
            value={draft.retentionDays}
            disabled={!canManage}
            onChange={(e) => set("retentionDays", Number(e.target.value))}
            error={Boolean(errorFor("retentionDays"))}
            helperText={errorFor("retentionDays")}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <TextField
            label="Keep at most"
            type="number"
            fullWidth
            value={draft.retentionCount}
            disabled={!canManage}
            onChange={(e) => set("retentionCount", Number(e.target.value))}
            error={Boolean(errorFor("retentionCount"))}
            helperText={errorFor("retentionCount") ?? "backups"}
          />
        </Grid>
      </Grid>
      <SwitchRow
        label="Include attachments"
        checked={draft.includeAttachments}
        onChange={(v) => set("includeAttachments", v)}
        disabled={!canManage}
      />
      <SwitchRow
        label="Encrypt backups (AES-GCM)"
        checked={draft.encryptBackups}
        onChange={(v) => set("encryptBackups", v)}
        disabled={!canManage}
      />
      <SwitchRow
        label="Notify me when a backup completes"
        checked={draft.notifyOnCompletion}
        onChange={(v) => set("notifyOnCompletion", v)}
        disabled={!canManage}
      />
      {canManage && (
        <SaveBar
          dirty={Object.keys(changes).length > 0}
          saving={saveSettings.isPending}
          onSave={() => saveSettings.mutate(changes, { onSuccess: () => toast.success("Backup settings saved") })}
          error={
            (saveSettings.error as { code?: string } | null)?.code === "BACKUP_DESTINATION_UNAVAILABLE"
              ? undefined
              : formError(saveSettings.error, FIELDS)
          }
        />
      )}

      {canManage && (
        <Box sx={{ mt: 3 }}>
          <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", mb: 1 }}>
            <Typography variant="subtitle1">Backup history</Typography>
            <Button size="small" onClick={() => fileInput.current?.click()}>
              Restore from a file…
            </Button>
            <input
              ref={fileInput}
              type="file"
              hidden
              accept=".psbk,application/octet-stream"
              aria-label="Backup file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = "";
                if (file) setConfirm({ file });
              }}
            />
          </Stack>
          {actionError && (
            <Alert severity="error" sx={{ mb: 1 }} data-code={(run.error as { code?: string } | null)?.code}>
              {actionError}
            </Alert>
          )}
          {(backups.data ?? []).length === 0 ? (
            <Typography color="textSecondary">No backups yet.</Typography>
          ) : (
            <Table size="small" aria-label="Backups">
              <TableHead>
                <TableRow>
                  <TableCell>Started</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Trigger</TableCell>
                  <TableCell align="right">Size</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {(backups.data ?? []).map((b) => (
                  <TableRow key={b.id} data-testid="backup-row">
                    <TableCell>
                      {formatDateTime(b.createdAt)}
                      {b.encrypted && <Chip size="small" variant="outlined" label="Encrypted" sx={{ ml: 1 }} />}
                      {b.error && (
                        <Typography variant="caption" color="error" component="p">
                          {b.error}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={b.status === "completed" ? "success" : b.status === "failed" ? "error" : "info"}
                        label={b.status}
                      />
                    </TableCell>
                    <TableCell>{b.trigger}</TableCell>
                    <TableCell align="right">{formatBytes(b.size)}</TableCell>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>
                      {b.status === "completed" && (
                        <>
                          <Button
                            size="small"
                            onClick={() =>
                              download.mutate({
                                path: `/user-settings/backups/${b.id}/download`,
                                filename: b.fileName ?? `backup-${b.id}.psbk`,
                              })
                            }
                          >
                            Download
                          </Button>
                          <Button size="small" onClick={() => setConfirm({ backup: b })}>
                            Restore
                          </Button>
                        </>
                      )}
                      <Button size="small" color="error" onClick={() => remove.mutate(b.id)}>
                        Delete
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Box>
      )}

      <Dialog open={Boolean(confirm)} onClose={() => setConfirm(null)}>
        <DialogTitle>Restore this backup?</DialogTitle>
        <DialogContent>
          <Typography>
            The workspace goes back to how it was{" "}
            {confirm?.backup ? `on ${formatDateTime(confirm.backup.createdAt)}` : `in ${confirm?.file?.name}`}. Changes made since are
            replaced.
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>Cancel</Button>
          <Button
            color="warning"
            variant="contained"
            loading={restore.isPending}
            onClick={() => {
              if (!confirm) return;
              const source = confirm.backup ? { id: confirm.backup.id } : { file: confirm.file as File };
              restore.mutate(source, {
                onSuccess: (r) => toast.success(restoredSummary(r)),
                onSettled: () => setConfirm(null),
              });
            }}
          >
            Restore
          </Button>
        </DialogActions>
      </Dialog>
    </SettingsSection>
  );
}
