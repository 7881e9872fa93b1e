/** The running import (progress from the job, over the socket or by polling) and then its result. */
import { Alert, Box, Button, Chip, LinearProgress, List, ListItem, ListItemText, Stack, Typography } from "@mui/material";
import type { ImportJob } from "@prospector/contracts";
import { errorMessage } from "../../../../lib/errors.ts";
import { isActiveJob } from "../../api/use-job-progress.ts";
import { useDownloadImportErrors, useImportJob } from "../../api/use-lead-import.ts";

const SHOWN_ERRORS = 10;

export function ImportProgress({ job }: { job: ImportJob }) {
  const query = useImportJob(job);
  const download = useDownloadImportErrors();
  const current = query.data ?? job;
  if (isActiveJob(current)) {
    return (
      <Box sx={{ display: "grid", gap: 1.5, py: 2 }}>
        <Typography>
          {current.status === "queued" ? `Waiting to start ${current.file_name}…` : `Importing ${current.file_name}…`}
        </Typography>
        <LinearProgress variant="determinate" value={current.progress} aria-label="Import progress" sx={{ height: 8, borderRadius: 4 }} />
        <Typography variant="body2" color="textSecondary">
          {`${current.progress}% · ${current.processed_rows.toLocaleString()} rows read · ${current.created.toLocaleString()} created`}
        </Typography>
        <Typography variant="caption" color="textSecondary">
          You can close this window: the import carries on and the list updates when it ends.
        </Typography>
      </Box>
    );
  }
  return (
    <Box sx={{ display: "grid", gap: 2, py: 1 }}>
      {current.status === "failed" ? (
        <Alert severity="error">{current.error ?? "The import failed."}</Alert>
      ) : (
        <Alert severity={current.failed > 0 ? "warning" : "success"}>
          {`Import finished: ${current.processed_rows.toLocaleString()} rows read.`}
        </Alert>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }} aria-label="Import counts">
        <Chip color="success" label={`${current.created.toLocaleString()} created`} />
        <Chip color="info" label={`${current.updated.toLocaleString()} updated`} />
        <Chip label={`${current.skipped.toLocaleString()} duplicates skipped`} />
        <Chip color={current.failed > 0 ? "error" : "default"} label={`${current.failed.toLocaleString()} failed`} />
      </Stack>
      {current.errors.length > 0 && (
        <>
          <List
            dense
            aria-label="Rows not imported"
            sx={{ maxHeight: 220, overflow: "auto", border: 1, borderColor: "divider", borderRadius: 1 }}
          >
            {current.errors.slice(0, SHOWN_ERRORS).map((e) => (
              <ListItem key={`${e.row}-${e.field}`}>
                <ListItemText primary={`Row ${e.row}: ${e.message}`} secondary={e.field} />
              </ListItem>
            ))}
          </List>
          {current.failed > SHOWN_ERRORS && (
            <Typography
              variant="body2"
              color="textSecondary"
            >{`…and ${current.failed - SHOWN_ERRORS} more in the error report.`}</Typography>
          )}
        </>
      )}
      {current.failed > 0 && (
        <Box>
          <Button variant="outlined" onClick={() => download.mutate(current.id)} disabled={download.isPending}>
            Download error report (CSV)
          </Button>
          {download.isError && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {errorMessage(download.error)}
            </Alert>
          )}
        </Box>
      )}
    </Box>
  );
}
