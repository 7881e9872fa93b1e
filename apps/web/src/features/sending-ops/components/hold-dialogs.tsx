/**
 * The kill switch's two dialogs: stop (a reason is required: it is shown to everyone and kept in
 * the history) and resume (an optional note). A refused request keeps what was typed and shows why.
 */
import { TextField, Typography } from "@mui/material";
import type { HoldScope } from "@prospector/contracts";
import { useState } from "react";
import { ApiError, errorMessage } from "../../../lib/errors.ts";
import { FormDialog } from "../../../ui/form-dialog.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { usePlaceHold, useReleaseHold } from "../api/use-sending-ops.ts";

export interface HoldTargetRef {
  scope: HoldScope;
  /** Null for the whole workspace. */
  id: string | null;
  label: string;
}

const MIN_REASON = 3;

export function StopDialog({ target, onClose }: { target: HoldTargetRef; onClose: () => void }) {
  const place = usePlaceHold();
  const toast = useToast();
  const [reason, setReason] = useState("");
  const [touched, setTouched] = useState(false);
  const fieldError = place.error instanceof ApiError ? place.error.errors?.find((e) => e.field.includes("reason"))?.message : undefined;
  const tooShort = reason.trim().length < MIN_REASON;
  const whole = target.scope === "workspace";
  const submit = () => {
    setTouched(true);
    if (tooShort) return;
    place.mutate(
      { scope: target.scope, target_id: target.id ?? undefined, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(whole ? "All sending stopped" : `${target.label} stopped`);
          onClose();
        },
      },
    );
  };
  return (
    <FormDialog
      title={whole ? "Stop all sending of this workspace" : `Stop sending: ${target.label}`}
      onClose={onClose}
      onSubmit={submit}
      pending={place.isPending}
      submitLabel={whole ? "Stop all sending" : "Stop sending"}
      pendingLabel="Stopping…"
      error={place.error && !fieldError ? errorMessage(place.error) : undefined}
    >
      <Typography color="textSecondary">
        {whole
          ? "Nothing leaves any inbox of this workspace from now on: campaigns wait and one-off sends are refused. Queued emails stay queued and go out once you resume."
          : target.scope === "campaign"
            ? "The campaign sends nothing more from now on; its queued emails stay queued and go out once you resume."
            : "Nothing leaves this inbox from now on; its campaigns carry on from their other inboxes, and what only it could send waits until you resume."}
      </Typography>
      <TextField
        label="Reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        onBlur={() => setTouched(true)}
        required
        autoFocus
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 500 } }}
        error={(touched && tooShort) || Boolean(fieldError)}
        helperText={
          fieldError ??
          (touched && tooShort ? "Say why sending stops (at least 3 characters)" : "Shown to everyone and kept in the history")
        }
      />
    </FormDialog>
  );
}

export function ResumeDialog({ holdId, label, onClose }: { holdId: string; label: string; onClose: () => void }) {
  const release = useReleaseHold();
  const toast = useToast();
  const [note, setNote] = useState("");
  return (
    <FormDialog
      title={`Resume sending: ${label}`}
      onClose={onClose}
      onSubmit={() =>
        release.mutate(
          { id: holdId, note: note.trim() || undefined },
          {
            onSuccess: () => {
              toast.success(`${label}: sending resumed`);
              onClose();
            },
          },
        )
      }
      pending={release.isPending}
      submitLabel="Resume sending"
      pendingLabel="Resuming…"
      error={release.error ? errorMessage(release.error) : undefined}
    >
      <Typography color="textSecondary">Held emails go out again, within the caps and windows of their campaigns.</Typography>
      <TextField
        label="Note (optional)"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        autoFocus
        slotProps={{ htmlInput: { maxLength: 500 } }}
        helperText="Kept in the history, e.g. what was fixed"
      />
    </FormDialog>
  );
}
