/** New exports and their history: status while the job runs, then size and download (owner only). */
import DeleteOutline from "@mui/icons-material/DeleteOutlineOutlined";
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import type { ExportRecord } from "@prospector/contracts";
import { useState } from "react";
import { formatDateTime } from "../../../lib/format.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useDeleteExport, useDownload, useExports, useStartExport } from "../api/use-data-exports.ts";
import { formatBytes } from "../lib/format-bytes.ts";
import { fieldError, formError } from "../lib/server-errors.ts";
import { checkExportDraft, DEFAULT_EXPORT_DRAFT, ExportOptionsForm, toExportOptions } from "./export-options-form.tsx";
import { SettingsSection } from "./settings-ui.tsx";

const STATUS_COLOUR = { queued: "default", processing: "info", completed: "success", failed: "error" } as const;
const TYPE_LABEL: Record<ExportRecord["type"], string> = {
  personal_data: "Personal data",
  campaign_data: "Campaign data",
  analytics_data: "Analytics data",
  system_logs: "System logs",
  multiple: "Several kinds",
};

export function ExportsSection() {
  const [draft, setDraft] = useState(DEFAULT_EXPORT_DRAFT);
  const [local, setLocal] = useState<Record<string, string>>({});
  const start = useStartExport();
  const history = useExports();
  const download = useDownload();
  const remove = useDeleteExport();
  const toast = useToast();
  const errorFor = (f: string) => local[f] ?? fieldError(start.error, f);

  const submit = () => {
    const problems = checkExportDraft(draft);
    setLocal(problems);
    if (Object.keys(problems).length > 0) return;
    start.mutate(toExportOptions(draft), { onSuccess: () => toast.info("Export started. It appears below when ready.") });
  };
  const startError = formError(start.error, ["includePersonalData", "dateRange.from", "dateRange.to", "maxFileSize"]);

  return (
    <>
      <SettingsSection title="Export your data" description="Exports run in the background; only you can download them.">
        <ExportOptionsForm value={draft} onChange={setDraft} errorFor={errorFor} />
        {startError && (
          <Alert severity="error" sx={{ mt: 2 }} data-code={(start.error as { code?: string } | null)?.code}>
            {startError}
          </Alert>
        )}
        <Stack direction="row" sx={{ justifyContent: "flex-end", mt: 2 }}>
          <Button variant="contained" onClick={submit} loading={start.isPending}>
            Start export
          </Button>
        </Stack>
      </SettingsSection>
      <SettingsSection title="Export history">
        {history.isPending ? (
          <LinearProgress />
        ) : history.isError ? (
          <Typography color="textSecondary">{formError(history.error) ?? "Export history needs the server."}</Typography>
        ) : history.data.length === 0 ? (
          <Typography color="textSecondary">No exports yet.</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Export history">
              <TableHead>
                <TableRow>
                  <TableCell>Data</TableCell>
                  <TableCell>Format</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Requested</TableCell>
                  <TableCell>Completed</TableCell>
                  <TableCell align="right">Size</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {history.data.map((e) => (
                  <TableRow key={e.id} data-testid="export-row">
                    <TableCell>
                      {TYPE_LABEL[e.type]}
                      {e.scheduledExportId && <Chip size="small" variant="outlined" label="Scheduled" sx={{ ml: 1 }} />}
                      {e.error && (
                        <Typography variant="caption" color="error" component="p">
                          {e.error}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{e.format.toUpperCase()}</TableCell>
                    <TableCell>
                      <Chip size="small" color={STATUS_COLOUR[e.status]} label={e.status} />
                    </TableCell>
                    <TableCell>{formatDateTime(e.createdAt)}</TableCell>
                    <TableCell>{formatDateTime(e.completedAt) || "—"}</TableCell>
                    <TableCell align="right">{formatBytes(e.fileSize)}</TableCell>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>
                      {e.downloadUrl && (
                        <Button
                          size="small"
                          onClick={() =>
                            download.mutate({
                              path: e.downloadUrl as string,
                              filename:
                                e.files.length === 1
                                  ? (e.files[0]?.name ?? "export")
                                  : `prospector-export-${e.id}.${e.options.compression === "none" ? e.format : "zip"}`,
                            })
                          }
                        >
                          Download
                        </Button>
                      )}
                      <IconButton size="small" aria-label="Delete export" onClick={() => remove.mutate(e.id)}>
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {(formError(download.error) || formError(remove.error)) && (
          <Box sx={{ mt: 1 }}>
            <Alert severity="error">{formError(download.error) ?? formError(remove.error)}</Alert>
          </Box>
        )}
      </SettingsSection>
    </>
  );
}
