/**
 * The 64 px top bar (shell spec §2): menu button on mobile, page title, date, the team socket's
 * offline state, the workspace switcher, search, bell, user.
 * The search dialog (shell spec §9) is loaded on first use: Ctrl/Cmd+K or the search button opens
 * it, and the first press waits for its module, so the dialog's text field, list and modal are not
 * part of an app page's first load.
 */
import MenuIcon from "@mui/icons-material/Menu";
import SearchOutlined from "@mui/icons-material/SearchOutlined";
import { AppBar, Box, Button, IconButton, Toolbar, Typography } from "@mui/material";
import type { Me } from "@prospector/contracts";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { useLocation } from "react-router";
import { NotificationsBell } from "../../features/notifications/components/notifications-bell.tsx";
import { todayLabel } from "../../lib/format.ts";
import { LAYOUT } from "../theme.ts";
import { pageTitle } from "./nav-items.ts";
import { UserMenu } from "./user-menu.tsx";
import { ConnectionStatus, WorkspaceSwitcher } from "./workspace-switcher.tsx";

const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

const loadSearchDialog = () => import("../search/search-dialog.tsx");
const SearchDialog = lazy(() => loadSearchDialog().then((m) => ({ default: m.SearchDialog })));
/** Starts loading the dialog's module when a pointer or the focus reaches a search button. */
const warmSearch = () => void loadSearchDialog().catch(() => undefined);

/** Ctrl/Cmd+K opens the search, on any app page. */
export function useSearchShortcut(open: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "k") {
        e.preventDefault();
        open();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);
}

/** The search dialog, mounted once it is first opened (and kept, so it closes with its animation). */
export function LazySearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <SearchDialog open={open} onClose={onClose} />
    </Suspense>
  );
}

export function TopBar({ user, onOpenNav, onOpenSearch }: { user: Me; onOpenNav?: () => void; onOpenSearch: () => void }) {
  const { pathname } = useLocation();
  // Formatting a date builds an Intl formatter (slow the first time): once per mount is enough.
  const today = useMemo(() => todayLabel(), []);
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
            {today}
          </Typography>
        </Box>
        <Box sx={{ flex: 1 }} />
        <ConnectionStatus />
        <WorkspaceSwitcher />
        <Button
          variant="outlined"
          color="inherit"
          onClick={onOpenSearch}
          onPointerEnter={warmSearch}
          onFocus={warmSearch}
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
        <IconButton aria-label="Search" onClick={onOpenSearch} onFocus={warmSearch} sx={{ display: { xs: "inline-flex", sm: "none" } }}>
          <SearchOutlined />
        </IconButton>
        <NotificationsBell />
        <UserMenu user={user} />
      </Toolbar>
    </AppBar>
  );
}
