/** Wizard step 3: the saved sequence rendered for one of the campaign's leads (GET …/preview), step by step and per variant. */
import { Alert, Box, Card, CardContent, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useCampaignLeads, useCampaignPreview } from "../../api/use-campaign-details.ts";
import { campaignActionErrorMessage } from "../../lib/campaign-errors.ts";
import type { CampaignDraft } from "../../lib/campaign-wizard.ts";

export function PreviewStep({ campaignId, draft }: { campaignId: string; draft: CampaignDraft }) {
  const members = useCampaignLeads(campaignId, 1, 100);
  const [leadId, setLeadId] = useState("");
  const [step, setStep] = useState(1);
  const [variant, setVariant] = useState(0);
  const leads = members.data?.leads ?? [];
  const chosen = leadId || leads[0]?.lead_id || "";
  const preview = useCampaignPreview(campaignId, { lead_id: chosen || undefined, step, variant });
  const variants = draft.steps[step - 1]?.variants.length ?? 0;
  return (
    <Stack spacing={2}>
      <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
        <TextField
          select
          label="Preview for lead"
          value={chosen}
          onChange={(e) => setLeadId(e.target.value)}
          sx={{ minWidth: 280 }}
          helperText={leads.length === 0 ? "Add leads to see their personalised email; variables are empty until then." : " "}
          disabled={leads.length === 0}
        >
          {leads.map((l) => (
            <MenuItem key={l.lead_id} value={l.lead_id}>
              {[l.first_name, l.last_name].filter(Boolean).join(" ") || l.email}
              {l.company_name ? ` · ${l.company_name}` : ""}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Step"
          value={step}
          onChange={(e) => {
            setStep(Number(e.target.value));
            setVariant(0);
          }}
          sx={{ minWidth: 120 }}
        >
          {draft.steps
            .map((_, i) => i + 1)
            .map((n) => (
              <MenuItem key={n} value={n}>{`Step ${n}`}</MenuItem>
            ))}
        </TextField>
        {variants > 0 && (
          <TextField select label="Variant" value={variant} onChange={(e) => setVariant(Number(e.target.value))} sx={{ minWidth: 120 }}>
            {Array.from({ length: variants + 1 }, (_, v) => v).map((v) => (
              <MenuItem key={v} value={v}>
                {String.fromCharCode(65 + v)}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
      {preview.isError ? (
        <Alert severity="error">{campaignActionErrorMessage(preview.error, "render the preview")}</Alert>
      ) : !preview.data ? (
        <Typography color="textSecondary">Rendering…</Typography>
      ) : (
        <Card variant="outlined" aria-label="Email preview">
          <CardContent>
            <Typography variant="caption" color="textSecondary">
              Subject
            </Typography>
            <Typography variant="subtitle1" sx={{ mb: 2 }}>
              {preview.data.subject}
            </Typography>
            <Typography variant="caption" color="textSecondary">
              Body (as the recipient reads it in plain text)
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: "pre-wrap" }}>
              {preview.data.text}
            </Typography>
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
