/** A failed read: what went wrong and a way to ask again (cards and whole pages alike). */
import { Alert, Button } from "@mui/material";
import { errorMessage } from "../lib/errors.ts";

export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {errorMessage(error)}
    </Alert>
  );
}
