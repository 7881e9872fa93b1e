/**
 * Side navigation (shell spec §2): 280 px, 80 px when collapsed (icons with tooltips), groups
 * that expand and collapse, and a 600 ms skeleton while it first mounts.
 */
import ChevronLeft from "@mui/icons-material/ChevronLeft";
import ChevronRight from "@mui/icons-material/ChevronRight";
import ExpandLess from "@mui/icons-material/ExpandLess";
import ExpandMore from "@mui/icons-material/ExpandMore";
import {
  Badge,
  Box,
  Collapse,
  Divider,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Skeleton,
  Tooltip,
  Typography,
} from "@mui/material";
import type { Me } from "@prospector/contracts";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { useAiUnreadCount } from "../../features/ai-activity/api/use-ai-activity.ts";
import { useProvidedPermissions } from "../permissions/permission-provider.tsx";
import { LAYOUT } from "../theme.ts";
import { activeItem, NAV_SECTIONS, type NavItem, visibleSections } from "./nav-items.ts";
import { LeadsThisMonth } from "./sidebar-widgets.tsx";

interface SideNavProps {
  user: Me;
  collapsed: boolean;
  /** Absent on mobile, where the drawer closes instead. */
  onToggleCollapsed?: () => void;
  onNavigate?: () => void;
  /**
   * The first-mount skeleton; off for the phone drawer, whose navigation mounts when first opened
   * (the app has long been shown by then, as with the drawer kept mounted from the start).
   */
  skeleton?: boolean;
}

function useSkeleton(ms: number, enabled: boolean): boolean {
  const [loading, setLoading] = useState(enabled);
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => setLoading(false), ms);
    return () => clearTimeout(timer);
  }, [ms, enabled]);
  return loading;
}

/** A badge's count; the nav shows "99+" beyond 99 (the server counts up to 100). */
const badgeText = (n: number) => (n > 99 ? "99+" : String(n));

function NavEntry({
  item,
  active,
  collapsed,
  onNavigate,
  count,
}: {
  item: NavItem;
  active: boolean;
  collapsed: boolean;
  onNavigate?: () => void;
  /** The live count of `item.badge`; hidden at 0. */
  count?: number;
}) {
  const Icon = item.icon;
  const badgeLabel = count ? `${badgeText(count)} unread AI actions` : undefined;
  const button = (
    <ListItemButton
      component={Link}
      to={item.path}
      selected={active}
      aria-current={active ? "page" : undefined}
      onClick={onNavigate}
      sx={{ mx: 1, borderRadius: 2, minHeight: 44, justifyContent: collapsed ? "center" : "flex-start", px: collapsed ? 1 : 2 }}
    >
      <ListItemIcon sx={{ minWidth: collapsed ? 0 : 40, color: active ? "primary.main" : "inherit", justifyContent: "center" }}>
        {collapsed && count ? (
          <Badge badgeContent={badgeText(count)} color="primary" slotProps={{ badge: { "aria-label": badgeLabel } }}>
            <Icon />
          </Badge>
        ) : (
          <Icon />
        )}
      </ListItemIcon>
      {!collapsed && <ListItemText primary={item.label} />}
      {!collapsed && count ? (
        <Box
          component="span"
          aria-label={badgeLabel}
          role="status"
          sx={{
            ml: 1,
            px: 0.75,
            minWidth: 22,
            borderRadius: 11,
            bgcolor: "primary.main",
            color: "primary.contrastText",
            fontSize: 12,
            fontWeight: 600,
            textAlign: "center",
            lineHeight: "20px",
          }}
        >
          {badgeText(count)}
        </Box>
      ) : null}
    </ListItemButton>
  );
  return collapsed ? (
    <Tooltip title={item.label} placement="right">
      {button}
    </Tooltip>
  ) : (
    button
  );
}

export function SideNav({ user, collapsed, onToggleCollapsed, onNavigate, skeleton = true }: SideNavProps) {
  const { pathname } = useLocation();
  const loading = useSkeleton(LAYOUT.skeletonMs, skeleton);
  const [closedGroups, setClosedGroups] = useState<Set<string>>(() => new Set());
  // The provider's check reloads with the permissions; the user's /auth/me list otherwise.
  const provided = useProvidedPermissions();
  const sections = visibleSections(user, NAV_SECTIONS, provided?.can);
  const current = activeItem(pathname);
  // Polled only while the entry is visible to this user (its permission), every 60 s.
  const showsAiBadge = sections.some((s) => s.items.some((i) => i.badge === "ai-activity"));
  const aiUnread = useAiUnreadCount(showsAiBadge).data?.count ?? 0;

  const toggleGroup = (id: string) =>
    setClosedGroups((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Box component="nav" aria-label="Main navigation" sx={{ height: "100%", display: "flex", flexDirection: "column", overflow: "hidden" }}>
      <Box
        sx={{
          height: LAYOUT.headerHeight,
          display: "flex",
          alignItems: "center",
          px: collapsed ? 0 : 2.5,
          justifyContent: collapsed ? "center" : "space-between",
          flexShrink: 0,
        }}
      >
        <Box
          component={Link}
          to="/dashboard"
          sx={{ display: "flex", alignItems: "center", gap: 1, color: "inherit", textDecoration: "none" }}
        >
          <Box
            sx={{
              width: 32,
              height: 32,
              borderRadius: 2,
              bgcolor: "primary.main",
              color: "primary.contrastText",
              display: "grid",
              placeItems: "center",
              fontWeight: 800,
            }}
          >
            P
          </Box>
          {!collapsed && (
            <Typography variant="h6" component="span">
              Prospector
            </Typography>
          )}
        </Box>
        {onToggleCollapsed && !collapsed && (
          <IconButton size="small" aria-label="Collapse navigation" onClick={onToggleCollapsed}>
            <ChevronLeft />
          </IconButton>
        )}
      </Box>
      {onToggleCollapsed && collapsed && (
        <Box sx={{ display: "flex", justifyContent: "center", pb: 1 }}>
          <IconButton size="small" aria-label="Expand navigation" onClick={onToggleCollapsed}>
            <ChevronRight />
          </IconButton>
        </Box>
      )}
      <Divider />
      <Box sx={{ flex: 1, overflowY: "auto", py: 1 }}>
        {loading ? (
          <Box data-testid="nav-skeleton" sx={{ px: 2 }} aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} variant="rounded" height={36} sx={{ my: 1 }} />
            ))}
          </Box>
        ) : (
          sections.map((section) => {
            const open = !closedGroups.has(section.id);
            const items = (
              <List dense={false} disablePadding>
                {section.items.map((item) => (
                  <NavEntry
                    key={item.path}
                    item={item}
                    active={current?.path === item.path}
                    collapsed={collapsed}
                    onNavigate={onNavigate}
                    count={item.badge === "ai-activity" ? aiUnread : undefined}
                  />
                ))}
              </List>
            );
            if (!section.label) return <Box key={section.id}>{items}</Box>;
            if (collapsed) {
              return (
                <Box key={section.id}>
                  <Divider sx={{ my: 1, mx: 2 }} />
                  {items}
                </Box>
              );
            }
            return (
              <Box key={section.id} sx={{ mt: 1 }}>
                <ListSubheader
                  component="button"
                  // Not sticky: a transparent sticky heading let scrolled entries show through it.
                  disableSticky
                  onClick={() => toggleGroup(section.id)}
                  aria-expanded={open}
                  sx={{
                    width: "100%",
                    display: "flex",
                    alignItems: "center",
                    justifyContent: "space-between",
                    border: 0,
                    cursor: "pointer",
                    bgcolor: "transparent",
                    lineHeight: "36px",
                    textTransform: "uppercase",
                    fontSize: 12,
                    letterSpacing: 0.6,
                  }}
                >
                  {section.label}
                  {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
                </ListSubheader>
                <Collapse in={open}>{items}</Collapse>
              </Box>
            );
          })
        )}
      </Box>
      <LeadsThisMonth user={user} collapsed={collapsed} />
    </Box>
  );
}
