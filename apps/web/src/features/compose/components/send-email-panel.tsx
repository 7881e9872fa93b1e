/**
 * Sends the draft on /compose now: pick an inbox (the local mailbox included, clearly labelled as
 * delivering nothing), check the recipient, press Send. The answer is a toast in the server's words:
 * delivered, kept locally, refused (suppressed, paused, daily limit) or failed at the SMTP server.
 */
import Send from "@mui/icons-material/Send";
import { Alert, Box, Button, ListItemText, MenuItem, Stack, TextField, Typography } from "@mui/material";
import type { ComposeMessage, Inbox } from "@prospector/contracts";
import { type FormEvent, useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useInboxes } from "../../inboxes/api/use-inboxes.ts";
import { useSendEmail } from "../api/use-compose.ts";

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const inboxUsage = (i: Inbox) =>
  i.health.status === "paused"
    ? `Paused${i.health.reason ? `: ${i.health.reason}` : ""}`
    : `${i.health.sent_today} / ${i.health.effective_daily_limit} sent in the last 24 hours`;

/** A delivering inbox that can send now, else the local mailbox. */
function defaultInbox(inboxes: Inbox[]): string {
  const ready = inboxes.find((i) => i.delivers && i.health.status !== "paused" && i.health.sent_today < i.health.effective_daily_limit);
  return ready?.id ?? inboxes.find((i) => i.kind === "local")?.id ?? "";
}

export interface SendEmailPanelProps {
  subject: string;
  body: string;
  /** From the recipient form. */
  defaultTo: string;
  toName: string;
}

export function SendEmailPanel({ subject, body, defaultTo, toName }: SendEmailPanelProps) {
  const toast = useToast();
  const inboxes = useInboxes();
  const send = useSendEmail();
  const [to, setTo] = useState(defaultTo);
  const [picked, setPicked] = useState<string | null>(null);
  const [toError, setToError] = useState<string | null>(null);
  const list = inboxes.data?.inboxes ?? [];
  const inboxId = picked ?? defaultInbox(list);
  const inbox = list.find((i) => i.id === inboxId);

  const report = (m: ComposeMessage) => {
    if (m.status === "sent") toast.success(`Sent to ${m.to} from ${m.from}`);
    else if (m.status === "local") toast.info(`Kept in the local mailbox: ${m.to} receives nothing`);
    else if (m.status === "bounced") toast.error(`${m.to} was refused by the mail server (${m.error}); the address is now suppressed`);
    else toast.error(`Not sent: ${m.error ?? "the mail server did not accept it"}`);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const address = to.trim();
    if (!EMAIL_RE.test(address)) return setToError("Enter the recipient's email address");
    setToError(null);
    if (!inbox) return;
    send.mutate(
      { inbox_id: inbox.kind === "local" ? "local" : inbox.id, to: address, to_name: toName.trim() || undefined, subject, body },
      { onSuccess: report, onError: (err) => toast.error(errorMessage(err)) },
    );
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Send this email" sx={{ display: "grid", gap: 2 }}>
      <Typography variant="subtitle2">Send it now</Typography>
      {inboxes.isError && <Alert severity="error">{`The inboxes could not be loaded: ${errorMessage(inboxes.error)}`}</Alert>}
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <TextField
          select
          label="From"
          value={inbox ? inboxId : ""}
          onChange={(e) => setPicked(e.target.value)}
          disabled={!inboxes.isSuccess}
          helperText={inbox ? inboxUsage(inbox) : inboxes.isPending ? "Loading inboxes…" : " "}
          sx={{ flex: 1, minWidth: 0 }}
          slotProps={{ select: { renderValue: () => inbox?.label ?? "" } }}
        >
          {list.map((i) => (
            <MenuItem key={i.id} value={i.id} disabled={i.health.status === "paused"}>
              <ListItemText primary={i.label} secondary={inboxUsage(i)} />
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="To"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          error={Boolean(toError)}
          helperText={toError ?? (toName.trim() ? `Addressed to ${toName.trim()}` : " ")}
          sx={{ flex: 1, minWidth: 0 }}
        />
      </Stack>
      {inbox && !inbox.delivers && (
        <Alert severity="info">The local mailbox keeps the email in this app for trying things out: nobody receives it.</Alert>
      )}
      <Typography variant="body2" color="textSecondary">
        {
          "Your signature (Settings → Email) is added at the end, with an unsubscribe header; opens and clicks are tracked as your email settings say. {{ first_name }} and other variables are filled in."
        }
      </Typography>
      <Box>
        <Button type="submit" variant="contained" startIcon={<Send />} disabled={send.isPending || !inbox}>
          {send.isPending ? "Sending…" : "Send"}
        </Button>
      </Box>
    </Box>
  );
}
