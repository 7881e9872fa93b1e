/** Saving one settings group with the feedback the spec asks for: saved, or kept locally until the server is back. */
import { useCallback } from "react";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import type { SettingsGroup } from "../api/settings-local.ts";
import { useSaveSettings } from "../api/use-settings.ts";

export const KEPT_LOCALLY_MESSAGE = "The server cannot be reached: your changes are kept on this device and will sync when it is back.";

export function useGroupSave(group: SettingsGroup) {
  const mutation = useSaveSettings(group);
  const toast = useToast();
  const { mutateAsync } = mutation;
  const save = useCallback(
    async (patch: Record<string, unknown>): Promise<boolean> => {
      if (Object.keys(patch).length === 0) return true;
      try {
        const result = await mutateAsync(patch);
        if (result.savedTo === "server") toast.success("Settings saved");
        else toast.warning(KEPT_LOCALLY_MESSAGE, { title: "Saved on this device" });
        return true;
      } catch {
        // The error stays on the mutation; the tab shows it next to its field.
        return false;
      }
    },
    [mutateAsync, toast],
  );
  return { save, saving: mutation.isPending, error: mutation.error, reset: mutation.reset };
}
