/** Create or edit a nurture sequence: its campaign (or a link to draft a new one), the entry rule and the exit rules. */

import { FormControlLabel, Link, MenuItem, Switch, TextField, Typography } from "@mui/material";
import type { NurtureSequence } from "@prospector/contracts";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { ApiError, errorMessage } from "../../../lib/errors.ts";
import { FormDialog } from "../../../ui/form-dialog.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useSaveSequence } from "../api/use-automation.ts";
import { type ExitDraft, emptyTrigger, exitDraft, exitInput, fieldError, triggerDraft, triggerInput } from "../lib/drafts.ts";
import { ConditionsEditor, ExitsEditor, type Option, TriggerEditor } from "./rule-parts.tsx";

export function SequenceDialog({
  sequence,
  campaigns,
  onClose,
}: {
  sequence: NurtureSequence | null;
  campaigns: Option[];
  onClose: () => void;
}) {
  const toast = useToast();
  const save = useSaveSequence(sequence?.id ?? null);
  const [name, setName] = useState(sequence?.name ?? "");
  const [campaignId, setCampaignId] = useState(sequence?.campaign_id ?? "");
  const [enabled, setEnabled] = useState(sequence?.enabled ?? true);
  const [trigger, setTrigger] = useState(sequence ? triggerDraft(sequence.entry.trigger) : emptyTrigger("email_opened"));
  const [conditions, setConditions] = useState(sequence?.entry.conditions.map((c) => ({ ...c })) ?? []);
  const [exits, setExits] = useState<ExitDraft[]>(
    sequence
      ? sequence.exits.map(exitDraft)
      : [
          { type: "replied", days: "", status: "interested" },
          { type: "meeting_booked", days: "", status: "interested" },
        ],
  );
  const error = save.error instanceof ApiError ? save.error : null;
  const errors = error?.errors;
  const general = save.error ? (error?.detail ?? errorMessage(save.error)) : undefined;

  return (
    <FormDialog
      title={sequence ? `Edit "${sequence.name}"` : "New nurture sequence"}
      onClose={onClose}
      pending={save.isPending}
      submitLabel={sequence ? "Save sequence" : "Create sequence"}
      pendingLabel="Saving…"
      maxWidth="md"
      error={general}
      onSubmit={() =>
        save.mutate(
          { name, campaign_id: campaignId, enabled, entry: { trigger: triggerInput(trigger), conditions }, exits: exits.map(exitInput) },
          {
            onSuccess: (saved) => {
              toast.success(sequence ? `"${saved.name}" saved` : `"${saved.name}" created`);
              onClose();
            },
          },
        )
      }
    >
      <TextField
        label="Name"
        size="small"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={Boolean(fieldError(errors, "name"))}
        helperText={fieldError(errors, "name")}
        autoFocus
      />
      <TextField
        select
        size="small"
        label="Campaign that emails the sequence"
        value={campaignId}
        onChange={(e) => setCampaignId(e.target.value)}
        error={Boolean(fieldError(errors, "campaign_id"))}
        helperText={fieldError(errors, "campaign_id") ?? "Its steps are the nurture emails; leads join it when they enter."}
      >
        {campaigns.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="body2">
        No campaign for it yet?{" "}
        <Link component={RouterLink} to="/campaigns/new">
          Draft a new campaign
        </Link>{" "}
        and come back.
      </Typography>
      <Typography variant="subtitle2">A lead enters when</Typography>
      <TriggerEditor value={trigger} onChange={setTrigger} campaigns={campaigns} errors={errors} prefix="entry.trigger" />
      <ConditionsEditor value={conditions} onChange={setConditions} campaigns={campaigns} errors={errors} prefix="entry.conditions" />
      <ExitsEditor value={exits} onChange={setExits} errors={errors} />
      <FormControlLabel
        control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />}
        label="Enabled (enrols new leads)"
      />
    </FormDialog>
  );
}
