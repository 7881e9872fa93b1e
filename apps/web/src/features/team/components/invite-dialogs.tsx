/**
 * Inviting people: one address with a role, or a pasted list with one role for all. The bulk
 * answer lists each address as sent or failed with the server's reason; the good ones are sent
 * even when others fail.
 */
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  TextField,
  Typography,
} from "@mui/material";
import { BULK_INVITE_MAX, type BulkInviteResult, INVITE_EXPIRY_DAYS } from "@prospector/contracts";
import { useState } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { FormDialog } from "../../../ui/form-dialog.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useBulkInvite, useInvite } from "../api/use-members.ts";
import { parseInviteList } from "../lib/bulk-invite.ts";
import { RoleSelect } from "./role-select.tsx";

export function InviteDialog({ workspaceId, open, onClose }: { workspaceId: string; open: boolean; onClose: () => void }) {
  const invite = useInvite(workspaceId);
  const toast = useToast();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState("sales_rep");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const close = () => {
    setEmail("");
    setFieldError(null);
    invite.reset();
    onClose();
  };
  const submit = async () => {
    const address = email.trim();
    if (!address) return setFieldError("Enter an email address");
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) return setFieldError("Enter a valid email address");
    setFieldError(null);
    try {
      await invite.mutateAsync({ email: address, roleId: role });
      toast.success(`Invitation sent to ${address}`);
      close();
    } catch (error) {
      if (error instanceof ApiError && error.field === "email") setFieldError(error.message);
    }
  };
  const serverError = invite.error && !(invite.error instanceof ApiError && invite.error.field === "email") ? invite.error : null;
  return (
    <FormDialog
      open={open}
      title="Invite a member"
      submitLabel="Send invitation"
      pendingLabel="Sending…"
      pending={invite.isPending}
      error={serverError ? errorMessage(serverError) : null}
      onSubmit={() => void submit()}
      onClose={close}
    >
      <Typography variant="body2" color="textSecondary">
        {`They get an email with a link that is good for ${INVITE_EXPIRY_DAYS} days, and join with the role you choose.`}
      </Typography>
      <TextField
        label="Email address"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={Boolean(fieldError)}
        helperText={fieldError ?? " "}
        autoFocus
        required
      />
      <RoleSelect value={role} onChange={setRole} />
    </FormDialog>
  );
}

export function BulkInviteDialog({ workspaceId, open, onClose }: { workspaceId: string; open: boolean; onClose: () => void }) {
  const bulk = useBulkInvite(workspaceId);
  const [text, setText] = useState("");
  const [role, setRole] = useState("sales_rep");
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<BulkInviteResult | null>(null);
  const parsed = parseInviteList(text);
  const close = () => {
    setText("");
    setProblem(null);
    setResult(null);
    bulk.reset();
    onClose();
  };
  const submit = async () => {
    if (parsed.problem) return setProblem(parsed.problem);
    setProblem(null);
    try {
      setResult(await bulk.mutateAsync(parsed.emails.map((email) => ({ email, roleId: role }))));
    } catch {
      // Shown below from bulk.error: the whole list was refused (no permission, workspace full…).
    }
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="bulk-title">
      <DialogTitle id="bulk-title">Invite several people</DialogTitle>
      <DialogContent sx={{ display: "grid", gap: 2, pt: "8px !important" }}>
        {result ? (
          <BulkResult result={result} />
        ) : (
          <>
            <Typography variant="body2" color="textSecondary">
              {`Paste up to ${BULK_INVITE_MAX} addresses, one per line or separated by commas. Everyone gets the same role; addresses that cannot be invited are listed with the reason and the others are sent.`}
            </Typography>
            <TextField
              label="Email addresses"
              multiline
              minRows={5}
              maxRows={12}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setProblem(null);
              }}
              error={Boolean(problem)}
              helperText={
                problem ??
                `${parsed.emails.length} address${parsed.emails.length === 1 ? "" : "es"}${parsed.duplicates.length ? ` (${parsed.duplicates.length} repeated, sent once)` : ""}`
              }
              autoFocus
            />
            <RoleSelect value={role} onChange={setRole} label="Role for everyone" />
            {bulk.error ? <Alert severity="error">{errorMessage(bulk.error)}</Alert> : null}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {result ? (
          <Button variant="contained" onClick={close}>
            Done
          </Button>
        ) : (
          <>
            <Button onClick={close}>Cancel</Button>
            <Button variant="contained" onClick={() => void submit()} disabled={bulk.isPending}>
              {bulk.isPending ? "Sending…" : "Send invitations"}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

function BulkResult({ result }: { result: BulkInviteResult }) {
  return (
    <Box sx={{ display: "grid", gap: 1 }}>
      <Alert severity={result.failed.length === 0 ? "success" : result.sent.length === 0 ? "error" : "warning"}>
        {`${result.sent.length} sent, ${result.failed.length} failed`}
      </Alert>
      {result.sent.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h3">
            Sent
          </Typography>
          <List dense disablePadding aria-label="Sent invitations">
            {result.sent.map((i) => (
              <ListItem key={i.id} disableGutters>
                <ListItemText primary={i.email} />
              </ListItem>
            ))}
          </List>
        </>
      )}
      {result.failed.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h3">
            Not sent
          </Typography>
          <List dense disablePadding aria-label="Failed invitations">
            {result.failed.map((f) => (
              <ListItem key={`${f.email}-${f.code}`} disableGutters>
                <ListItemText primary={f.email || "(empty)"} secondary={f.message} slotProps={{ secondary: { color: "error" } }} />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </Box>
  );
}
