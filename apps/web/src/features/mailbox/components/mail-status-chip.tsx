/** A message's delivery state, worded so nobody mistakes a locally kept mail for a sent one. */

import { Chip } from "@mui/material";
import type { MailSummary } from "@prospector/contracts";

const LABELS: Record<MailSummary["status"], { label: string; color: "default" | "success" | "warning" | "error" | "info" }> = {
  local: { label: "Not delivered — kept locally", color: "warning" },
  queued: { label: "Queued", color: "info" },
  sent: { label: "Delivered to SMTP", color: "success" },
  failed: { label: "Failed", color: "error" },
};

export function MailStatusChip({ status }: { status: MailSummary["status"] }) {
  const { label, color } = LABELS[status];
  return <Chip size="small" variant="outlined" color={color} label={label} />;
}
