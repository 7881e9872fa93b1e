/**
 * The workspace's members, filtered and paged in the browser (a workspace holds at most 500):
 * name, email, role, status, presence and when they joined, with the actions the caller may take.
 * Changing a role, suspending or removing is refused by the server with its reason (the last
 * admin, self-escalation), which shows in a toast or the dialog.
 */

import { MoreVert, Search } from "@mui/icons-material";
import {
  Box,
  Button,
  Chip,
  IconButton,
  InputAdornment,
  Menu,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import type { WorkspaceMember } from "@prospector/contracts";
import { useMemo, useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { formatDateTime, timeAgo } from "../../../lib/format.ts";
import { ConfirmDialog } from "../../../ui/confirm-dialog.tsx";
import { FilterSelect } from "../../../ui/filter-select.tsx";
import { TablePager } from "../../../ui/table-pager/table-pager.tsx";
import { usePager } from "../../../ui/table-pager/use-pager.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useChangeMemberRole, useChangeMemberStatus, useRemoveMember } from "../api/use-members.ts";
import { PRESENCE_COLORS, PRESENCE_LABELS, ROLE_OPTIONS, roleLabel } from "../lib/team-labels.ts";
import { MemberAvatar } from "./member-avatar.tsx";

export interface MemberFilters {
  search: string;
  role: string;
  status: string;
  presence: string;
}

const EMPTY_FILTERS: MemberFilters = { search: "", role: "", status: "", presence: "" };
const STATUS_FILTERS = [
  { value: "active", label: "Active" },
  { value: "suspended", label: "Suspended" },
];
const PRESENCE_FILTERS = [
  { value: "online", label: "Online" },
  { value: "away", label: "Away" },
  { value: "offline", label: "Offline" },
];

function matches(m: WorkspaceMember, f: MemberFilters): boolean {
  const q = f.search.trim().toLowerCase();
  if (q && !m.user.full_name.toLowerCase().includes(q) && !m.user.email.toLowerCase().includes(q)) return false;
  if (f.role && m.role !== f.role) return false;
  if (f.status && m.status !== f.status) return false;
  if (f.presence && m.user.presence !== f.presence) return false;
  return true;
}

export interface MemberPermissions {
  update: boolean;
  remove: boolean;
  /** The signed-in user's id: they may leave, not suspend themselves. */
  selfId: string | undefined;
}

export function MembersTable({ workspaceId, members, may }: { workspaceId: string; members: WorkspaceMember[]; may: MemberPermissions }) {
  const [filters, setFilters] = useState<MemberFilters>(EMPTY_FILTERS);
  const shown = useMemo(() => members.filter((m) => matches(m, filters)), [members, filters]);
  const pager = usePager({ resetKeys: [filters.search, filters.role, filters.status, filters.presence] });
  const rows = shown.slice(pager.page * pager.perPage, (pager.page + 1) * pager.perPage);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; member: WorkspaceMember } | null>(null);
  const [removing, setRemoving] = useState<WorkspaceMember | null>(null);
  const changeRole = useChangeMemberRole(workspaceId);
  const changeStatus = useChangeMemberStatus(workspaceId);
  const remove = useRemoveMember(workspaceId);
  const toast = useToast();
  const pick = (key: keyof MemberFilters) => (value: string) => setFilters((f) => ({ ...f, [key]: value }));
  const set = (key: keyof MemberFilters) => (e: { target: { value: string } }) => pick(key)(e.target.value);
  const actions = may.update || may.remove;

  const onRole = async (m: WorkspaceMember, role: string) => {
    if (role === m.role) return;
    try {
      await changeRole.mutateAsync({ memberId: m.id, role });
      toast.success(`${m.user.full_name || m.user.email} is now ${roleLabel(role)}`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const onStatus = async (m: WorkspaceMember) => {
    setMenu(null);
    const status = m.status === "active" ? "suspended" : "active";
    try {
      await changeStatus.mutateAsync({ memberId: m.id, status });
      toast.success(`${m.user.full_name || m.user.email} ${status === "active" ? "can sign in to this workspace again" : "is suspended"}`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <Box sx={{ display: "grid", gap: 1.5 }}>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }} role="search" aria-label="Filter members">
        <TextField
          size="small"
          label="Search name or email"
          value={filters.search}
          onChange={set("search")}
          sx={{ minWidth: 220, flex: 1 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <FilterSelect
          label="Role"
          value={filters.role}
          onChange={pick("role")}
          anyLabel="All roles"
          options={ROLE_OPTIONS.map((r) => ({ value: r.id, label: r.label }))}
          minWidth={160}
        />
        <FilterSelect label="Status" value={filters.status} onChange={pick("status")} anyLabel="Any status" options={STATUS_FILTERS} />
        <FilterSelect label="Presence" value={filters.presence} onChange={pick("presence")} anyLabel="Anyone" options={PRESENCE_FILTERS} />
      </Box>
      {shown.length === 0 ? (
        <Box sx={{ py: 3, textAlign: "center" }}>
          <Typography color="textSecondary">No member matches these filters.</Typography>
          <Button onClick={() => setFilters(EMPTY_FILTERS)}>Clear filters</Button>
        </Box>
      ) : (
        <Box sx={{ overflowX: "auto" }}>
          <Table size="small" aria-label="Members">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Email</TableCell>
                <TableCell>Role</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Presence</TableCell>
                <TableCell>Joined</TableCell>
                {actions && <TableCell align="right">Actions</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((m) => {
                const name = m.user.full_name || m.user.email;
                const self = m.user.id === may.selfId;
                return (
                  <TableRow key={m.id} hover>
                    <TableCell>
                      <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
                        <MemberAvatar user={m.user} />
                        <span>
                          {name}
                          {self && " (you)"}
                          {m.is_owner && <Chip size="small" label="Owner" sx={{ ml: 1 }} />}
                        </span>
                      </Box>
                    </TableCell>
                    <TableCell>{m.user.email}</TableCell>
                    <TableCell>
                      {may.update && !self ? (
                        <TextField
                          select
                          size="small"
                          variant="standard"
                          value={m.role}
                          onChange={(e) => void onRole(m, e.target.value)}
                          slotProps={{ htmlInput: { "aria-label": `Role of ${name}` } }}
                          disabled={changeRole.isPending}
                        >
                          {ROLE_OPTIONS.map((r) => (
                            <MenuItem key={r.id} value={r.id}>
                              {r.label}
                            </MenuItem>
                          ))}
                        </TextField>
                      ) : (
                        roleLabel(m.role)
                      )}
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        variant="outlined"
                        label={m.status === "active" ? "Active" : "Suspended"}
                        color={m.status === "active" ? "success" : "warning"}
                      />
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={PRESENCE_LABELS[m.user.presence] ?? m.user.presence}
                        color={PRESENCE_COLORS[m.user.presence] ?? "default"}
                        variant={m.user.presence === "offline" ? "outlined" : "filled"}
                        title={m.user.last_seen ? `Last seen ${formatDateTime(m.user.last_seen)}` : "Never seen"}
                      />
                      {m.user.presence === "offline" && m.user.last_seen && (
                        <Typography variant="caption" color="textSecondary" component="div">
                          {`seen ${timeAgo(m.user.last_seen)}`}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{formatDateTime(m.joined_at)}</TableCell>
                    {actions && (
                      <TableCell align="right">
                        {((may.update && !self) || may.remove || self) && (
                          <IconButton
                            aria-label={`Actions for ${name}`}
                            onClick={(e) => setMenu({ anchor: e.currentTarget, member: m })}
                            size="small"
                          >
                            <MoreVert fontSize="small" />
                          </IconButton>
                        )}
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <TablePager pager={pager} count={shown.length} />
        </Box>
      )}
      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={() => setMenu(null)}>
        {menu && may.update && menu.member.user.id !== may.selfId && (
          <MenuItem onClick={() => void onStatus(menu.member)}>{menu.member.status === "active" ? "Suspend" : "Reactivate"}</MenuItem>
        )}
        {menu && (may.remove || menu.member.user.id === may.selfId) && (
          <MenuItem
            sx={{ color: "error.main" }}
            onClick={() => {
              setRemoving(menu.member);
              setMenu(null);
            }}
          >
            {menu.member.user.id === may.selfId ? "Leave workspace" : "Remove from workspace"}
          </MenuItem>
        )}
      </Menu>
      <ConfirmDialog
        open={Boolean(removing)}
        title={removing?.user.id === may.selfId ? "Leave this workspace?" : "Remove this member?"}
        confirmLabel={removing?.user.id === may.selfId ? "Leave" : "Remove"}
        danger
        pending={remove.isPending}
        error={remove.error}
        onClose={() => {
          remove.reset();
          setRemoving(null);
        }}
        onConfirm={async () => {
          if (!removing) return;
          try {
            await remove.mutateAsync(removing.id);
            toast.success(`${removing.user.full_name || removing.user.email} no longer has access to this workspace`);
            setRemoving(null);
          } catch {
            // The server's reason (the last admin, the owner) shows in the dialog.
          }
        }}
      >
        {removing
          ? `${removing.user.full_name || removing.user.email} loses access to this workspace at once. Their account and the records they created stay.`
          : ""}
      </ConfirmDialog>
    </Box>
  );
}
