/**
 * A dialog holding one form: its title, the fields, a general error (a refusal that belongs to no
 * field) above the buttons, and Cancel / submit. While the save is pending the dialog cannot be closed
 * and both buttons are disabled. Enter in a field submits; validation is the caller's (noValidate).
 */
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from "@mui/material";
import { type ReactNode, useId } from "react";

export function FormDialog({
  open = true,
  title,
  onClose,
  onSubmit,
  pending,
  submitLabel,
  pendingLabel,
  error,
  maxWidth = "sm",
  children,
}: {
  open?: boolean;
  title: ReactNode;
  onClose: () => void;
  onSubmit: () => void;
  pending: boolean;
  submitLabel: string;
  /** Shown on the submit button while pending (e.g. "Saving…"); the submit label otherwise. */
  pendingLabel?: string;
  /** The general error, if any: shown as an alert above the buttons. */
  error?: ReactNode;
  maxWidth?: "xs" | "sm" | "md" | "lg";
  children: ReactNode;
}) {
  const id = useId();
  const formId = `${id}-form`;
  const titleId = `${id}-title`;
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} fullWidth maxWidth={maxWidth} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id={formId}
          noValidate
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          {children}
          {error ? (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" form={formId} variant="contained" disabled={pending}>
          {pending && pendingLabel ? pendingLabel : submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
