/**
 * Access requests: people asking for a permission they were refused. Pending ones first; an
 * approver (team:update) approves — the permission becomes the requester's direct grant — or
 * rejects, with a note the requester sees. Everyone else sees their own requests here.
 */
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
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
import type { AccessRequest } from "@prospector/contracts";
import { useMemo, useState } from "react";
import { usePermissions } from "../../../app/permissions/index.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { timeAgo } from "../../../lib/format.ts";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { TablePager } from "../../../ui/table-pager/table-pager.tsx";
import { usePager } from "../../../ui/table-pager/use-pager.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useSession } from "../../auth/api/use-session.ts";
import { useMembers } from "../api/use-roles.ts";
import { useAccessRequests, useDecideRequest } from "../api/use-rules.ts";
import { TabQuery } from "./tab-states.tsx";

const STATUS_COLOR = { pending: "warning", approved: "success", rejected: "default" } as const;

export default function RequestsTab() {
  const requests = useAccessRequests();
  const decide = useDecideRequest();
  const toast = useToast();
  const { user } = useSession();
  const members = useMembers(user?.workspace.id);
  const { can } = usePermissions();
  const approver = can("team:update");
  const [deciding, setDeciding] = useState<{ request: AccessRequest; approve: boolean } | null>(null);
  const [note, setNote] = useState("");

  const names = useMemo(() => new Map((members.data?.items ?? []).map((m) => [m.user.id, m.user.full_name])), [members.data]);
  const rows = useMemo(
    () =>
      [...(requests.data ?? [])].sort(
        (a, b) => Number(b.status === "pending") - Number(a.status === "pending") || b.created_at.localeCompare(a.created_at),
      ),
    [requests.data],
  );
  const pager = usePager();
  const shown = rows.slice(pager.page * pager.perPage, (pager.page + 1) * pager.perPage);
  const pending = rows.filter((r) => r.status === "pending").length;

  const close = () => {
    setDeciding(null);
    setNote("");
    decide.reset();
  };
  const confirm = () => {
    if (!deciding) return;
    const { request, approve } = deciding;
    decide.mutate(
      { id: request.id, approve, note: note.trim() || undefined },
      {
        onSuccess: () => {
          toast.success(
            `${approve ? "Approved" : "Rejected"}: ${request.resource}:${request.action} for ${names.get(request.user_id) ?? "the requester"}`,
          );
          close();
        },
      },
    );
  };

  return (
    <>
      <PageIntro
        dense
        question="Who is asking for more access?"
        summary={
          approver
            ? `${pending} pending. Approving gives the requester that permission directly; each decision is recorded in the audit log.`
            : "Your own requests and what was decided. People ask for access from the “Request access” button on a page they may not open."
        }
      />
      <TabQuery query={requests} label="Loading access requests">
        {() =>
          rows.length === 0 ? (
            <EmptyState
              title="No access requests"
              hint="When someone is refused a page or an action, the “Request access” button sends a request here for an approver to decide."
            />
          ) : (
            <>
              <TableContainer component={Paper} variant="outlined">
                <Table size="small" aria-label="Access requests">
                  <TableHead>
                    <TableRow>
                      <TableCell>Requested by</TableCell>
                      <TableCell>Permission</TableCell>
                      <TableCell>Reason</TableCell>
                      <TableCell>Status</TableCell>
                      {approver && <TableCell align="right">Decision</TableCell>}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {shown.map((r) => (
                      <TableRow key={r.id}>
                        <TableCell>
                          <Typography variant="body2">{names.get(r.user_id) ?? (members.isPending ? "…" : "A former member")}</Typography>
                          <Typography variant="caption" color="textSecondary">
                            {timeAgo(r.created_at)}
                          </Typography>
                        </TableCell>
                        <TableCell sx={{ fontFamily: "monospace" }}>
                          {r.resource}:{r.action}
                          {r.resource_id && ` (${r.resource_id})`}
                        </TableCell>
                        <TableCell>{r.reason ?? "—"}</TableCell>
                        <TableCell>
                          <Chip
                            size="small"
                            label={r.status}
                            color={STATUS_COLOR[r.status]}
                            variant={r.status === "pending" ? "filled" : "outlined"}
                          />
                          {r.decision_note && (
                            <Typography variant="caption" color="textSecondary" component="div">
                              “{r.decision_note}”
                            </Typography>
                          )}
                        </TableCell>
                        {approver && (
                          <TableCell align="right">
                            {r.status === "pending" && r.user_id !== user?.id ? (
                              <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end" }}>
                                <Button
                                  size="small"
                                  variant="outlined"
                                  color="success"
                                  onClick={() => setDeciding({ request: r, approve: true })}
                                  aria-label={`Approve ${r.resource}:${r.action} for ${names.get(r.user_id) ?? "the requester"}`}
                                >
                                  Approve
                                </Button>
                                <Button
                                  size="small"
                                  color="error"
                                  onClick={() => setDeciding({ request: r, approve: false })}
                                  aria-label={`Reject ${r.resource}:${r.action} for ${names.get(r.user_id) ?? "the requester"}`}
                                >
                                  Reject
                                </Button>
                              </Stack>
                            ) : r.status === "pending" ? (
                              <Typography variant="caption" color="textSecondary">
                                Another approver decides your own request
                              </Typography>
                            ) : null}
                          </TableCell>
                        )}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
              <TablePager pager={pager} count={rows.length} />
            </>
          )
        }
      </TabQuery>
      <Dialog
        open={deciding !== null}
        onClose={decide.isPending ? undefined : close}
        fullWidth
        maxWidth="xs"
        aria-labelledby="decide-title"
      >
        <DialogTitle id="decide-title">{deciding?.approve ? "Approve this request?" : "Reject this request?"}</DialogTitle>
        <DialogContent>
          {deciding && (
            <DialogContentText>
              {names.get(deciding.request.user_id) ?? "The requester"} asks for {deciding.request.resource}:{deciding.request.action}.
              {deciding.approve ? " They get this permission directly." : ""}
            </DialogContentText>
          )}
          <TextField
            label="Note (optional)"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            fullWidth
            multiline
            minRows={2}
            sx={{ mt: 2 }}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          {decide.isError && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {errorMessage(decide.error)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={decide.isPending}>
            Cancel
          </Button>
          <Button variant="contained" color={deciding?.approve ? "success" : "error"} onClick={confirm} disabled={decide.isPending}>
            {deciding?.approve ? "Approve" : "Reject"}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
