/** The workspace's invitations, pending first: who, which role, who sent it, when it expires; resend or cancel. */
import { Box, Button, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import type { Invite } from "@prospector/contracts";
import { useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { formatDateTime, timeAgo } from "../../../lib/format.ts";
import { ConfirmDialog } from "../../../ui/confirm-dialog.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useCancelInvite, useResendInvite } from "../api/use-members.ts";
import { INVITE_STATUS_LABELS, roleLabel } from "../lib/team-labels.ts";

function expiry(invite: Invite, now = Date.now()): string {
  if (invite.status === "accepted") return invite.accepted_at ? `accepted ${timeAgo(invite.accepted_at)}` : "accepted";
  if (invite.status === "cancelled") return "cancelled";
  const at = new Date(invite.expires_at).getTime();
  return at <= now ? `expired ${timeAgo(invite.expires_at)}` : `expires ${formatDateTime(invite.expires_at)}`;
}

export function PendingInvites({ workspaceId, invites, canManage }: { workspaceId: string; invites: Invite[]; canManage: boolean }) {
  const resend = useResendInvite(workspaceId);
  const cancel = useCancelInvite(workspaceId);
  const toast = useToast();
  const [cancelling, setCancelling] = useState<Invite | null>(null);
  const shown = [...invites].sort((a, b) => Number(b.status === "pending") - Number(a.status === "pending"));
  const onResend = async (invite: Invite) => {
    try {
      await resend.mutateAsync(invite.id);
      toast.success(`Invitation sent again to ${invite.email}`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <Box sx={{ overflowX: "auto" }}>
      <Table size="small" aria-label="Invitations">
        <TableHead>
          <TableRow>
            <TableCell>Email</TableCell>
            <TableCell>Role</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Invited by</TableCell>
            <TableCell>Expiry</TableCell>
            <TableCell align="right">Sent</TableCell>
            {canManage && <TableCell align="right">Actions</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((invite) => {
            const open = invite.status === "pending" || invite.status === "expired";
            return (
              <TableRow key={invite.id}>
                <TableCell>{invite.email}</TableCell>
                <TableCell>{roleLabel(invite.role)}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={INVITE_STATUS_LABELS[invite.status] ?? invite.status}
                    color={invite.status === "pending" ? "info" : invite.status === "expired" ? "warning" : "default"}
                    variant="outlined"
                  />
                </TableCell>
                <TableCell>{invite.invited_by?.name ?? "—"}</TableCell>
                <TableCell>
                  <Typography variant="body2" color={invite.status === "expired" ? "warning.main" : "textSecondary"}>
                    {expiry(invite)}
                  </Typography>
                </TableCell>
                <TableCell align="right" title={`Last sent ${formatDateTime(invite.last_sent_at)}`}>
                  {invite.send_count}
                </TableCell>
                {canManage && (
                  <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                    {open && (
                      <>
                        <Button
                          size="small"
                          onClick={() => void onResend(invite)}
                          disabled={resend.isPending}
                          aria-label={`Resend invitation to ${invite.email}`}
                        >
                          Resend
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          onClick={() => setCancelling(invite)}
                          aria-label={`Cancel invitation to ${invite.email}`}
                        >
                          Cancel
                        </Button>
                      </>
                    )}
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <ConfirmDialog
        open={Boolean(cancelling)}
        title="Cancel this invitation?"
        confirmLabel="Cancel invitation"
        danger
        pending={cancel.isPending}
        error={cancel.error}
        onClose={() => {
          cancel.reset();
          setCancelling(null);
        }}
        onConfirm={async () => {
          if (!cancelling) return;
          try {
            await cancel.mutateAsync(cancelling.id);
            toast.success(`Invitation to ${cancelling.email} cancelled`);
            setCancelling(null);
          } catch {
            // Shown in the dialog.
          }
        }}
      >
        {cancelling ? `The link sent to ${cancelling.email} will stop working. You can invite them again later.` : ""}
      </ConfirmDialog>
    </Box>
  );
}
