/**
 * Editing some settings of one group from the catalogue: a draft of their values (useDraft), the
 * contracts' checks before sending, the group's save (useGroupSave: saved, or kept on this device)
 * and its errors on their fields. Every catalogue-drawn form (simple, complex, the tabs) uses it.
 */
import type { UserSettings } from "@prospector/contracts";
import { useMemo, useState } from "react";
import type { SettingsGroup } from "../api/settings-local.ts";
import { fieldError, formError } from "./server-errors.ts";
import { checkGroup, groupPatch, type SettingDef, settingValue } from "./settings-catalogue.ts";
import { useDraft } from "./use-draft.ts";
import { useGroupSave } from "./use-group-save.ts";

export function useCatalogueGroup(group: SettingsGroup, settings: UserSettings, defs: readonly SettingDef[]) {
  // Keyed on the keys' text, not the array: callers may pass a new array each render, and a new
  // source each render would reset the draft in a loop.
  const signature = defs
    .filter((d) => d.group === group)
    .map((d) => d.key)
    .join("|");
  const keys = useMemo(() => (signature ? signature.split("|") : []), [signature]);
  const source = useMemo(() => Object.fromEntries(keys.map((k) => [k, settingValue(settings, k)])), [keys, settings]);
  const { draft, set, changes, dirty, reset } = useDraft<Record<string, unknown>>(source);
  const { save, saving, error } = useGroupSave(group);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  // The accessibility route takes the flags themselves (the whole set: see groupPatch).
  const patch = () => {
    const body = groupPatch(settings, changes);
    return group === "accessibility" ? ((body.accessibility as Record<string, unknown> | undefined) ?? {}) : body;
  };
  return {
    draft: draft ?? source,
    set: (key: string, value: unknown) => set(key, value),
    dirty,
    saving,
    errorFor: (key: string) => clientErrors[key] ?? fieldError(error, key.split(".").at(-1) as string) ?? fieldError(error, key),
    formError: formError(
      error,
      keys.map((k) => k.split(".").at(-1) as string),
    ),
    reset: () => {
      reset();
      setClientErrors({});
    },
    save: async (): Promise<boolean> => {
      const body = patch();
      const problems = checkGroup(group, settings, body);
      setClientErrors(problems);
      if (Object.keys(problems).length > 0) return false;
      return save(body);
    },
  };
}
