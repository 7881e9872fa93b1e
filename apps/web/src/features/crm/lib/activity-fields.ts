/** The task, interaction and meeting forms' fields. */
import { INTERACTION_TYPE_LABELS, options, TASK_STATUS_LABELS } from "./crm-labels.ts";
import type { FieldSpec } from "./record-field-spec.ts";

export const TASK_FIELDS: FieldSpec[] = [
  { name: "title", label: "Title", kind: "text", required: true, wide: true },
  { name: "status", label: "Status", kind: "select", options: options(TASK_STATUS_LABELS) },
  { name: "due_date", label: "Due", kind: "datetime" },
  { name: "remind_at", label: "Remind me at", kind: "datetime", helper: "A notification at this time" },
  { name: "customer_id", label: "Customer", kind: "customer" },
  { name: "description", label: "Description", kind: "multiline" },
];

export const INTERACTION_FIELDS: FieldSpec[] = [
  { name: "subject", label: "Subject", kind: "text", required: true, wide: true },
  { name: "type", label: "Type", kind: "select", options: options(INTERACTION_TYPE_LABELS) },
  { name: "date", label: "When", kind: "datetime", helper: "Blank: now" },
  { name: "customer_id", label: "Customer", kind: "customer" },
  { name: "description", label: "Description", kind: "multiline" },
  { name: "notes", label: "Notes", kind: "multiline" },
];

export const MEETING_FIELDS: FieldSpec[] = [
  { name: "date", label: "When", kind: "datetime", required: true },
  { name: "subject", label: "Subject", kind: "text" },
  { name: "notes", label: "Notes", kind: "multiline" },
];
