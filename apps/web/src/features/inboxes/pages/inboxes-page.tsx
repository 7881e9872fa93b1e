/**
 * /inboxes: the workspace's sending accounts with their health (sent today of the daily limit,
 * bounce rate, status and why), connect/edit with SMTP and IMAP, test, pause/resume and delete.
 * The local mailbox appears as a clearly labelled pseudo-inbox that reaches nobody.
 */
import Add from "@mui/icons-material/Add";
import AllInboxOutlined from "@mui/icons-material/AllInboxOutlined";
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Stack,
  Typography,
} from "@mui/material";
import type { Inbox, InboxTestResult } from "@prospector/contracts";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { PermissionGate, usePermissions } from "../../../app/permissions/index.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { timeAgo } from "../../../lib/format.ts";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useDeleteInbox, useInboxes, useTestInbox, useUpdateInbox } from "../api/use-inboxes.ts";
import { InboxFormDialog } from "../components/inbox-form-dialog.tsx";
import { TestResult } from "../components/test-result.tsx";
import { healthColor, healthLabel } from "../lib/inbox-labels.ts";

export default function InboxesPage() {
  const canEdit = usePermissions().can("campaigns:update");
  const toast = useToast();
  const inboxes = useInboxes();
  const update = useUpdateInbox();
  const remove = useDeleteInbox();
  const test = useTestInbox();
  const [editing, setEditing] = useState<Inbox | "new" | null>(null);
  const [deleting, setDeleting] = useState<Inbox | null>(null);
  const [results, setResults] = useState<Record<string, InboxTestResult>>({});

  const list = inboxes.data?.inboxes ?? [];
  const runTest = (i: Inbox) =>
    test.mutate(i.id, { onSuccess: (r) => setResults((x) => ({ ...x, [i.id]: r })), onError: (e) => toast.error(errorMessage(e)) });
  const setPaused = (i: Inbox, paused: boolean) =>
    update.mutate(
      { id: i.id, input: { paused } },
      { onSuccess: () => toast.success(paused ? "Inbox paused" : "Inbox resumed"), onError: (e) => toast.error(errorMessage(e)) },
    );

  return (
    <Stack spacing={2}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, flexWrap: "wrap" }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h5" component="h2">
            Inboxes
          </Typography>
          <Typography variant="body2" color="textSecondary">
            The accounts campaigns send from. Each keeps its own daily limit and gap; replies are read over IMAP.
          </Typography>
        </Box>
        <PermissionGate permission="campaigns:update">
          <Button variant="contained" startIcon={<Add />} onClick={() => setEditing("new")}>
            Connect inbox
          </Button>
        </PermissionGate>
      </Box>
      {inboxes.isPending && <LoadingScreen />}
      {inboxes.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => inboxes.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(inboxes.error)}
        </Alert>
      )}
      {inboxes.isSuccess && list.length === 0 && (
        <Box sx={{ py: 8, textAlign: "center", border: 1, borderColor: "divider", borderRadius: 2, bgcolor: "background.paper" }}>
          <AllInboxOutlined color="disabled" sx={{ fontSize: 48 }} />
          <Typography variant="h6" component="p">
            No inbox connected
          </Typography>
          <Typography color="textSecondary" sx={{ mb: 2 }}>
            Connect any SMTP account (Google Workspace, Microsoft 365, your own server) to send campaigns.
          </Typography>
          {canEdit && (
            <Button variant="contained" startIcon={<Add />} onClick={() => setEditing("new")}>
              Connect inbox
            </Button>
          )}
        </Box>
      )}
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr", xl: "1fr 1fr 1fr" } }}>
        {list.map((i) => {
          const h = i.health;
          const used = h.effective_daily_limit ? Math.min(100, (h.sent_today / h.effective_daily_limit) * 100) : 0;
          return (
            <Card key={i.id} variant="outlined" aria-label={i.email} role="article" sx={i.delivers ? undefined : { borderStyle: "dashed" }}>
              <CardContent sx={{ display: "grid", gap: 1 }}>
                <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
                  <Typography variant="subtitle1" sx={{ flex: 1, minWidth: 0, overflowWrap: "anywhere" }}>
                    {i.from_name ? `${i.from_name} <${i.email}>` : i.email}
                  </Typography>
                  <Chip size="small" color={healthColor(h.status)} label={healthLabel(h.status)} />
                </Box>
                {!i.delivers && (
                  <Alert severity="warning" sx={{ py: 0 }}>
                    Local test mailbox: emails stay in this app and reach nobody.{" "}
                    <RouterLink to="/mailbox">Open the local mailbox</RouterLink>
                  </Alert>
                )}
                {h.reason && (
                  <Typography variant="body2" color="warning.main">
                    {h.reason}
                  </Typography>
                )}
                <Box>
                  <Typography variant="body2">{`Sent today: ${h.sent_today} / ${h.effective_daily_limit}${h.effective_daily_limit < i.daily_limit ? ` (warming up to ${i.daily_limit})` : ""}`}</Typography>
                  <LinearProgress variant="determinate" value={used} aria-label={`Daily limit used for ${i.email}`} sx={{ mt: 0.5 }} />
                </Box>
                <Typography variant="body2">{`Bounce rate: ${h.bounce_rate}% (${h.recent_bounces} of the last ${h.recent_sends} sends)`}</Typography>
                <Typography variant="body2" color="textSecondary">
                  {[
                    i.smtp ? `SMTP ${i.smtp.host}:${i.smtp.port}` : null,
                    i.imap ? `IMAP ${i.imap.host}:${i.imap.port}` : i.kind === "smtp" ? "no IMAP (replies not read)" : null,
                    `gap ${i.min_gap_seconds}s`,
                    h.last_sent_at ? `last send ${timeAgo(h.last_sent_at)}` : "nothing sent yet",
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </Typography>
                {i.imap_status.error && <Typography variant="body2" color="error">{`IMAP: ${i.imap_status.error}`}</Typography>}
                {results[i.id] && <TestResult result={results[i.id]!} />}
              </CardContent>
              {canEdit && (
                <CardActions sx={{ flexWrap: "wrap" }}>
                  {i.kind === "smtp" && (
                    <Button size="small" onClick={() => runTest(i)} disabled={test.isPending && test.variables === i.id}>
                      {test.isPending && test.variables === i.id ? "Testing…" : "Test connection"}
                    </Button>
                  )}
                  <Button size="small" onClick={() => setEditing(i)}>
                    Edit
                  </Button>
                  <Button size="small" onClick={() => setPaused(i, h.status !== "paused")}>
                    {h.status === "paused" ? "Resume" : "Pause"}
                  </Button>
                  {i.kind === "smtp" && (
                    <Button size="small" color="error" onClick={() => setDeleting(i)}>
                      Delete
                    </Button>
                  )}
                </CardActions>
              )}
            </Card>
          );
        })}
      </Box>
      <InboxFormDialog open={editing !== null} inbox={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)}>
        <DialogTitle>{`Disconnect ${deleting?.email ?? ""}?`}</DialogTitle>
        <DialogContent>
          <DialogContentText>Campaigns stop sending from it. Its saved passwords are deleted.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() =>
              deleting &&
              remove.mutate(deleting.id, {
                onSuccess: () => {
                  toast.success("Inbox disconnected");
                  setDeleting(null);
                },
                onError: (e) => {
                  toast.error(errorMessage(e));
                  setDeleting(null);
                },
              })
            }
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
