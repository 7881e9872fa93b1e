/** Why a source cannot run here and what the administrator sets to enable it. */
import { Alert, AlertTitle } from "@mui/material";
import type { ScrapingSourceStatus } from "@prospector/contracts";

export function SourceNotice({ status, label }: { status: ScrapingSourceStatus | undefined; label: string }) {
  if (!status || status.configured) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      <AlertTitle>{`${label} is not configured on this server`}</AlertTitle>
      {status.hint ?? "An administrator has to configure this source before it can be used."}
    </Alert>
  );
}
