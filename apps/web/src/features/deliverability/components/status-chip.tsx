/** One check's status as a coloured chip with a word, never colour alone. */

import { Chip } from "@mui/material";
import type { CheckStatus } from "@prospector/contracts";

const LOOK: Record<CheckStatus, { label: string; color: "success" | "warning" | "error" | "default" }> = {
  pass: { label: "Pass", color: "success" },
  warn: { label: "Warning", color: "warning" },
  fail: { label: "Fail", color: "error" },
  unknown: { label: "Unknown", color: "default" },
};

/** `label` prefixes the status word ("3 %: Warning"); `text` replaces it (a header's own result word, "softfail"). */
export function StatusChip({ status, label, text }: { status: CheckStatus; label?: string; text?: string }) {
  const look = LOOK[status];
  return (
    <Chip
      size="small"
      color={look.color}
      variant={status === "unknown" ? "outlined" : "filled"}
      label={text ?? (label ? `${label}: ${look.label}` : look.label)}
      title={text ? look.label : undefined}
    />
  );
}

/** "just now", "12 min ago", "3 h ago", "2 days ago". */
export function ago(iso: string | null, now = Date.now()): string {
  if (!iso) return "never";
  const min = Math.max(0, Math.round((now - Date.parse(iso)) / 60_000));
  if (min < 1) return "just now";
  if (min < 60) return `${min} min ago`;
  const h = Math.round(min / 60);
  if (h < 48) return `${h} h ago`;
  return `${Math.round(h / 24)} days ago`;
}

/** 0.003 → "0.3 %", 0.03 → "3 %", 0.0125 → "1.25 %". */
export const percent = (x: number) => `${Number((x * 100).toFixed(2))} %`;
