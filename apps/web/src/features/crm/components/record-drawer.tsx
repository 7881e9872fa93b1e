/**
 * The right-hand drawer every CRM page opens with `?selected={id}`: loading, a record that is gone
 * (404: deleted, or another workspace's), a failed load with a retry, or the record's own content.
 */
import Close from "@mui/icons-material/Close";
import { Alert, Box, Button, Divider, Drawer, IconButton, Typography } from "@mui/material";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ApiError, errorMessage } from "../../../lib/errors.ts";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";

export function RecordDrawer<T>({
  id,
  noun,
  query,
  onClose,
  children,
}: {
  id: string | null;
  noun: string;
  query: UseQueryResult<T>;
  onClose: () => void;
  children: (record: T) => ReactNode;
}) {
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  return (
    <Drawer
      anchor="right"
      open={id !== null}
      onClose={onClose}
      slotProps={{ paper: { "aria-label": `The ${noun}`, sx: { width: { xs: "100%", sm: 600 } } } as object }}
    >
      {query.isPending && id && <LoadingScreen />}
      {query.isError && (
        <Box sx={{ p: 3, display: "grid", gap: 2 }}>
          <Alert severity={notFound ? "warning" : "error"}>
            {notFound ? `This ${noun} does not exist any more, or it belongs to another workspace.` : errorMessage(query.error)}
          </Alert>
          <Box sx={{ display: "flex", gap: 1 }}>
            {!notFound && <Button onClick={() => query.refetch()}>Try again</Button>}
            <Button onClick={onClose}>Close</Button>
          </Box>
        </Box>
      )}
      {query.data && id && children(query.data)}
    </Drawer>
  );
}

/** The drawer's header: the record's name, a line under it, chips, and the close button. */
export function DrawerHeader({
  title,
  subtitle,
  chips,
  noun,
  onClose,
}: {
  title: string;
  subtitle?: string;
  chips?: ReactNode;
  noun: string;
  onClose: () => void;
}) {
  return (
    <>
      <Box sx={{ p: 2.5, display: "flex", alignItems: "flex-start", gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2" noWrap>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="textSecondary" noWrap>
              {subtitle}
            </Typography>
          )}
          {chips && <Box sx={{ mt: 1, display: "flex", gap: 1, flexWrap: "wrap" }}>{chips}</Box>}
        </Box>
        <IconButton aria-label={`Close ${noun}`} onClick={onClose}>
          <Close />
        </IconButton>
      </Box>
      <Divider />
    </>
  );
}

/** A titled part of a drawer (Deals, Tasks, Stage history…). */
export function DrawerSection({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ display: "grid", gap: 1 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
        <Typography variant="overline" component="h3" color="textSecondary" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Box>
  );
}
