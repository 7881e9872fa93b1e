/** The workspace's saved reports, newest first (keyset pages): open, rename, schedule, export, delete. */

import {
  Button,
  Card,
  CardContent,
  CardHeader,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import type { SavedReport } from "@prospector/contracts";
import { useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useDeleteReport, useRenameReport, useSavedReports } from "../api/use-reports.ts";

const describePeriod = (r: SavedReport) =>
  "last_days" in r.definition.period
    ? `last ${r.definition.period.last_days} days`
    : `${r.definition.period.from} to ${r.definition.period.to}`;

export function SavedReports(props: {
  openId: string | null;
  canWrite: boolean;
  onOpen: (r: SavedReport) => void;
  onSchedule: (r: SavedReport) => void;
  onDeleted: (id: string) => void;
}) {
  const list = useSavedReports();
  const rename = useRenameReport();
  const remove = useDeleteReport();
  const toast = useToast();
  const [renaming, setRenaming] = useState<SavedReport | null>(null);
  const [name, setName] = useState("");
  const [deleting, setDeleting] = useState<SavedReport | null>(null);
  const reports = list.data?.pages.flatMap((p) => p.reports) ?? [];

  return (
    <Card variant="outlined">
      <CardHeader title="Saved reports" slotProps={{ title: { variant: "subtitle1", component: "h3" } }} />
      <CardContent sx={{ pt: 0 }}>
        {list.isError && <Typography color="error">{errorMessage(list.error)}</Typography>}
        {list.isSuccess && reports.length === 0 && (
          <Typography color="textSecondary">No saved reports yet. Build one above and choose Save.</Typography>
        )}
        <List dense aria-label="Saved reports">
          {reports.map((r) => (
            <ListItem
              key={r.id}
              divider
              sx={{ flexWrap: "wrap", gap: 1, bgcolor: r.id === props.openId ? "action.selected" : undefined }}
              aria-current={r.id === props.openId ? "true" : undefined}
            >
              <ListItemText
                sx={{ minWidth: 220 }}
                primary={r.name}
                secondary={`${r.definition.metrics.length} metric${r.definition.metrics.length === 1 ? "" : "s"} · ${describePeriod(r)}${
                  r.schedules ? ` · ${r.schedules} schedule${r.schedules === 1 ? "" : "s"}` : ""
                }${r.created_by ? ` · by ${r.created_by.name}` : ""}`}
              />
              <Stack direction="row" spacing={0.5} sx={{ flexWrap: "wrap" }}>
                <Button size="small" onClick={() => props.onOpen(r)} aria-label={`Open ${r.name}`}>
                  Open
                </Button>
                {props.canWrite && (
                  <>
                    <Button size="small" onClick={() => props.onSchedule(r)} aria-label={`Schedule ${r.name}`}>
                      Schedule
                    </Button>
                    <Button
                      size="small"
                      onClick={() => {
                        setRenaming(r);
                        setName(r.name);
                      }}
                      aria-label={`Rename ${r.name}`}
                    >
                      Rename
                    </Button>
                    <Button size="small" color="error" onClick={() => setDeleting(r)} aria-label={`Delete ${r.name}`}>
                      Delete
                    </Button>
                  </>
                )}
              </Stack>
            </ListItem>
          ))}
        </List>
        {list.hasNextPage && (
          <Button onClick={() => list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            Load more
          </Button>
        )}
      </CardContent>

      <Dialog open={renaming !== null} onClose={() => setRenaming(null)}>
        <DialogTitle>Rename report</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label="Name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={rename.isError}
            helperText={rename.isError ? errorMessage(rename.error) : " "}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRenaming(null)}>Cancel</Button>
          <Button
            variant="contained"
            disabled={!name.trim() || rename.isPending}
            onClick={() =>
              renaming &&
              rename.mutate(
                { id: renaming.id, name: name.trim() },
                {
                  onSuccess: () => {
                    setRenaming(null);
                    toast.success("Report renamed");
                  },
                },
              )
            }
          >
            Rename
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={deleting !== null} onClose={() => setDeleting(null)}>
        <DialogTitle>Delete “{deleting?.name}”?</DialogTitle>
        <DialogContent>
          <Typography>Its schedules stop and its delivery log goes with it. The figures themselves stay.</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() =>
              deleting &&
              remove.mutate(deleting.id, {
                onSuccess: () => {
                  props.onDeleted(deleting.id);
                  setDeleting(null);
                  toast.success("Report deleted");
                },
                onError: (e) => toast.error(errorMessage(e)),
              })
            }
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
