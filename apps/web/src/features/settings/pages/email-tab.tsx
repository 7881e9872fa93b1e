/**
 * Email tab: the default signature (HTML, at most 1000 characters, sanitized by the server; the
 * preview runs in a sandboxed frame so nothing typed here can run), tracking, the sending window
 * and automatic follow-ups.
 */
import { Box, Grid, Stack, TextField, Typography } from "@mui/material";
import { EmailUpdate, MAX_SIGNATURE_LENGTH, settingsErrors, type UserSettings } from "@prospector/contracts";
import { useMemo, useState } from "react";
import { SaveBar, SettingsSection, SwitchRow } from "../components/settings-ui.tsx";
import { fieldError, formError } from "../lib/server-errors.ts";
import { useDraft } from "../lib/use-draft.ts";
import { useGroupSave } from "../lib/use-group-save.ts";
import { zodFieldErrors } from "../lib/zod-fields.ts";

const FIELDS = [
  "default_signature",
  "track_opens",
  "track_clicks",
  "track_replies",
  "default_sending_start",
  "default_sending_end",
  "auto_follow_up",
  "follow_up_delay",
] as const;

/** What the server refuses outright; it strips other unknown markup itself. */
const UNSAFE_HTML = /<\s*(script|iframe|object|embed|style)\b|\son\w+\s*=|javascript\s*:/i;

export function checkEmailSettings(draft: Pick<UserSettings, (typeof FIELDS)[number]>): Record<string, string> {
  const errors = zodFieldErrors(EmailUpdate, draft);
  if (draft.default_signature.length > MAX_SIGNATURE_LENGTH) errors.default_signature = settingsErrors.SIGNATURE_TOO_LONG.detail;
  else if (UNSAFE_HTML.test(draft.default_signature)) errors.default_signature = settingsErrors.INVALID_HTML.detail;
  if (!errors.default_sending_start && !errors.default_sending_end && draft.default_sending_end <= draft.default_sending_start) {
    errors.default_sending_end = settingsErrors.INVALID_TIME_RANGE.detail;
  }
  return errors;
}

export function EmailTab({ settings }: { settings: UserSettings }) {
  const source = useMemo(
    () => Object.fromEntries(FIELDS.map((f) => [f, settings[f]])) as Pick<UserSettings, (typeof FIELDS)[number]>,
    [settings],
  );
  const { draft, set, changes, dirty, reset } = useDraft(source);
  const { save, saving, error } = useGroupSave("email");
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  if (!draft) return null;
  const errorFor = (field: string) => clientErrors[field] ?? fieldError(error, field);
  const length = draft.default_signature.length;

  const onSave = async () => {
    const problems = checkEmailSettings(draft);
    setClientErrors(problems);
    if (Object.keys(problems).length > 0) return;
    await save(changes);
  };

  return (
    <Stack spacing={3}>
      <SettingsSection
        title="Signature"
        description="Added to the emails you send. Basic HTML is allowed: links, bold, italics, line breaks, images."
      >
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              label="Default signature (HTML)"
              multiline
              minRows={6}
              fullWidth
              value={draft.default_signature}
              onChange={(e) => set("default_signature", e.target.value)}
              error={Boolean(errorFor("default_signature")) || length > MAX_SIGNATURE_LENGTH}
              helperText={errorFor("default_signature") ?? `${length} / ${MAX_SIGNATURE_LENGTH} characters`}
              slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: "monospace", fontSize: 13 } } }}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Typography variant="caption" color="textSecondary">
              Preview
            </Typography>
            <Box
              component="iframe"
              title="Signature preview"
              sandbox=""
              srcDoc={`<!doctype html><meta charset="utf-8"><body style="font-family:Arial,sans-serif;font-size:14px;margin:8px">${draft.default_signature}</body>`}
              sx={{ width: "100%", height: 160, border: 1, borderColor: "divider", borderRadius: 1, bgcolor: "#fff" }}
            />
          </Grid>
        </Grid>
      </SettingsSection>
      <SettingsSection title="Tracking" description="Tracking adds a pixel and rewrites links; replies are matched from your inbox.">
        <SwitchRow label="Track opens" checked={draft.track_opens} onChange={(v) => set("track_opens", v)} />
        <SwitchRow label="Track clicks" checked={draft.track_clicks} onChange={(v) => set("track_clicks", v)} />
        <SwitchRow label="Track replies" checked={draft.track_replies} onChange={(v) => set("track_replies", v)} />
      </SettingsSection>
      <SettingsSection
        title="Sending window and follow-ups"
        description="Campaign emails go out only within this window, in your time zone."
      >
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            label="Start sending at"
            type="time"
            value={draft.default_sending_start}
            onChange={(e) => set("default_sending_start", e.target.value)}
            error={Boolean(errorFor("default_sending_start"))}
            helperText={errorFor("default_sending_start")}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="Stop sending at"
            type="time"
            value={draft.default_sending_end}
            onChange={(e) => set("default_sending_end", e.target.value)}
            error={Boolean(errorFor("default_sending_end"))}
            helperText={errorFor("default_sending_end")}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
        <Box sx={{ mt: 2 }}>
          <SwitchRow
            label="Automatic follow-up"
            checked={draft.auto_follow_up}
            onChange={(v) => set("auto_follow_up", v)}
            description="Send a follow-up to leads who have not replied."
          />
          <TextField
            label="Follow-up after (days)"
            type="number"
            value={Number.isFinite(draft.follow_up_delay) ? draft.follow_up_delay : ""}
            onChange={(e) => set("follow_up_delay", e.target.value === "" ? Number.NaN : Number(e.target.value))}
            disabled={!draft.auto_follow_up}
            error={Boolean(errorFor("follow_up_delay"))}
            helperText={errorFor("follow_up_delay")}
            slotProps={{ htmlInput: { min: 1, max: 30 } }}
            sx={{ mt: 1, width: 220 }}
          />
        </Box>
        <SaveBar
          dirty={dirty}
          saving={saving}
          onSave={onSave}
          onReset={() => {
            reset();
            setClientErrors({});
          }}
          error={formError(error, FIELDS)}
        />
      </SettingsSection>
    </Stack>
  );
}
