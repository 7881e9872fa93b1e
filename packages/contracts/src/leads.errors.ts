/** Error codes of the leads feature: duplicates, plan limits and CSV import. */
import { defineErrors } from "./define-errors.ts";

export const leadsErrors = defineErrors({
  LEAD_NOT_FOUND: { status: 404, detail: "Lead not found" },
  LEAD_EMAIL_EXISTS: { status: 409, detail: "A lead with this email address already exists in this workspace" },
  LEAD_LIMIT_REACHED: { status: 402, detail: "Your plan's monthly lead limit is reached" },
  IMPORT_FILE_MISSING: { status: 422, detail: "Attach a CSV file in the `file` field" },
  IMPORT_FILE_INVALID: { status: 422, detail: "The file is not a readable CSV with a header row" },
  IMPORT_JOB_NOT_FOUND: { status: 404, detail: "Import job not found" },
});
