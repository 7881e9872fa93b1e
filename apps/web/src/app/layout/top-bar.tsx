/** The 64 px top bar (shell spec §2): menu button on mobile, page title, date, search, bell, user. */
import MenuIcon from "@mui/icons-material/Menu";
import SearchOutlined from "@mui/icons-material/SearchOutlined";
import { AppBar, Box, Button, IconButton, Toolbar, Typography } from "@mui/material";
import type { Me } from "@prospector/contracts";
import { useLocation } from "react-router";
import { NotificationsBell } from "../../features/notifications/components/notifications-bell.tsx";
import { todayLabel } from "../../lib/format.ts";
import { LAYOUT } from "../theme.ts";
import { pageTitle } from "./nav-items.ts";
import { UserMenu } from "./user-menu.tsx";

const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

export function TopBar({ user, onOpenNav, onOpenSearch }: { user: Me; onOpenNav?: () => void; onOpenSearch: () => void }) {
  const { pathname } = useLocation();
  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: "divider", bgcolor: "background.paper" }}>
      <Toolbar sx={{ minHeight: `${LAYOUT.headerHeight}px !important`, height: LAYOUT.headerHeight, gap: 1 }}>
        {onOpenNav && (
          <IconButton edge="start" aria-label="Open navigation" onClick={onOpenNav}>
            <MenuIcon />
          </IconButton>
        )}
        <Box sx={{ minWidth: 0, flexShrink: 1 }}>
          <Typography variant="h6" component="h1" noWrap>
            {pageTitle(pathname)}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap sx={{ display: { xs: "none", sm: "block" } }}>
            {todayLabel()}
          </Typography>
        </Box>
        <Box sx={{ flex: 1 }} />
        <Button
          variant="outlined"
          color="inherit"
          onClick={onOpenSearch}
          startIcon={<SearchOutlined />}
          aria-label="Search"
          sx={{
            display: { xs: "none", sm: "inline-flex" },
            color: "text.secondary",
            borderColor: "divider",
            minWidth: 200,
            justifyContent: "flex-start",
          }}
        >
          <Box component="span" sx={{ flex: 1, textAlign: "left" }}>
            Search…
          </Box>
          <Box component="kbd" sx={{ fontSize: 12, fontFamily: "inherit", opacity: 0.7 }}>
            {isMac ? "⌘K" : "Ctrl K"}
          </Box>
        </Button>
        <IconButton aria-label="Search" onClick={onOpenSearch} sx={{ display: { xs: "inline-flex", sm: "none" } }}>
          <SearchOutlined />
        </IconButton>
        <NotificationsBell />
        <UserMenu user={user} />
      </Toolbar>
    </AppBar>
  );
}
