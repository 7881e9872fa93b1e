/**
 * /dashboard: the user's widget grid with real figures (getting started, leads, notifications,
 * imports, scraping, plan usage, health). Its look and refresh follow the Dashboard settings;
 * "Customize" arranges, resizes, adds and removes widgets (at most 20) and saves named layouts.
 */
import AddOutlined from "@mui/icons-material/AddOutlined";
import RefreshOutlined from "@mui/icons-material/RefreshOutlined";
import { Alert, Box, Button, Menu, MenuItem, Stack, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { permits } from "../../../app/layout/nav-items.ts";
import { useThemeMode } from "../../../app/theme-mode-provider.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { useSession } from "../../auth/api/use-session.ts";
import { useUserSettings } from "../../settings/api/use-settings.ts";
import { fieldError, formError } from "../../settings/lib/server-errors.ts";
import { useGroupSave } from "../../settings/lib/use-group-save.ts";
import { REFRESH_PREFIXES } from "../api/use-widget-data.ts";
import { WidgetGrid } from "../components/widget-grid.tsx";
import {
  addWidget,
  defaultLayout,
  type LayoutItem,
  MAX_DASHBOARD_WIDGETS,
  moveWidget,
  parseLayout,
  resizeWidget,
  serializeLayout,
  shiftWidget,
  TOO_MANY_WIDGETS_MESSAGE,
  WIDGET_TYPES,
} from "../lib/widget-layout.ts";

// The saved-layouts toolbar (its dialog and text field) loads when customizing starts, or as a
// pointer or the focus reaches Customize.
const loadLayoutToolbar = () => import("../components/layout-toolbar.tsx");
const LayoutToolbar = lazy(() => loadLayoutToolbar().then((m) => ({ default: m.LayoutToolbar })));
const warmLayoutToolbar = () => void loadLayoutToolbar().catch(() => undefined);

function greeting(date = new Date()): string {
  const h = date.getHours();
  return h < 12 ? "Good morning" : h < 18 ? "Good afternoon" : "Good evening";
}

/** Re-reads every widget's figures now and, when auto refresh is on, at the chosen interval. */
function useDashboardRefresh(enabled: boolean, seconds: number) {
  const queryClient = useQueryClient();
  const [updatedAt, setUpdatedAt] = useState(() => new Date());
  const refresh = useCallback(() => {
    for (const queryKey of REFRESH_PREFIXES) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
    setUpdatedAt(new Date());
  }, [queryClient]);
  useEffect(() => {
    if (!enabled || seconds <= 0) return;
    const timer = window.setInterval(refresh, seconds * 1000);
    return () => window.clearInterval(timer);
  }, [enabled, seconds, refresh]);
  return { refresh, updatedAt };
}

/**
 * False until the page's first commit has painted. The grid (nine widgets' lists, chips and
 * figures) then renders in a task of its own: the heading, the page's largest text, paints with
 * the shell instead of after the whole grid, and the first render is two shorter tasks instead
 * of one long one. The widgets' requests do not wait for it (app/early-start.ts starts them).
 */
function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

export default function DashboardPage() {
  const painted = usePaintedOnce();
  const { user } = useSession();
  const settingsQuery = useUserSettings();
  const { reducedMotion } = useThemeMode();
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState<LayoutItem[] | null>(null);
  const [limitError, setLimitError] = useState<string>();
  const [addAnchor, setAddAnchor] = useState<HTMLElement | null>(null);
  const { save, saving, error } = useGroupSave("dashboard");
  const settings = settingsQuery.data?.settings;
  const allowed = useCallback((p: string) => Boolean(user && permits(user.permissions, p)), [user]);
  const saved = useMemo(() => parseLayout(settings?.dashboard_layout) ?? defaultLayout(allowed), [settings?.dashboard_layout, allowed]);
  const { refresh, updatedAt } = useDashboardRefresh(Boolean(settings?.auto_refresh_enabled), settings?.refresh_interval_seconds ?? 0);
  // Each call would build an Intl formatter again; the time changes only with a refresh.
  const updatedLabel = useMemo(() => updatedAt.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" }), [updatedAt]);

  const editing = draft !== null;
  const items = draft ?? saved;
  const startEditing = useCallback(() => setDraft(saved), [saved]);
  useEffect(() => {
    if (params.get("customize") === "1" && settings && !editing) {
      startEditing();
      setParams({}, { replace: true });
    }
  }, [params, settings, editing, startEditing, setParams]);

  if (!user) return null;
  const firstName = user.full_name.trim().split(/\s+/)[0] || user.email;
  const heading = (
    <Box>
      <Typography variant="h4" component="h2">
        {greeting()}, {firstName}
      </Typography>
      <Typography color="textSecondary" data-secondary-ui>
        Here is where your workspace stands.
      </Typography>
    </Box>
  );
  // The heading needs only the session: it is shown at once, the widgets once the settings
  // (their layout and look) have answered.
  if (settingsQuery.isPending || !settings) {
    return (
      <Stack spacing={3}>
        {heading}
        <LoadingScreen />
      </Stack>
    );
  }
  const change = (next: LayoutItem[]) => {
    setLimitError(undefined);
    setDraft(next);
  };
  const add = (type: string) => {
    setAddAnchor(null);
    try {
      change(addWidget(items, type));
    } catch (err) {
      setLimitError((err as Error).message);
    }
  };
  const layoutError = limitError ?? fieldError(error, "dashboard_layout") ?? formError(error, ["dashboard_layout", "saved_layouts"]);

  return (
    <Stack spacing={settings.compact_mode_enabled ? 2 : 3}>
      <Box sx={{ display: "flex", alignItems: "flex-end", justifyContent: "space-between", gap: 2, flexWrap: "wrap" }}>
        {heading}
        {!editing && (
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <Typography variant="caption" color="textSecondary" data-testid="dashboard-updated">
              {settings.auto_refresh_enabled ? `Auto refresh every ${settings.refresh_interval_seconds} s · ` : ""}Updated {updatedLabel}
            </Typography>
            <Button startIcon={<RefreshOutlined />} onClick={refresh}>
              Refresh
            </Button>
            <Button variant="outlined" onClick={startEditing} onPointerEnter={warmLayoutToolbar} onFocus={warmLayoutToolbar}>
              Customize
            </Button>
          </Stack>
        )}
      </Box>
      {editing && (
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
            <Typography sx={{ mr: 1 }}>
              {items.length} of {MAX_DASHBOARD_WIDGETS} widgets · drag a widget onto another to move it
            </Typography>
            <Button
              startIcon={<AddOutlined />}
              variant="outlined"
              onClick={(e) =>
                items.length >= MAX_DASHBOARD_WIDGETS ? setLimitError(TOO_MANY_WIDGETS_MESSAGE) : setAddAnchor(e.currentTarget)
              }
            >
              Add widget
            </Button>
            <Menu anchorEl={addAnchor} open={Boolean(addAnchor)} onClose={() => setAddAnchor(null)}>
              {WIDGET_TYPES.filter((t) => !t.permission || allowed(t.permission)).map((t) => (
                <MenuItem key={t.type} onClick={() => add(t.type)}>
                  <Box>
                    <Typography>{t.title}</Typography>
                    <Typography variant="caption" color="textSecondary">
                      {t.description}
                    </Typography>
                  </Box>
                </MenuItem>
              ))}
            </Menu>
            <Suspense fallback={null}>
              <LayoutToolbar
                items={items}
                savedLayouts={settings.saved_layouts}
                onLoad={change}
                onSaveAs={(name) =>
                  void save({
                    saved_layouts: [...settings.saved_layouts.filter((l) => l.name !== name), { name, layout: serializeLayout(items) }],
                  })
                }
                onReset={() => change(defaultLayout(allowed))}
              />
            </Suspense>
            <Box sx={{ flex: 1 }} />
            <Button
              onClick={() => {
                setDraft(null);
                setLimitError(undefined);
              }}
            >
              Cancel
            </Button>
            <Button
              variant="contained"
              loading={saving}
              onClick={async () => {
                if (await save({ dashboard_layout: serializeLayout(items) })) setDraft(null);
              }}
            >
              Save layout
            </Button>
          </Stack>
          {layoutError && (
            <Alert severity="error" data-testid="layout-error">
              {layoutError}
            </Alert>
          )}
        </Stack>
      )}
      {!painted ? (
        <LoadingScreen />
      ) : items.length === 0 ? (
        <Alert severity="info">No widgets. Use Customize → Add widget to put some back.</Alert>
      ) : (
        <WidgetGrid
          items={items}
          user={user}
          editing={editing}
          options={{
            compact: settings.compact_mode_enabled,
            showTitles: settings.show_widget_titles,
            animate: settings.enable_animations && !reducedMotion,
          }}
          handlers={{
            onMove: (id, before) => change(moveWidget(items, id, before)),
            onShift: (id, step) => change(shiftWidget(items, id, step)),
            onResize: (id, size) => change(resizeWidget(items, id, size)),
            onRemove: (id) => change(items.filter((i) => i.id !== id)),
          }}
        />
      )}
    </Stack>
  );
}
