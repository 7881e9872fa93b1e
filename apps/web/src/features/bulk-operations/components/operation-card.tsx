/** One bulk operation: what it changes, its progress bar, counts, errors (expandable), cancel and undo with its countdown. */

import { Alert, Box, Button, Chip, Collapse, List, ListItem, ListItemText, Paper, Stack, TablePagination, Typography } from "@mui/material";
import type { BulkItemStatus, BulkOperation } from "@prospector/contracts";
import { useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { JobProgress } from "../../../ui/job-progress.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useBulkAction, useBulkItems } from "../api/use-bulk-operations.ts";
import { actionLabel, plural, STATUS_COLORS, STATUS_LABELS, timeLeft } from "../lib/bulk-labels.ts";

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "");

function ItemErrors({ op, status }: { op: BulkOperation; status: BulkItemStatus }) {
  const [page, setPage] = useState(0);
  const items = useBulkItems(op.id, status, page, true);
  if (items.isError) return <Alert severity="error">{errorMessage(items.error)}</Alert>;
  const rows = items.data?.items ?? [];
  return (
    <Box>
      <List dense disablePadding>
        {rows.map((i) => (
          <ListItem key={i.seq} disableGutters>
            <ListItemText primary={i.label} secondary={status === "undo_failed" ? i.undo_error : i.error} />
          </ListItem>
        ))}
      </List>
      {(items.data?.total ?? 0) > 20 && (
        <TablePagination
          component="div"
          count={items.data?.total ?? 0}
          page={page}
          onPageChange={(_, p) => setPage(p)}
          rowsPerPage={20}
          rowsPerPageOptions={[20]}
        />
      )}
    </Box>
  );
}

export function OperationCard({ op, now }: { op: BulkOperation; now: number }) {
  const [open, setOpen] = useState(false);
  const cancel = useBulkAction("cancel");
  const undo = useBulkAction("undo");
  const toast = useToast();
  const running = op.status === "queued" || op.status === "running";
  const left = op.can_undo ? timeLeft(op.undo_until, now) : null;
  const undoing = op.undo_status === "running";
  const errorsToShow = op.failed + op.undo_failed;
  const run = (m: typeof cancel, verb: string) =>
    m.mutate(op.id, {
      onSuccess: () => toast.success(`${verb}: ${op.target_description}`),
      onError: (err) => toast.error(errorMessage(err)),
    });

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="article" aria-label={op.target_description}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between", alignItems: { sm: "flex-start" } }}>
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
            <Chip size="small" label={undoing ? "Undoing" : STATUS_LABELS[op.status]} color={undoing ? "info" : STATUS_COLORS[op.status]} />
            <Typography variant="subtitle2" component="span">
              {actionLabel(op)} · {op.target_type === "leads" ? "Leads" : "Campaigns"}
            </Typography>
          </Stack>
          <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: "anywhere" }}>
            {op.target_description}
          </Typography>
          <Typography variant="caption" color="textSecondary">
            Started {when(op.started_at ?? op.created_at)}
            {op.finished_at && ` · finished ${when(op.finished_at)}`}
            {op.undone_at && ` · undone ${when(op.undone_at)}`}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          {running && (
            <Button size="small" color="warning" variant="outlined" onClick={() => run(cancel, "Cancelled")} disabled={cancel.isPending}>
              Cancel
            </Button>
          )}
          {left && (
            <Button size="small" variant="contained" onClick={() => run(undo, "Undoing")} disabled={undo.isPending}>
              Undo ({left})
            </Button>
          )}
        </Stack>
      </Stack>

      {(running || undoing) && (
        <JobProgress
          label={undoing ? "Undo progress" : "Progress"}
          percent={op.total ? (undoing ? (op.succeeded ? ((op.undone + op.undo_failed) / op.succeeded) * 100 : 0) : op.progress) : null}
          sx={{ mt: 1.5 }}
        />
      )}
      <Typography variant="body2" sx={{ mt: 1 }}>
        {op.total
          ? `${op.processed.toLocaleString("en")} of ${plural(op.total, op.target_type === "leads" ? "lead" : "campaign")} processed · ${op.succeeded.toLocaleString("en")} succeeded · ${op.failed.toLocaleString("en")} failed`
          : running
            ? "Finding the targets…"
            : "Nothing matched"}
        {(op.undone > 0 || op.undo_failed > 0) &&
          ` · ${op.undone.toLocaleString("en")} undone, ${op.undo_failed.toLocaleString("en")} could not be undone`}
      </Typography>
      {op.error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {op.error}
        </Alert>
      )}
      {!op.undoable && op.not_undoable_reason && op.succeeded > 0 && !running && (
        <Typography variant="caption" color="textSecondary">
          Cannot be undone: {op.not_undoable_reason}.
        </Typography>
      )}
      {errorsToShow > 0 && (
        <>
          <Button size="small" onClick={() => setOpen((o) => !o)} aria-expanded={open} sx={{ mt: 0.5, px: 0 }}>
            {open ? "Hide errors" : `Show ${plural(errorsToShow, "error")}`}
          </Button>
          <Collapse in={open} unmountOnExit>
            {op.failed > 0 && <ItemErrors op={op} status="failed" />}
            {op.undo_failed > 0 && (
              <>
                <Typography variant="subtitle2" sx={{ mt: 1 }}>
                  Not undone
                </Typography>
                <ItemErrors op={op} status="undo_failed" />
              </>
            )}
          </Collapse>
        </>
      )}
    </Paper>
  );
}
