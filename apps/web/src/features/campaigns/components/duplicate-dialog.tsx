/** Asks for the copy's name (POST /duplicate {new_name}) and opens the copy. */
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from "@mui/material";
import { type FormEvent, useEffect, useState } from "react";
import { useDuplicateCampaign } from "../api/use-campaigns.ts";

interface Props {
  open: boolean;
  campaignId: string;
  name: string;
  onClose: () => void;
  onDuplicated: (id: string) => void;
}

export function DuplicateDialog({ open, campaignId, name, onClose, onDuplicated }: Props) {
  const [value, setValue] = useState(`${name} (copy)`);
  const [error, setError] = useState<string | null>(null);
  const duplicate = useDuplicateCampaign(campaignId);
  useEffect(() => {
    if (open) {
      setValue(`${name} (copy)`);
      setError(null);
    }
  }, [open, name]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!value.trim()) return setError("Give the copy a name");
    duplicate.mutate(value.trim(), { onSuccess: (c) => onDuplicated(c.id), onError: (err) => setError(err.message) });
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>Duplicate campaign</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <TextField
            autoFocus
            fullWidth
            label="Name of the copy"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            sx={{ mt: 1 }}
            helperText="The copy is a draft with the same sequence, inboxes, schedule and settings, without leads."
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={duplicate.isPending}>
            Duplicate
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
