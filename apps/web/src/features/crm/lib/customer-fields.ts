/** The customer form's fields, in the order they show. */
import type { FieldSpec } from "./record-field-spec.ts";

export const CUSTOMER_FIELDS: FieldSpec[] = [
  { name: "name", label: "Name", kind: "text", required: true },
  { name: "company", label: "Company", kind: "text" },
  { name: "email", label: "Email", kind: "email" },
  { name: "phone", label: "Phone", kind: "text" },
  { name: "tags", label: "Tags", kind: "tags" },
  { name: "notes", label: "Notes", kind: "multiline" },
];
