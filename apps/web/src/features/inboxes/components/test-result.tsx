/** A connection test's outcome: SMTP and IMAP each with ok/failed, the server's message and how long it took. */
import { Alert, AlertTitle, Typography } from "@mui/material";
import type { ConnectionCheck, InboxTestResult } from "@prospector/contracts";

const line = (name: string, c: ConnectionCheck) => `${name}: ${c.ok ? "connected" : "failed"} — ${c.message} (${c.duration_ms} ms)`;

export function TestResult({ result }: { result: InboxTestResult }) {
  return (
    <Alert severity={result.ok ? "success" : "error"} role="status" aria-label="Connection test">
      <AlertTitle>{result.ok ? "Connection works" : "Connection failed"}</AlertTitle>
      <Typography variant="body2">{line("SMTP", result.smtp)}</Typography>
      {result.imap ? (
        <Typography variant="body2">{line("IMAP", result.imap)}</Typography>
      ) : (
        <Typography variant="body2">IMAP: not set up</Typography>
      )}
    </Alert>
  );
}
