/** Labels and colours of threat detection (docs/security-operations.md). */
import type { AlertSeverity, AlertStatus, SecurityRuleId } from "@prospector/contracts";

export const RULE_LABEL: Record<SecurityRuleId, string> = {
  brute_force: "Brute force",
  credential_stuffing: "Credential stuffing",
  impossible_travel: "Impossible travel",
  new_device: "New device",
  api_key_volume: "API key volume spike",
  api_key_new_address: "API key from a new address",
  api_key_denied: "API key refusals",
  privilege_change: "Privilege change",
};

export const SEVERITY_COLOR: Record<AlertSeverity, "default" | "info" | "warning" | "error"> = {
  low: "default",
  medium: "info",
  high: "warning",
  critical: "error",
};

export const STATUS_LABEL: Record<AlertStatus, string> = {
  new: "New",
  acknowledged: "Acknowledged",
  resolved: "Resolved",
  dismissed: "Dismissed",
};
