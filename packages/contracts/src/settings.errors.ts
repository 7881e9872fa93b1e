/**
 * Error codes of user settings (outreach-core §8 "Settings codes"): profile and picture, email and
 * dashboard validation, API keys, data export and backup, billing. Password, two-factor and
 * session codes live with identity; the 409 on a taken email reuses identity's EMAIL_IN_USE.
 */
import { defineErrors } from "./define-errors.ts";

export const settingsErrors = defineErrors({
  FILE_TOO_LARGE: { status: 413, detail: "The picture is too large: it must be under 5 MB" },
  INVALID_FILE_TYPE: { status: 415, detail: "Only JPG, PNG or GIF images are accepted" },
  UPLOAD_FAILED: { status: 422, detail: "The picture could not be processed. Please try another image." },
  FILE_MISSING: { status: 422, detail: "Attach a file in the `file` field" },
  SIGNATURE_TOO_LONG: { status: 422, detail: "The signature can be at most 1000 characters" },
  INVALID_HTML: { status: 422, detail: "The signature contains HTML that is not allowed (scripts, event handlers or javascript: links)" },
  INVALID_TIME_RANGE: { status: 422, detail: "The sending end time must be after the start time" },
  INVALID_LAYOUT: { status: 422, detail: "The dashboard layout is not valid" },
  TOO_MANY_WIDGETS: { status: 422, detail: "A dashboard can hold at most 20 widgets" },
  THEME_NOT_SUPPORTED: { status: 422, detail: "Theme must be light, dark or auto" },
  API_KEY_LIMIT_EXCEEDED: { status: 409, detail: "You have reached the maximum number of API keys (10)" },
  INVALID_PERMISSIONS: { status: 422, detail: "Some permissions are unknown or beyond your own" },
  API_KEY_NOT_FOUND: { status: 404, detail: "API key not found" },
  API_KEY_SESSION_REQUIRED: { status: 403, detail: "API keys cannot manage API keys: sign in to do this" },
  API_KEY_NOT_ACCEPTED: { status: 403, detail: "API keys cannot be used here: sign in to do this" },
  API_KEY_SCOPE_MISSING: { status: 403, detail: "This API key does not have the scope this request needs" },
  EXPORT_TOO_LARGE: { status: 413, detail: "This export is too large: narrow the date range or the data included" },
  EXPORT_IN_PROGRESS: { status: 409, detail: "An export is already running. Wait for it to finish." },
  EXPORT_NOT_FOUND: { status: 404, detail: "Export not found" },
  EXPORT_NOT_READY: { status: 409, detail: "This export has not completed yet" },
  SCHEDULED_EXPORT_NOT_FOUND: { status: 404, detail: "Scheduled export not found" },
  INSUFFICIENT_STORAGE: { status: 507, detail: "Not enough storage space on the server for this export" },
  BACKUP_DESTINATION_UNAVAILABLE: { status: 503, detail: "The backup destination is not available or not writable" },
  BACKUP_QUOTA_EXCEEDED: { status: 409, detail: "Backups would exceed the storage quota: lower the retention or delete old backups" },
  BACKUP_NOT_FOUND: { status: 404, detail: "Backup not found" },
  BACKUP_INVALID: { status: 422, detail: "This file is not a readable Prospector backup (wrong file, damaged, or wrong key)" },
  BACKUP_WORKSPACE_MISMATCH: { status: 422, detail: "This backup belongs to another workspace" },
  BACKUP_IN_PROGRESS: { status: 409, detail: "A backup of this workspace is already running" },
  CARD_DECLINED: { status: 402, detail: "The card was declined" },
  CARD_EXPIRED: { status: 402, detail: "The card has expired" },
  INSUFFICIENT_FUNDS: { status: 402, detail: "The card has insufficient funds" },
  PAYMENTS_NOT_CONFIGURED: { status: 501, detail: "Card payments are not set up on this server" },
  PLAN_NOT_AVAILABLE: { status: 422, detail: "This plan is not available" },
  DOWNGRADE_NOT_ALLOWED: { status: 409, detail: "Cannot downgrade while usage exceeds new plan limits" },
});
