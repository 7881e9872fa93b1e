/** The selection's actions on a CRM list: delete every selected record (after a confirmation), or clear. */
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Paper, Typography } from "@mui/material";
import { useState } from "react";

export function BulkDeleteBar({
  count,
  noun,
  busy,
  canDelete,
  warning,
  onDelete,
  onClear,
}: {
  count: number;
  noun: [string, string];
  busy: boolean;
  canDelete: boolean;
  warning?: string;
  onDelete: () => void;
  onClear: () => void;
}) {
  const [confirm, setConfirm] = useState(false);
  const label = `${count} ${count === 1 ? noun[0] : noun[1]}`;
  return (
    <Paper
      role="region"
      aria-label="Bulk actions"
      variant="outlined"
      sx={{ px: 2, py: 1, display: "flex", alignItems: "center", gap: 1.5, flexWrap: "wrap" }}
    >
      <Typography sx={{ flex: 1 }}>{`${count} selected`}</Typography>
      {canDelete && (
        <Button color="error" startIcon={<DeleteOutline />} disabled={busy} onClick={() => setConfirm(true)}>
          Delete
        </Button>
      )}
      <Button onClick={onClear}>Clear selection</Button>
      <Dialog open={confirm} onClose={() => setConfirm(false)}>
        <DialogTitle>{`Delete ${label}?`}</DialogTitle>
        <DialogContent>
          <DialogContentText>{warning ?? "They are removed from this workspace and cannot be restored."}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(false)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setConfirm(false);
              onDelete();
            }}
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
