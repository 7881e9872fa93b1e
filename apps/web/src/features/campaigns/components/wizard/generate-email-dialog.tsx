/**
 * Writes a step with POST /api/campaigns/generate-email: the language model when the server has
 * one, else the built-in tone templates; the answer says which one wrote it.
 */
import AutoAwesome from "@mui/icons-material/AutoAwesome";
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import { EmailTone, type GeneratedEmail } from "@prospector/contracts";
import { useState } from "react";
import { useGenerateEmail } from "../../api/use-campaign-details.ts";

interface Props {
  open: boolean;
  campaignId?: string;
  onClose: () => void;
  onUse: (email: GeneratedEmail) => void;
}

export function sourceLabel(e: Pick<GeneratedEmail, "source" | "model">): string {
  return e.source === "llm" ? `Written by the language model${e.model ? ` (${e.model})` : ""}` : "Written from the built-in templates";
}

export function GenerateEmailDialog({ open, campaignId, onClose, onUse }: Props) {
  const [tone, setTone] = useState<EmailTone>("professional");
  const [goal, setGoal] = useState("");
  const [engine, setEngine] = useState<"auto" | "llm" | "template">("auto");
  const generate = useGenerateEmail();
  const result = generate.data;
  const run = () =>
    generate.mutate({ tone, goal: goal || undefined, campaign_id: campaignId, engine: engine === "auto" ? undefined : engine });
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>Write with AI or templates</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
            <TextField select label="Tone" value={tone} onChange={(e) => setTone(e.target.value as EmailTone)} sx={{ minWidth: 180 }}>
              {EmailTone.options.map((t) => (
                <MenuItem key={t} value={t}>
                  {t[0]!.toUpperCase() + t.slice(1)}
                </MenuItem>
              ))}
            </TextField>
            <ToggleButtonGroup exclusive size="small" value={engine} onChange={(_, v) => v && setEngine(v)} aria-label="Writer">
              <ToggleButton value="auto">Best available</ToggleButton>
              <ToggleButton value="llm">Language model</ToggleButton>
              <ToggleButton value="template">Templates</ToggleButton>
            </ToggleButtonGroup>
          </Box>
          <TextField
            label="What is the email for?"
            placeholder="Book a 15-minute demo of our scheduling tool"
            value={goal}
            onChange={(e) => setGoal(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          {generate.isError && <Alert severity="error">{generate.error.message}</Alert>}
          {result && (
            <Box sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 2 }}>
              <Chip size="small" label={sourceLabel(result)} color={result.source === "llm" ? "secondary" : "default"} sx={{ mb: 1 }} />
              <Typography variant="subtitle2">{result.subject}</Typography>
              <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", mt: 1 }}>
                {result.body}
              </Typography>
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button startIcon={<AutoAwesome />} onClick={run} disabled={generate.isPending}>
          {generate.isPending ? "Writing…" : result ? "Write again" : "Write"}
        </Button>
        <Button variant="contained" disabled={!result} onClick={() => result && onUse(result)}>
          Use this
        </Button>
      </DialogActions>
    </Dialog>
  );
}
