/**
 * Where the shown settings came from when the server could not be reached, which changes still
 * wait to sync, and when the copy kept in this browser grows past 8 MB (every settings page).
 */
import { Alert } from "@mui/material";
import type { LoadedSettings } from "../api/use-settings.ts";

export function SettingsSourceNotice({ data }: { data: LoadedSettings | undefined }) {
  if (!data) return null;
  return (
    <>
      {data.source !== "server" && (
        <Alert severity="warning" data-testid="settings-offline">
          {data.source === "local"
            ? "The server cannot be reached: showing the copy saved in this browser. Changes are kept here and sync when the server is back."
            : "The server cannot be reached and this browser has no saved copy: showing the default settings. Changes are kept here and sync when the server is back."}
        </Alert>
      )}
      {data.source === "server" && data.pending.length > 0 && (
        <Alert severity="info">Some changes made while offline are still waiting to reach the server.</Alert>
      )}
      {data.tooLarge && (
        <Alert severity="warning" data-testid="settings-too-large">
          The settings stored in this browser take more than 8 MB. Remove saved dashboard layouts you no longer use, or clear this site's
          data, so the browser keeps accepting changes.
        </Alert>
      )}
    </>
  );
}
