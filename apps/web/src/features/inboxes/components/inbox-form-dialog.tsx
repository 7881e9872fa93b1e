/**
 * Connect or edit an inbox: address and sender name, the SMTP section (required), an IMAP section
 * for replies and bounces (optional), daily limit, gap and warm-up. Saving can test the connection
 * right away; the result says which side failed and why. The local mailbox only has name and limits.
 */
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
  Typography,
} from "@mui/material";
import type { Inbox, InboxTestResult } from "@prospector/contracts";
import { type FormEvent, useEffect, useState } from "react";
import { ApiError, errorMessage } from "../../../lib/errors.ts";
import { useCreateInbox, useTestInbox, useUpdateInbox } from "../api/use-inboxes.ts";
import {
  createBody,
  emptyInboxForm,
  formFromInbox,
  type InboxFormErrors,
  type InboxFormValues,
  type ServerValues,
  updateBody,
  usesPlainPort,
  validateInboxForm,
} from "../lib/inbox-form.ts";
import { TestResult } from "./test-result.tsx";

interface Props {
  open: boolean;
  inbox: Inbox | null;
  onClose: () => void;
}

export function InboxFormDialog({ open, inbox, onClose }: Props) {
  const [v, setV] = useState<InboxFormValues>(emptyInboxForm);
  const [errors, setErrors] = useState<InboxFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [tested, setTested] = useState<InboxTestResult | null>(null);
  const create = useCreateInbox();
  const update = useUpdateInbox();
  const test = useTestInbox();
  const local = inbox?.kind === "local";
  useEffect(() => {
    if (open) {
      setV(inbox ? formFromInbox(inbox) : emptyInboxForm());
      setErrors({});
      setFailure(null);
      setTested(null);
    }
  }, [open, inbox]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    setTested(null);
    const found = local ? {} : validateInboxForm(v, { isNew: !inbox });
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const saved = local
        ? await update.mutateAsync({
            id: inbox!.id,
            input: { from_name: v.from_name, daily_limit: Number(v.daily_limit), min_gap_seconds: Number(v.min_gap_seconds) },
          })
        : inbox
          ? await update.mutateAsync({ id: inbox.id, input: updateBody(v) })
          : await create.mutateAsync(createBody(v));
      if (local) return onClose();
      // Test straight away so a wrong password shows here, not at the first send.
      const result = await test.mutateAsync(saved.id);
      setTested(result);
      if (result.ok) onClose();
    } catch (error) {
      if (error instanceof ApiError && error.errors?.length) setErrors(Object.fromEntries(error.errors.map((f) => [f.field, f.message])));
      setFailure(errorMessage(error));
    }
  };

  const serverFields = (side: "smtp" | "imap", title: string, hint: string) => {
    const s = v[side];
    const set = (patch: Partial<ServerValues>) => setV({ ...v, [side]: { ...s, ...patch } });
    const err = (f: string) => errors[`${side}.${f}`];
    return (
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: "grid", gap: 1.5 }} aria-label={title}>
        <Typography variant="subtitle2" component="legend">
          {title}
        </Typography>
        <Typography variant="caption" color="textSecondary">
          {hint}
        </Typography>
        <Box sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "1fr", sm: "2fr 1fr auto" }, alignItems: "start" }}>
          <TextField
            label={`${side.toUpperCase()} host`}
            value={s.host}
            onChange={(e) => set({ host: e.target.value })}
            error={Boolean(err("host"))}
            helperText={err("host")}
          />
          <TextField
            label="Port"
            value={s.port}
            onChange={(e) => set({ port: e.target.value })}
            error={Boolean(err("port"))}
            helperText={err("port")}
            slotProps={{ htmlInput: { inputMode: "numeric" } }}
          />
          <FormControlLabel
            control={<Switch checked={s.secure} onChange={(e) => set({ secure: e.target.checked })} />}
            label="TLS from the start"
          />
        </Box>
        <Box sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
          <TextField
            label={`${side.toUpperCase()} username`}
            value={s.username}
            onChange={(e) => set({ username: e.target.value })}
            error={Boolean(err("username"))}
            helperText={err("username")}
            autoComplete="off"
          />
          <TextField
            label={`${side.toUpperCase()} password`}
            type="password"
            value={s.password}
            onChange={(e) => set({ password: e.target.value })}
            error={Boolean(err("password"))}
            helperText={err("password") ?? (inbox && !local ? "Leave empty to keep the saved password" : undefined)}
            autoComplete="new-password"
          />
        </Box>
      </Box>
    );
  };

  const busy = create.isPending || update.isPending || test.isPending;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{inbox ? `Edit ${inbox.email}` : "Connect an inbox"}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {local && (
              <Alert severity="warning">
                The local mailbox keeps what it "sends" inside this app: nobody receives it. Use it to try campaigns out.
              </Alert>
            )}
            {failure && <Alert severity="error">{failure}</Alert>}
            {tested && <TestResult result={tested} />}
            <Box sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
              <TextField
                label="Email address"
                required
                value={v.email}
                disabled={local}
                onChange={(e) => setV({ ...v, email: e.target.value })}
                error={Boolean(errors.email)}
                helperText={errors.email}
              />
              <TextField
                label="Sender name"
                value={v.from_name}
                onChange={(e) => setV({ ...v, from_name: e.target.value })}
                error={Boolean(errors.from_name)}
                helperText={errors.from_name ?? "Shown as the From name"}
              />
            </Box>
            {!local && (
              <>
                <Divider />
                {serverFields("smtp", "Sending (SMTP)", "Usually port 587 without TLS-from-start (STARTTLS), or 465 with it.")}
                <Divider />
                <FormControlLabel
                  control={<Switch checked={v.use_imap} onChange={(e) => setV({ ...v, use_imap: e.target.checked })} />}
                  label="Read replies and bounces over IMAP"
                />
                {v.use_imap ? (
                  serverFields(
                    "imap",
                    "Receiving (IMAP)",
                    "Usually port 993 with TLS. Replies stop the lead's sequence; bounces pause unhealthy inboxes.",
                  )
                ) : (
                  <Alert severity="info">Without IMAP, replies and bounces are not seen: sequences will not stop on a reply.</Alert>
                )}
                {usesPlainPort(v) && (
                  <>
                    <FormControlLabel
                      control={<Switch checked={v.allow_plaintext} onChange={(e) => setV({ ...v, allow_plaintext: e.target.checked })} />}
                      label="Allow unencrypted connections"
                    />
                    {v.allow_plaintext ? (
                      <Alert severity="warning">
                        When the server offers no STARTTLS, the password and every email travel unencrypted: anyone on the network path can
                        read them. Only for a relay on your own network.
                      </Alert>
                    ) : (
                      <Typography variant="caption" color="textSecondary">
                        Without TLS from the start, the connection must switch to TLS (STARTTLS) before signing in, or it is refused.
                      </Typography>
                    )}
                  </>
                )}
              </>
            )}
            <Divider />
            <Box sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, alignItems: "start" }}>
              <TextField
                label="Daily limit"
                value={v.daily_limit}
                onChange={(e) => setV({ ...v, daily_limit: e.target.value })}
                error={Boolean(errors.daily_limit)}
                helperText={errors.daily_limit ?? "Emails per 24 hours from this inbox"}
                slotProps={{ htmlInput: { inputMode: "numeric" } }}
              />
              <TextField
                label="Minimum gap (seconds)"
                value={v.min_gap_seconds}
                onChange={(e) => setV({ ...v, min_gap_seconds: e.target.value })}
                error={Boolean(errors.min_gap_seconds)}
                helperText={errors.min_gap_seconds ?? "Between two sends from this inbox"}
                slotProps={{ htmlInput: { inputMode: "numeric" } }}
              />
            </Box>
            {!local && (
              <FormControlLabel
                control={<Switch checked={v.warmup} onChange={(e) => setV({ ...v, warmup: e.target.checked })} />}
                label="Warm up: start at 5 a day and add 2 a day up to the limit"
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{tested && !tested.ok ? "Close (keep saved)" : "Cancel"}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? (test.isPending ? "Testing…" : "Saving…") : local ? "Save" : "Save and test"}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
