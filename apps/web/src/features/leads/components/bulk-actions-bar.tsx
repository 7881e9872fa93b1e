/**
 * Actions on the selected leads: enrich, tag (add or remove), export as CSV and delete (after a
 * confirmation). The page runs them and shows what worked and what failed.
 */
import AutoFixHigh from "@mui/icons-material/AutoFixHigh";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import FileDownloadOutlined from "@mui/icons-material/FileDownloadOutlined";
import LocalOfferOutlined from "@mui/icons-material/LocalOfferOutlined";
import {
  Autocomplete,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { Link as RouterLink } from "react-router";

interface Props {
  count: number;
  busy: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  onEnrich: () => void;
  onTag: (add: string[], remove: string[]) => void;
  onExport: () => void;
  onDelete: () => void;
  onClear: () => void;
  /** /bulk-operations with these leads chosen: status, campaign membership and the rest as a job with undo. */
  bulkOperationHref?: string;
}

function TagInput({ label, value, onChange }: { label: string; value: string[]; onChange: (v: string[]) => void }) {
  return (
    <Autocomplete
      multiple
      freeSolo
      options={[] as string[]}
      value={value}
      onChange={(_, v) => onChange([...new Set(v.map((t) => t.trim()).filter(Boolean))])}
      renderValue={(v, getItemProps) =>
        v.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={option} {...itemProps} />;
        })
      }
      renderInput={(params) => <TextField {...params} label={label} helperText="Type a tag and press Enter" />}
    />
  );
}

const leads = (n: number) => (n === 1 ? "1 lead" : `${n} leads`);

export function BulkActionsBar(props: Props) {
  const [tagOpen, setTagOpen] = useState(false);
  const [add, setAdd] = useState<string[]>([]);
  const [remove, setRemove] = useState<string[]>([]);
  const [confirmDelete, setConfirmDelete] = useState(false);

  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label="Bulk actions"
      sx={{ px: 2, py: 1, display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap", bgcolor: "action.selected" }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600, mr: 1 }}>
        {`${props.count} selected`}
      </Typography>
      {props.canUpdate && (
        <Button size="small" startIcon={<AutoFixHigh />} onClick={props.onEnrich} disabled={props.busy}>
          Enrich
        </Button>
      )}
      {props.canUpdate && (
        <Button size="small" startIcon={<LocalOfferOutlined />} onClick={() => setTagOpen(true)} disabled={props.busy}>
          Tag
        </Button>
      )}
      <Button size="small" startIcon={<FileDownloadOutlined />} onClick={props.onExport} disabled={props.busy}>
        Export selected
      </Button>
      {props.canDelete && (
        <Button size="small" color="error" startIcon={<DeleteOutline />} onClick={() => setConfirmDelete(true)} disabled={props.busy}>
          Delete
        </Button>
      )}
      {props.canUpdate && props.bulkOperationHref && (
        <Button size="small" component={RouterLink} to={props.bulkOperationHref} disabled={props.busy}>
          Run as bulk operation
        </Button>
      )}
      <Box sx={{ flex: 1 }} />
      <Button size="small" onClick={props.onClear}>
        Clear selection
      </Button>

      <Dialog open={tagOpen} onClose={() => setTagOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>{`Tag ${leads(props.count)}`}</DialogTitle>
        <DialogContent sx={{ display: "grid", gap: 2, pt: "8px !important" }}>
          <TagInput label="Add tags" value={add} onChange={setAdd} />
          <TagInput label="Remove tags" value={remove} onChange={setRemove} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setTagOpen(false)}>Cancel</Button>
          <Button
            variant="contained"
            disabled={add.length + remove.length === 0}
            onClick={() => {
              props.onTag(add, remove);
              setTagOpen(false);
              setAdd([]);
              setRemove([]);
            }}
          >
            Apply
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={confirmDelete} onClose={() => setConfirmDelete(false)}>
        <DialogTitle>{`Delete ${leads(props.count)}?`}</DialogTitle>
        <DialogContent>
          <DialogContentText>Deleted leads are removed from this workspace and cannot be restored.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(false)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setConfirmDelete(false);
              props.onDelete();
            }}
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
