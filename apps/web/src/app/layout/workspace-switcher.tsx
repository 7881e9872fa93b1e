/**
 * The workspace switcher in the top bar (shell §2, issue 14): the current workspace's name, the
 * user's workspaces with their role there (archived ones marked), and "Manage workspaces". Errors
 * show the team-context message (outreach-core §8), never sample workspaces.
 */
import ArchiveOutlined from "@mui/icons-material/ArchiveOutlined";
import Check from "@mui/icons-material/Check";
import CloudOffOutlined from "@mui/icons-material/CloudOffOutlined";
import ExpandMore from "@mui/icons-material/ExpandMore";
import HubOutlined from "@mui/icons-material/HubOutlined";
import SettingsOutlined from "@mui/icons-material/SettingsOutlined";
import {
  Box,
  Button,
  Chip,
  CircularProgress,
  Divider,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Tooltip,
  Typography,
} from "@mui/material";
import { ROLES, type RoleId } from "@prospector/contracts";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useSocketStatus, useTeamSocket } from "../../lib/use-socket.tsx";
import { TEAM_CONTEXT_MESSAGES, useWorkspace } from "../permissions/workspace-provider.tsx";

const roleLabel = (role: string) => ROLES[role as RoleId]?.label ?? role;

export function WorkspaceSwitcher() {
  const { current, workspaces, switchTo, loading, error, refresh } = useWorkspace();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [switching, setSwitching] = useState<string | null>(null);
  const close = () => setAnchor(null);

  const label = loading ? "Loading…" : error ? TEAM_CONTEXT_MESSAGES.loadFailed : (current?.name ?? TEAM_CONTEXT_MESSAGES.noneSelected);

  const choose = async (id: string) => {
    close();
    setSwitching(id);
    try {
      await switchTo(id);
    } catch {
      // switchTo already told the user (toast).
    } finally {
      setSwitching(null);
    }
  };

  return (
    <>
      <Button
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-label={`Workspace: ${label}`}
        startIcon={switching ? <CircularProgress size={16} /> : <HubOutlined />}
        endIcon={<ExpandMore />}
        // On phones the page title needs the room: the icon alone opens the list (it names the workspace).
        sx={{
          textTransform: "none",
          maxWidth: { xs: 48, sm: 220, md: 280 },
          minWidth: 0,
          flexShrink: 0,
          color: error ? "error.main" : "text.primary",
          "& .MuiButton-startIcon": { mr: { xs: 0, sm: 1 } },
          "& .MuiButton-endIcon": { display: { xs: "none", sm: "inherit" } },
        }}
        data-testid="workspace-switcher"
      >
        <Box
          component="span"
          sx={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", display: { xs: "none", sm: "inline" } }}
        >
          {label}
        </Box>
        {current?.archived_at && <Chip size="small" label="Archived" sx={{ ml: 1, display: { xs: "none", md: "inline-flex" } }} />}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close} slotProps={{ paper: { sx: { minWidth: 280, maxWidth: 360 } } }}>
        <Typography variant="overline" color="text.secondary" sx={{ px: 2, display: "block" }}>
          Your workspaces
        </Typography>
        {error && (
          <MenuItem
            onClick={() => {
              close();
              void refresh();
            }}
          >
            <ListItemText primary={error} secondary="Try again" slotProps={{ primary: { color: "error" } }} />
          </MenuItem>
        )}
        {!error && !loading && workspaces.length === 0 && (
          <Typography sx={{ px: 2, py: 1 }} color="text.secondary">
            You are not a member of any workspace yet. Ask an administrator for an invitation.
          </Typography>
        )}
        {workspaces.map((w) => {
          const selected = w.id === current?.id;
          return (
            <MenuItem key={w.id} selected={selected} onClick={() => (selected ? close() : void choose(w.id))}>
              <ListItemIcon>
                {selected ? <Check fontSize="small" /> : w.archived_at ? <ArchiveOutlined fontSize="small" /> : null}
              </ListItemIcon>
              <ListItemText
                primary={w.name}
                secondary={`${roleLabel(w.role)}${w.archived_at ? " · Archived (read-only)" : ""}`}
                slotProps={{ primary: { noWrap: true } }}
              />
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            navigate("/team/workspaces");
          }}
        >
          <ListItemIcon>
            <SettingsOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText primary="Manage workspaces" />
        </MenuItem>
      </Menu>
    </>
  );
}

/** Phones show the icon only: the top bar has no room for the words. */
function ChipText({ children }: { children: string }) {
  return (
    <Box component="span" sx={{ display: { xs: "none", sm: "inline" } }}>
      {children}
    </Box>
  );
}

/** "Offline — reconnecting" while the team socket is down (live updates, presence, chat). */
export function ConnectionStatus() {
  const status = useSocketStatus();
  const socket = useTeamSocket();
  if (status === "reconnecting") {
    return (
      <Tooltip title="Live updates pause until the connection is back">
        <Chip
          role="status"
          size="small"
          color="warning"
          variant="outlined"
          icon={<CloudOffOutlined />}
          aria-label="Offline — reconnecting"
          label={<ChipText>Offline — reconnecting</ChipText>}
          data-testid="connection-status"
        />
      </Tooltip>
    );
  }
  if (status === "failed") {
    return (
      <Tooltip title="Live updates stopped. Click to reconnect.">
        <Chip
          role="status"
          size="small"
          color="error"
          variant="outlined"
          icon={<CloudOffOutlined />}
          aria-label="Offline"
          label={<ChipText>Offline</ChipText>}
          onClick={() => socket?.connect()}
          data-testid="connection-status"
        />
      </Tooltip>
    );
  }
  return null;
}
