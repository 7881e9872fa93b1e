/** Shared pieces of the team pages: a failed load with a retry, and the wait for the current workspace. */
import { Alert, Button } from "@mui/material";
import type { ReactNode } from "react";
import { errorMessage } from "../../../lib/errors.ts";

export function LoadError({ error, onRetry, what }: { error: unknown; onRetry: () => void; what: string }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {`Failed to load ${what}: ${errorMessage(error)}`}
    </Alert>
  );
}

/** outreach-core §8 "No workspace selected": the signed-in user has no current workspace. */
export function NoWorkspace({ children }: { children?: ReactNode }) {
  return (
    <Alert severity="warning">
      No workspace selected. Choose one in the workspace switcher at the top, or create one on the Workspaces page.
      {children}
    </Alert>
  );
}
