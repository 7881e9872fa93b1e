/** What every tab of the access console shows while loading and on an error (intro and empty state: ui/page-intro.tsx). */
import { Alert, Button, Skeleton, Stack } from "@mui/material";
import type { UseQueryResult } from "@tanstack/react-query";
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

/** A tab's read: skeletons while it loads, the error (with retry) if it failed, else `children` with the data. */
export function TabQuery<T>({ query, label, children }: { query: UseQueryResult<T>; label: string; children: (data: T) => ReactNode }) {
  if (query.isPending) return <TabLoading label={label} />;
  if (query.isError) return <TabError error={query.error} onRetry={() => query.refetch()} />;
  return children(query.data);
}
