/** What every tab of the access console shows while loading, on an error, and when it has nothing yet. */
import { Alert, Box, Button, Skeleton, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { AccessDenied } from "../../../app/permissions/index.ts";
import { ApiError, errorMessage } from "../../../lib/errors.ts";

export function TabLoading({ label }: { label: string }) {
  return (
    <Stack spacing={1} aria-busy="true" aria-label={label} role="status">
      <Skeleton variant="rounded" height={40} />
      <Skeleton variant="rounded" height={40} />
      <Skeleton variant="rounded" height={40} />
    </Stack>
  );
}

/** A failed read: a 403 names the permission it needs (with "Request access"), anything else offers a retry. */
export function TabError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  if (error instanceof ApiError && error.status === 403 && error.requiredPermission) {
    return <AccessDenied requiredPermission={error.requiredPermission} variant="inline" />;
  }
  return (
    <Alert
      severity="error"
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        )
      }
    >
      {errorMessage(error)}
    </Alert>
  );
}

/** Nothing yet: what the tab is for and how to get data into it. */
export function TabEmpty({ title, hint, children }: { title: string; hint: string; children?: ReactNode }) {
  return (
    <Box sx={{ py: 5, px: 2, textAlign: "center", border: 1, borderColor: "divider", borderRadius: 2, bgcolor: "background.paper" }}>
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      <Typography color="textSecondary" sx={{ mb: children ? 2 : 0 }}>
        {hint}
      </Typography>
      {children && <Box sx={{ display: "flex", gap: 1, justifyContent: "center", flexWrap: "wrap" }}>{children}</Box>}
    </Box>
  );
}

/** The heading of a tab: the question it answers, and its actions. */
export function TabIntro({ question, detail, actions }: { question: string; detail?: ReactNode; actions?: ReactNode }) {
  return (
    <Box sx={{ display: "flex", alignItems: "flex-start", gap: 1.5, flexWrap: "wrap", mb: 2 }}>
      <Box sx={{ flex: 1, minWidth: 220 }}>
        <Typography variant="h6" component="h2">
          {question}
        </Typography>
        {detail && (
          <Typography variant="body2" color="textSecondary">
            {detail}
          </Typography>
        )}
      </Box>
      {actions && <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "center" }}>{actions}</Box>}
    </Box>
  );
}
