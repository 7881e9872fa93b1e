/** A tab's editable copy of some settings fields: what changed since the last load, and a reset. */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function useDraft<T extends Record<string, unknown>>(source: T | undefined) {
  const [draft, setDraft] = useState<T | undefined>(source);
  const previous = useRef(source);
  // A new copy (a save, a sync) wins for every field it changed; edits to other fields are kept.
  useEffect(() => {
    const before = previous.current;
    previous.current = source;
    setDraft((d) => {
      if (!d || !source || !before) return source;
      const next = { ...source };
      for (const key of Object.keys(d) as Array<keyof T>) {
        if (!same(d[key], before[key]) && same(source[key], before[key])) next[key] = d[key];
      }
      return next;
    });
  }, [source]);
  const set = useCallback(<K extends keyof T>(key: K, value: T[K]) => setDraft((d) => (d ? { ...d, [key]: value } : d)), []);
  const changes = useMemo(() => {
    const out: Partial<T> = {};
    if (!draft || !source) return out;
    for (const key of Object.keys(draft) as Array<keyof T>) {
      if (!same(draft[key], source[key])) out[key] = draft[key];
    }
    return out;
  }, [draft, source]);
  const reset = useCallback(() => setDraft(source), [source]);
  return { draft, set, changes, dirty: Object.keys(changes).length > 0, reset };
}
