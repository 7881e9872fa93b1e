/**
 * Data-subject requests: ask for an export of a lead (by email or id) or a member, or erase a lead
 * or a member after typing the address again; the list shows each job's progress, counts, whether
 * a member's account was erased, and the download.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import type { ComplianceRequest } from "@prospector/contracts";
import { type FormEvent, useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { formatUtcDateTime } from "../../../lib/format.ts";
import { EmptyState } from "../../../ui/page-intro.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useDownloadExport, useRequestErasure, useRequestExport, useRequests } from "../api/use-compliance.ts";

const STATUS_COLOR = { queued: "default", running: "info", completed: "success", failed: "error" } as const;

function countsLabel(counts: Record<string, number>): string {
  const entries = Object.entries(counts).filter(([table, n]) => n > 0 && table !== "account_erased");
  if (entries.length === 0) return "—";
  return entries.map(([table, n]) => `${table.replace(/_/g, " ")}: ${n.toLocaleString()}`).join(", ");
}

export function RequestsSection({ canAct }: { canAct: boolean }) {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const list = useRequests(cursors.at(-1));
  const download = useDownloadExport();
  const toast = useToast();
  const items = list.data?.items ?? [];
  return (
    <Stack spacing={3}>
      {canAct ? (
        <NewRequest />
      ) : (
        <Alert severity="info">Only people who may update compliance settings can export or erase a person's data.</Alert>
      )}
      <Card variant="outlined">
        <CardHeader title="Requests" subheader="Newest first. The person is kept here only as a salted hash, never by address." />
        <CardContent>
          {list.isError ? <Alert severity="error">{errorMessage(list.error)}</Alert> : null}
          {list.isSuccess && items.length === 0 && cursors.length === 1 ? (
            <EmptyState
              title="No data-subject requests yet"
              hint="When a person asks what you hold about them, or to be forgotten, export or erase their data with the form above."
            />
          ) : (
            <TableContainer>
              <Table size="small" aria-label="Data-subject requests, newest first">
                <TableHead>
                  <TableRow>
                    <TableCell>Asked</TableCell>
                    <TableCell>Kind</TableCell>
                    <TableCell>By</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell>What it covered</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {items.map((r) => (
                    <RequestRow
                      key={r.id}
                      r={r}
                      canAct={canAct}
                      onDownload={() => download.mutate(r.id, { onError: (e) => toast.error(errorMessage(e)) })}
                    />
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
              Previous
            </Button>
            <Button disabled={!list.data?.next_cursor} onClick={() => setCursors((c) => [...c, list.data?.next_cursor ?? undefined])}>
              Next
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}

function RequestRow({ r, canAct, onDownload }: { r: ComplianceRequest; canAct: boolean; onDownload: () => void }) {
  return (
    <TableRow>
      <TableCell>{formatUtcDateTime(r.created_at)}</TableCell>
      <TableCell>
        {r.kind === "export" ? "Export" : "Erasure"} of a {r.subject_type === "lead" ? "lead" : "member"}
      </TableCell>
      <TableCell>{r.requested_by_name ?? "—"}</TableCell>
      <TableCell sx={{ minWidth: 140 }}>
        <Chip size="small" label={r.status} color={STATUS_COLOR[r.status]} />
        {r.status === "running" || r.status === "queued" ? (
          <LinearProgress variant="determinate" value={r.progress} sx={{ mt: 0.5 }} aria-label={`Progress ${r.progress}%`} />
        ) : null}
        {r.error ? (
          <Typography variant="caption" color="error" component="div">
            {r.error}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell>
        <Typography variant="body2">{countsLabel(r.counts)}</Typography>
        {r.kind === "erasure" && r.subject_type === "user" && r.status === "completed" ? (
          <Typography variant="caption" color="text.secondary" component="div">
            {r.counts.account_erased === 1
              ? "Account erased: the person belonged to no other workspace"
              : "Account kept: the person is still a member of another workspace; only this workspace's data went"}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell>
        {r.downloadable && canAct ? (
          <Button size="small" onClick={onDownload}>
            Download{r.downloaded_at ? " again" : ""}
          </Button>
        ) : null}
      </TableCell>
    </TableRow>
  );
}

function NewRequest() {
  const toast = useToast();
  const exportReq = useRequestExport();
  const erase = useRequestErasure();
  const [subjectType, setSubjectType] = useState<"lead" | "user">("lead");
  const [value, setValue] = useState("");
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const trimmed = value.trim();
  const isEmail = trimmed.includes("@");
  const subject =
    subjectType === "user"
      ? { subject_type: "user" as const, user_id: trimmed }
      : isEmail
        ? { subject_type: "lead" as const, email: trimmed }
        : { subject_type: "lead" as const, lead_id: trimmed };

  const submitExport = (e: FormEvent) => {
    e.preventDefault();
    if (!trimmed) return setError(subjectType === "user" ? "Enter the member's user id" : "Enter the lead's email address or id");
    setError(null);
    exportReq.mutate(subject, {
      onSuccess: () => toast.success("Export started: it appears below with its progress, then a download"),
      onError: (err) => setError(errorMessage(err)),
    });
  };
  const submitErasure = () => {
    erase.mutate(
      subjectType === "user"
        ? { subject_type: "user", user_id: trimmed, confirm_email: confirm }
        : { ...(isEmail ? { email: trimmed } : { lead_id: trimmed }), subject_type: "lead", confirm_email: confirm },
      {
        onSuccess: () => {
          setConfirmOpen(false);
          setConfirm("");
          setValue("");
          toast.success("Erasure started: the person's data is being removed everywhere");
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  return (
    <Card variant="outlined">
      <CardHeader
        title="Act on a person's request"
        subheader="Export everything held about a lead or a member (GDPR access), or erase them (GDPR erasure): a lead everywhere, the address staying blocked from sending as a hash; a member from this workspace, and their account when they belong to no other."
      />
      <CardContent>
        <Box component="form" onSubmit={submitExport} noValidate>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "flex-start" } }}>
            <TextField
              select
              label="Person"
              value={subjectType}
              onChange={(e) => setSubjectType(e.target.value as "lead" | "user")}
              sx={{ minWidth: 140 }}
            >
              <MenuItem value="lead">Lead</MenuItem>
              <MenuItem value="user">Member</MenuItem>
            </TextField>
            <TextField
              label={subjectType === "lead" ? "Lead's email address or id" : "Member's user id"}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              error={Boolean(error)}
              helperText={error ?? " "}
              sx={{ flex: 1 }}
            />
            <Button type="submit" variant="contained" disabled={exportReq.isPending} sx={{ mt: 1 }}>
              Export data
            </Button>
            <Button
              color="error"
              variant="outlined"
              disabled={!trimmed}
              onClick={() => {
                setError(null);
                setConfirmOpen(true);
              }}
              sx={{ mt: 1 }}
            >
              {subjectType === "lead" ? "Erase lead…" : "Erase member…"}
            </Button>
          </Stack>
        </Box>
      </CardContent>
      <Dialog open={confirmOpen} onClose={() => setConfirmOpen(false)} aria-labelledby="erase-title">
        <DialogTitle id="erase-title">{subjectType === "lead" ? "Erase this person everywhere?" : "Erase this member?"}</DialogTitle>
        <DialogContent>
          {subjectType === "lead" ? (
            <DialogContentText sx={{ mb: 2 }}>
              Their lead record, campaign messages, replies, notes, AI records and any finished export that holds them are removed or
              redacted. This cannot be undone. The address stays on the suppression list as a hash, so they are never emailed again.
            </DialogContentText>
          ) : (
            <DialogContentText sx={{ mb: 2 }}>
              The member leaves this workspace: their API keys, settings and notifications here are deleted, their name and address are
              redacted in every record of the workspace, and their sessions end. When they belong to no other workspace, the account itself
              is erased and can never sign in again. This cannot be undone.
            </DialogContentText>
          )}
          <TextField
            autoFocus
            fullWidth
            label="Type the person's email address to confirm"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
          {error ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmOpen(false)}>Cancel</Button>
          <Button color="error" variant="contained" disabled={!confirm.trim() || erase.isPending} onClick={submitErasure}>
            Erase permanently
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
