/**
 * The main app layout: side navigation (280 px; 80 px collapsed, the default on tablets; a
 * swipe-open drawer on phones), the top bar, global search, live notifications, and the page.
 * It also mounts what only the signed-in app uses: toasts, notification pop-ups, the team socket,
 * the current workspace and the permission provider (app/permissions).
 */
import { Box, Drawer, useMediaQuery, useTheme } from "@mui/material";
import { useCallback, useEffect, useState } from "react";
import { useSession } from "../../features/auth/api/use-session.ts";
import { useLiveNotifications } from "../../features/notifications/api/use-notifications.ts";
import { TeamSocketProvider } from "../../lib/use-socket.tsx";
import { NotificationProvider } from "../../ui/notifications/notification-provider.tsx";
import { ToastProvider } from "../../ui/toast/toast-provider.tsx";
import { WorkspaceProvider } from "../permissions/workspace-provider.tsx";
import { LAYOUT } from "../theme.ts";
import { PageAccess, WorkspaceBanners } from "./page-access.tsx";
import { PageTransition } from "./page-transition.tsx";
import { ScrollToTop } from "./scroll-to-top.tsx";
import { SideNav } from "./side-nav.tsx";
import { LazySearchDialog, TopBar, useSearchShortcut } from "./top-bar.tsx";
import { useEdgeSwipe } from "./use-edge-swipe.ts";

function Shell() {
  const { user } = useSession();
  const theme = useTheme();
  const isMobile = useMediaQuery(theme.breakpoints.down("sm"));
  const isTablet = useMediaQuery(theme.breakpoints.between("sm", "lg"));
  const [collapsed, setCollapsed] = useState(isTablet);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The phone drawer's navigation is rendered once it is first opened, then kept mounted so it
  // opens at once: a first visit does not render the whole navigation twice, once hidden.
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (drawerOpen && !drawerUsed) setDrawerUsed(true);
  const [searchOpen, setSearchOpen] = useState(false);

  useEffect(() => setCollapsed(isTablet), [isTablet]);
  useEffect(() => {
    if (!isMobile) setDrawerOpen(false);
  }, [isMobile]);

  const openSearch = useCallback(() => setSearchOpen(true), []);
  useSearchShortcut(openSearch);
  useEdgeSwipe(isMobile && !drawerOpen, () => setDrawerOpen(true));
  useLiveNotifications();

  if (!user) return null;
  const width = collapsed ? LAYOUT.sidebarCollapsedWidth : LAYOUT.sidebarWidth;

  return (
    <Box sx={{ display: "flex", minHeight: "100vh", bgcolor: "background.default" }}>
      {isMobile ? (
        <Drawer
          variant="temporary"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          slotProps={{ paper: { sx: { width: LAYOUT.sidebarWidth } } }}
          ModalProps={{ keepMounted: drawerUsed }}
        >
          <SideNav user={user} collapsed={false} skeleton={false} onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      ) : (
        <Drawer
          variant="permanent"
          sx={{ width, flexShrink: 0, transition: theme.transitions.create("width") }}
          slotProps={{ paper: { sx: { width, overflowX: "hidden", transition: theme.transitions.create("width") } } }}
        >
          <SideNav user={user} collapsed={collapsed} onToggleCollapsed={() => setCollapsed((c) => !c)} />
        </Drawer>
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>
        <TopBar user={user} onOpenNav={isMobile ? () => setDrawerOpen(true) : undefined} onOpenSearch={openSearch} />
        {/* The bottom padding clears the floating scroll-to-top button (24 px + 40 px), so at the end
            of a page it never covers the last controls, such as a table's next-page arrow. */}
        <Box component="main" sx={{ flex: 1, px: { xs: 2, sm: 3 }, pt: { xs: 2, sm: 3 }, pb: 10 }}>
          <WorkspaceBanners />
          <PageTransition>
            <PageAccess />
          </PageTransition>
        </Box>
      </Box>
      <LazySearchDialog open={searchOpen} onClose={() => setSearchOpen(false)} />
      <ScrollToTop />
    </Box>
  );
}

export function AppLayout() {
  return (
    <ToastProvider>
      <NotificationProvider>
        <TeamSocketProvider>
          <WorkspaceProvider>
            <Shell />
          </WorkspaceProvider>
        </TeamSocketProvider>
      </NotificationProvider>
    </ToastProvider>
  );
}
