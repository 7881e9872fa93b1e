/** Wizard step 1: the campaign's name and the first email's subject line (both required). */
import { Stack, TextField } from "@mui/material";
import type { CampaignDraft, StepErrors } from "../../lib/campaign-wizard.ts";
import { withSubject } from "../../lib/campaign-wizard.ts";

interface Props {
  draft: CampaignDraft;
  errors: StepErrors;
  onChange: (d: CampaignDraft) => void;
}

export function DetailsStep({ draft, errors, onChange }: Props) {
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <TextField
        label="Campaign name"
        required
        autoFocus
        value={draft.name}
        onChange={(e) => onChange({ ...draft, name: e.target.value })}
        error={Boolean(errors.name)}
        helperText={errors.name ?? "Only your team sees it."}
      />
      <TextField
        label="Subject line"
        required
        value={draft.subject_line}
        onChange={(e) => onChange(withSubject(draft, e.target.value))}
        error={Boolean(errors.subject_line)}
        helperText={
          errors.subject_line ?? "The first email's subject; variables like {{ first_name }} and spintax {Hi|Hello} work here too."
        }
      />
    </Stack>
  );
}
