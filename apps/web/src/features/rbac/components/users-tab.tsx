/**
 * Users: the workspace's members with their role; assigning or removing a role (asked first,
 * audited by the server, its refusals — last administrator, a role above your own — shown in the
 * dialog), and a member's effective permissions with where each comes from.
 */
import {
  Box,
  Button,
  Chip,
  Collapse,
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
import { DEFAULT_ROLE, ROLES, type RoleId, type WorkspaceMember } from "@prospector/contracts";
import { Fragment, useMemo, useState } from "react";
import { Link as RouterLink } from "react-router";
import { usePermissions } from "../../../app/permissions/index.ts";
import { ConfirmDialog } from "../../../ui/confirm-dialog.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { TablePager } from "../../../ui/table-pager/table-pager.tsx";
import { usePager } from "../../../ui/table-pager/use-pager.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useSession } from "../../auth/api/use-session.ts";
import { useMembers, useRoleChange, useUserPermissions } from "../api/use-roles.ts";
import { grantText } from "../lib/grants.ts";
import { RoleChip } from "./role-chip.tsx";
import { TabError, TabLoading, TabQuery } from "./tab-states.tsx";

const ROLE_ORDER = (Object.values(ROLES) as (typeof ROLES)[RoleId][]).sort((a, b) => b.priority - a.priority);

interface Pending {
  member: WorkspaceMember;
  kind: "assign" | "remove";
  role: RoleId;
}

function EffectivePermissions({ userId }: { userId: string }) {
  const perms = useUserPermissions(userId);
  if (perms.isPending) return <TabLoading label="Loading permissions" />;
  if (perms.isError) return <TabError error={perms.error} onRetry={() => perms.refetch()} />;
  if (!perms.data.grants.length) return <Typography variant="body2">No permissions at all.</Typography>;
  return (
    <Box sx={{ display: "flex", gap: 0.5, flexWrap: "wrap" }} aria-label="Effective permissions">
      {perms.data.grants.map((g) => (
        <Chip
          key={`${g.source}:${g.source_id}:${grantText(g)}:${g.effect}:${g.resource_id ?? ""}`}
          size="small"
          color={g.effect === "deny" ? "error" : "default"}
          variant={g.source === "role" ? "outlined" : "filled"}
          label={`${g.effect === "deny" ? "deny " : ""}${grantText(g)}${g.resource_id ? ` (${g.resource_id})` : ""} · ${g.source}`}
        />
      ))}
    </Box>
  );
}

export default function UsersTab() {
  const { user } = useSession();
  const { can, role: myRole } = usePermissions();
  const members = useMembers(user?.workspace.id);
  const change = useRoleChange();
  const toast = useToast();
  const [search, setSearch] = useState("");
  const [open, setOpen] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const mayChange = can("team:update");
  const myPriority = ROLES[(myRole in ROLES ? myRole : DEFAULT_ROLE) as RoleId].priority;

  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    const all = members.data?.items ?? [];
    return q ? all.filter((m) => `${m.user.full_name} ${m.user.email} ${m.role}`.toLowerCase().includes(q)) : all;
  }, [members.data, search]);
  const pager = usePager({ resetKeys: [search] });
  const shown = rows.slice(pager.page * pager.perPage, (pager.page + 1) * pager.perPage);

  const confirm = () => {
    if (!pending) return;
    change.mutate(
      { kind: pending.kind, user_id: pending.member.user.id, role: pending.role },
      {
        onSuccess: () => {
          toast.success(
            pending.kind === "assign"
              ? `${pending.member.user.full_name} is now ${ROLES[pending.role].label}`
              : `${pending.member.user.full_name} no longer has the ${ROLES[pending.role].label} role (now Viewer)`,
          );
          setPending(null);
          change.reset();
        },
      },
    );
  };

  const close = () => {
    setPending(null);
    change.reset();
  };

  return (
    <>
      <PageIntro
        dense
        question="Who holds which role?"
        summary="Every member has one role. Removing a role makes the member a Viewer; each change is recorded in the audit log."
        actions={
          <TextField
            size="small"
            label="Search members"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            sx={{ minWidth: 220 }}
          />
        }
      />
      <TabQuery query={members} label="Loading members">
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState title="No members yet" hint="Invite colleagues from Team › Members; they appear here once they accept.">
              <Button component={RouterLink} to="/team/members" variant="outlined">
                Invite members
              </Button>
            </EmptyState>
          ) : rows.length === 0 ? (
            <EmptyState title="No member matches" hint="Search by name, email or role." />
          ) : (
            <>
              <TableContainer>
                <Table size="small" aria-label="Members and their roles">
                  <TableHead>
                    <TableRow>
                      <TableCell>Member</TableCell>
                      <TableCell>Role</TableCell>
                      <TableCell>Status</TableCell>
                      <TableCell align="right">Actions</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {shown.map((m) => {
                      const roleHigher = ROLES[m.role].priority > myPriority && myRole !== "admin";
                      return (
                        <Fragment key={m.id}>
                          <TableRow>
                            <TableCell>
                              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                                {m.user.full_name}
                                {m.user.id === user?.id && " (you)"}
                              </Typography>
                              <Typography variant="caption" color="textSecondary">
                                {m.user.email}
                              </Typography>
                            </TableCell>
                            <TableCell>
                              {mayChange ? (
                                <TextField
                                  select
                                  size="small"
                                  value={m.role}
                                  label={`Role of ${m.user.full_name}`}
                                  onChange={(e) => setPending({ member: m, kind: "assign", role: e.target.value as RoleId })}
                                  disabled={roleHigher}
                                  sx={{ minWidth: 200 }}
                                >
                                  {ROLE_ORDER.map((r) => (
                                    <MenuItem key={r.id} value={r.id} disabled={myRole !== "admin" && r.priority > myPriority}>
                                      {r.label}
                                    </MenuItem>
                                  ))}
                                </TextField>
                              ) : (
                                <RoleChip role={m.role} />
                              )}
                            </TableCell>
                            <TableCell>
                              <Chip
                                size="small"
                                label={m.status}
                                color={m.status === "active" ? "success" : "default"}
                                variant="outlined"
                              />
                            </TableCell>
                            <TableCell align="right">
                              <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end" }}>
                                <Button
                                  size="small"
                                  onClick={() => setOpen(open === m.user.id ? null : m.user.id)}
                                  aria-expanded={open === m.user.id}
                                  aria-label={`${open === m.user.id ? "Hide permissions of" : "Permissions of"} ${m.user.full_name}`}
                                >
                                  {open === m.user.id ? "Hide permissions" : "Permissions"}
                                </Button>
                                {mayChange && m.role !== DEFAULT_ROLE && (
                                  <Button
                                    size="small"
                                    color="error"
                                    disabled={roleHigher}
                                    onClick={() => setPending({ member: m, kind: "remove", role: m.role })}
                                    aria-label={`Remove the role of ${m.user.full_name}`}
                                  >
                                    Remove role
                                  </Button>
                                )}
                              </Stack>
                            </TableCell>
                          </TableRow>
                          <TableRow>
                            <TableCell colSpan={4} sx={{ py: 0, borderBottom: open === m.user.id ? undefined : 0 }}>
                              <Collapse in={open === m.user.id} unmountOnExit>
                                <Box sx={{ py: 1.5 }}>
                                  <EffectivePermissions userId={m.user.id} />
                                </Box>
                              </Collapse>
                            </TableCell>
                          </TableRow>
                        </Fragment>
                      );
                    })}
                  </TableBody>
                </Table>
              </TableContainer>
              <TablePager pager={pager} count={rows.length} />
            </>
          )
        }
      </TabQuery>
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === "remove" ? "Remove this role?" : "Change this role?"}
        confirmLabel={pending?.kind === "remove" ? "Remove role" : "Change role"}
        danger={pending?.kind === "remove"}
        onConfirm={confirm}
        onClose={close}
        pending={change.isPending}
        error={change.error}
      >
        {pending &&
          (pending.kind === "remove"
            ? `${pending.member.user.full_name} loses the ${ROLES[pending.role].label} role and becomes a Viewer.`
            : `${pending.member.user.full_name} goes from ${ROLES[pending.member.role].label} to ${ROLES[pending.role].label}.`)}{" "}
        The change is recorded in the audit log.
      </ConfirmDialog>
    </>
  );
}
