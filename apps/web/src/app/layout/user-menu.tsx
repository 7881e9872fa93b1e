/** The top bar's user area: name, plan chip, and the avatar menu (Profile, Settings, Help & Support, Sign Out). */
import HelpOutline from "@mui/icons-material/HelpOutlineOutlined";
import Logout from "@mui/icons-material/Logout";
import PersonOutlined from "@mui/icons-material/PersonOutlined";
import SettingsOutlined from "@mui/icons-material/SettingsOutlined";
import { Avatar, Box, Chip, Divider, IconButton, ListItemIcon, Menu, MenuItem, Tooltip, Typography } from "@mui/material";
import type { Me } from "@prospector/contracts";
import { lazy, Suspense, useState } from "react";
import { useNavigate } from "react-router";
import { useSignOut } from "../../features/auth/api/use-sign-out.ts";
import { initials, useProfileDisplay } from "./use-profile-display.ts";

// Help & Support loads when first opened: its dialog is not part of an app page's first load.
const HelpDialog = lazy(() => import("./help-dialog.tsx").then((m) => ({ default: m.HelpDialog })));

export function planLabel(plan: string): string {
  return plan ? plan.charAt(0).toUpperCase() + plan.slice(1) : "";
}

export function UserMenu({ user }: { user: Me }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [helpUsed, setHelpUsed] = useState(false);
  if (helpOpen && !helpUsed) setHelpUsed(true);
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { name, picture } = useProfileDisplay(user);
  const go = (path: string) => {
    setAnchor(null);
    navigate(path);
  };

  return (
    <>
      <Box sx={{ display: { xs: "none", md: "flex" }, alignItems: "center", gap: 1, ml: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, maxWidth: 180 }} noWrap>
          {name}
        </Typography>
        {user.organization.plan && <Chip size="small" color="primary" label={planLabel(user.organization.plan)} />}
      </Box>
      <Tooltip title="Account">
        <IconButton aria-label="Account menu" onClick={(e) => setAnchor(e.currentTarget)} sx={{ ml: 0.5 }}>
          <Avatar src={picture ?? undefined} alt={name} sx={{ width: 36, height: 36, bgcolor: "primary.main", fontSize: 15 }}>
            {initials(name)}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
      >
        <Box sx={{ px: 2, py: 1, maxWidth: 280 }}>
          <Typography variant="subtitle2" noWrap>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="p">
            {user.role_label} · {user.workspace.name}
          </Typography>
        </Box>
        <Divider />
        <MenuItem onClick={() => go("/settings/profile")}>
          <ListItemIcon>
            <PersonOutlined fontSize="small" />
          </ListItemIcon>
          Profile
        </MenuItem>
        <MenuItem onClick={() => go("/settings")}>
          <ListItemIcon>
            <SettingsOutlined fontSize="small" />
          </ListItemIcon>
          Settings
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setHelpOpen(true);
          }}
        >
          <ListItemIcon>
            <HelpOutline fontSize="small" />
          </ListItemIcon>
          Help &amp; Support
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={async () => {
            setAnchor(null);
            // useSignOut leaves for the home page before the session ends, so the guard never bounces to /sign-in.
            await signOut();
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          Sign Out
        </MenuItem>
      </Menu>
      {helpUsed && (
        <Suspense fallback={null}>
          <HelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
