/** A yes/no question before a change that moves someone's rights; the server's refusal stays in the dialog. */
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import type { ReactNode } from "react";
import { errorMessage } from "../../../lib/errors.ts";

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  pending,
  error,
  destructive,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  pending?: boolean;
  error?: unknown;
  destructive?: boolean;
}) {
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} aria-labelledby="rbac-confirm-title" maxWidth="xs" fullWidth>
      <DialogTitle id="rbac-confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{children}</DialogContentText>
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {errorMessage(error)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button variant="contained" color={destructive ? "error" : "primary"} onClick={onConfirm} disabled={pending}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
