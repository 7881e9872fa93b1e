/** What a non-administrator sees on /system-health/*: why the page is closed, not an error. */
import { Alert, AlertTitle } from "@mui/material";

export function AdminOnly() {
  return (
    <Alert severity="info" sx={{ maxWidth: 700 }}>
      <AlertTitle>Instance administrators only</AlertTitle>
      System health shows the whole instance (every workspace's load, the database, the server), so only the instance administrator can open
      it. Ask them if something seems slow or down.
    </Alert>
  );
}
