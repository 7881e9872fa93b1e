/**
 * A confirmation for an action that cannot be undone in one click. `typeToConfirm` asks the user to
 * type a word (a workspace's name) before the button turns on; a refusal from the server shows inside.
 * While the action is pending the dialog cannot be closed and both buttons are disabled.
 */
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from "@mui/material";
import { type ReactNode, useId, useState } from "react";
import { errorMessage } from "../lib/errors.ts";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  typeToConfirm?: string;
  pending?: boolean;
  error?: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  danger,
  typeToConfirm,
  pending,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const titleId = useId();
  const [typed, setTyped] = useState("");
  const ready = !typeToConfirm || typed.trim() === typeToConfirm;
  const close = () => {
    setTyped("");
    onClose();
  };
  return (
    <Dialog open={open} onClose={pending ? undefined : close} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ display: "grid", gap: 2 }}>
        <DialogContentText component="div">{children}</DialogContentText>
        {typeToConfirm && (
          <TextField
            label={`Type "${typeToConfirm}" to confirm`}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoFocus
            size="small"
          />
        )}
        {error ? (
          <Alert severity="error" role="alert">
            {errorMessage(error)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={pending}>
          Cancel
        </Button>
        <Button variant="contained" color={danger ? "error" : "primary"} disabled={!ready || pending} onClick={onConfirm}>
          {pending ? "Working…" : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
