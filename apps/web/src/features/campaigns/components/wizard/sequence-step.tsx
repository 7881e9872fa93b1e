/**
 * Wizard step 2: the sequence. Steps with delays, a subject and body each, A/B variants, a menu
 * that inserts lead variables where the cursor is, a spintax hint and AI/template writing.
 */
import Add from "@mui/icons-material/Add";
import AutoAwesome from "@mui/icons-material/AutoAwesome";
import DataObject from "@mui/icons-material/DataObject";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  IconButton,
  Menu,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { MAX_VARIANTS } from "@prospector/contracts";
import { useRef, useState } from "react";
import { CoachingChip } from "../../../coaching/components/coaching-chip.tsx";
import { type CampaignDraft, canAddStep, emptyStep, type StepErrors, withStep } from "../../lib/campaign-wizard.ts";
import { GenerateEmailDialog, sourceLabel } from "./generate-email-dialog.tsx";

/** Lead and sender variables the server's templates know (campaigns.template.ts). */
export const TEMPLATE_VARIABLES = [
  "first_name",
  "last_name",
  "full_name",
  "company_name",
  "role",
  "industry",
  "pain_point",
  "company_insight",
  "website",
  "city",
  "country",
  "sender_name",
  "signature",
  "unsubscribe_url",
];

interface Props {
  draft: CampaignDraft;
  errors: StepErrors;
  campaignId: string;
  onChange: (d: CampaignDraft) => void;
}

type FieldKey = `${number}.${"subject" | "body"}` | `${number}.v${number}.${"subject" | "body"}`;

export function SequenceStep({ draft, errors, campaignId, onChange }: Props) {
  const inputs = useRef(new Map<string, HTMLInputElement | HTMLTextAreaElement>());
  const [active, setActive] = useState<FieldKey>("0.body");
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [generateFor, setGenerateFor] = useState<number | null>(null);
  const [written, setWritten] = useState<Record<number, string>>({});

  const setField = (key: FieldKey, value: string) => {
    const [s, a, b] = key.split(".");
    const i = Number(s);
    if (a!.startsWith("v")) {
      const vi = Number(a!.slice(1));
      const variants = draft.steps[i]!.variants.map((v, j) => (j === vi ? { ...v, [b!]: value } : v));
      onChange(withStep(draft, i, { variants }));
    } else onChange(withStep(draft, i, { [a!]: value }));
  };

  const insert = (name: string) => {
    setMenu(null);
    const el = inputs.current.get(active);
    const token = `{{ ${name} }}`;
    const value = el?.value ?? "";
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    setField(active, value.slice(0, start) + token + value.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const field = (key: FieldKey, label: string, value: string, multiline: boolean, error?: string) => (
    <TextField
      label={label}
      value={value}
      multiline={multiline}
      minRows={multiline ? 6 : undefined}
      fullWidth
      onChange={(e) => setField(key, e.target.value)}
      onFocus={() => setActive(key)}
      inputRef={(el: HTMLInputElement | HTMLTextAreaElement | null) => {
        if (el) inputs.current.set(key, el);
        else inputs.current.delete(key);
      }}
      error={Boolean(error)}
      helperText={error}
    />
  );

  return (
    <Stack spacing={2}>
      <Alert severity="info">
        {
          "Use {{ first_name }}, {{ company_name }} and other lead fields (the Insert variable button puts one where your cursor is). Spintax varies words per recipient: {Hi|Hello|Hey} {{ first_name }}. Every email needs {{ unsubscribe_url }} or gets an unsubscribe footer."
        }
      </Alert>
      <Box sx={{ display: "flex", gap: 1 }}>
        <Button startIcon={<DataObject />} onClick={(e) => setMenu(e.currentTarget)} aria-haspopup="menu">
          Insert variable
        </Button>
        <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
          {TEMPLATE_VARIABLES.map((v) => (
            <MenuItem key={v} onClick={() => insert(v)}>{`{{ ${v} }}`}</MenuItem>
          ))}
        </Menu>
      </Box>
      {errors.steps && <Alert severity="error">{errors.steps}</Alert>}
      {draft.steps.map((step, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: steps have no ids; their position is their identity ("Step 2")
        <Card key={i} variant="outlined" aria-label={`Step ${i + 1}`} role="group">
          <CardHeader
            title={`Step ${i + 1}`}
            subheader={i === 0 ? "Sent when the campaign starts" : undefined}
            slotProps={{ title: { variant: "subtitle1" } }}
            action={
              <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                <CoachingChip
                  subject={step.subject}
                  body={step.body}
                  label={`Step ${i + 1}`}
                  to={`/email-coaching?campaign=${encodeURIComponent(campaignId)}&step=${i}:0`}
                />
                <Button size="small" startIcon={<AutoAwesome />} onClick={() => setGenerateFor(i)}>
                  Write for me
                </Button>
                {i > 0 && (
                  <Tooltip title="Remove step">
                    <IconButton
                      aria-label={`Remove step ${i + 1}`}
                      onClick={() => onChange({ ...draft, steps: draft.steps.filter((_, j) => j !== i) })}
                    >
                      <DeleteOutlined />
                    </IconButton>
                  </Tooltip>
                )}
              </Stack>
            }
          />
          <CardContent>
            <Stack spacing={2}>
              {i > 0 && (
                <TextField
                  type="number"
                  label="Wait (days after the previous step)"
                  value={step.delay_days}
                  onChange={(e) => onChange(withStep(draft, i, { delay_days: Math.max(0, Math.floor(Number(e.target.value) || 0)) }))}
                  error={Boolean(errors[`steps.${i}.delay_days`])}
                  helperText={errors[`steps.${i}.delay_days`] ?? "Leads who reply in between get no more emails (stop on reply)."}
                  sx={{ maxWidth: 320 }}
                  slotProps={{ htmlInput: { min: 0, max: 365 } }}
                />
              )}
              {written[i] && (
                <Typography variant="caption" color="textSecondary">
                  {written[i]}
                </Typography>
              )}
              {field(`${i}.subject`, "Subject", step.subject, false, errors[`steps.${i}.subject`])}
              {field(`${i}.body`, "Body", step.body, true, errors[`steps.${i}.body`])}
              {step.variants.map((v, vi) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: variants are positional (B, C, D)
                <Box key={vi} sx={{ borderLeft: 3, borderColor: "secondary.main", pl: 2, display: "grid", gap: 1.5 }}>
                  <Box sx={{ display: "flex", alignItems: "center" }}>
                    <Typography
                      variant="subtitle2"
                      sx={{ flex: 1 }}
                    >{`Variant ${String.fromCharCode(66 + vi)} (empty fields use step ${i + 1}'s)`}</Typography>
                    <CoachingChip
                      subject={v.subject || step.subject}
                      body={v.body.trim() ? v.body : step.body}
                      label={`Step ${i + 1} variant ${String.fromCharCode(66 + vi)}`}
                      to={`/email-coaching?campaign=${encodeURIComponent(campaignId)}&step=${i}:${vi + 1}`}
                    />
                    <IconButton
                      size="small"
                      aria-label={`Remove variant ${String.fromCharCode(66 + vi)} of step ${i + 1}`}
                      onClick={() => onChange(withStep(draft, i, { variants: step.variants.filter((_, j) => j !== vi) }))}
                    >
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </Box>
                  {field(`${i}.v${vi}.subject`, "Variant subject", v.subject, false, errors[`steps.${i}.variants.${vi}.subject`])}
                  {field(`${i}.v${vi}.body`, "Variant body", v.body, true, errors[`steps.${i}.variants.${vi}.body`])}
                </Box>
              ))}
              {step.variants.length < MAX_VARIANTS && (
                <Button
                  size="small"
                  sx={{ alignSelf: "start" }}
                  startIcon={<Add />}
                  onClick={() => onChange(withStep(draft, i, { variants: [...step.variants, { subject: step.subject, body: "" }] }))}
                >
                  Add A/B variant
                </Button>
              )}
            </Stack>
          </CardContent>
        </Card>
      ))}
      {canAddStep(draft) && (
        <Button
          variant="outlined"
          startIcon={<Add />}
          sx={{ alignSelf: "start" }}
          onClick={() => onChange({ ...draft, steps: [...draft.steps, emptyStep()] })}
        >
          Add follow-up step
        </Button>
      )}
      <GenerateEmailDialog
        open={generateFor !== null}
        campaignId={campaignId}
        onClose={() => setGenerateFor(null)}
        onUse={(e) => {
          if (generateFor === null) return;
          onChange(withStep(draft, generateFor, { subject: e.subject, body: e.body }));
          setWritten((w) => ({ ...w, [generateFor]: sourceLabel(e) }));
          setGenerateFor(null);
        }}
      />
    </Stack>
  );
}
