/** Error codes of the report builder (docs/analytics/reports.md). */
import { defineErrors } from "./define-errors.ts";

export const reportsErrors = defineErrors({
  REPORT_NOT_FOUND: { status: 404, detail: "No such saved report in this workspace" },
  REPORT_NAME_TAKEN: { status: 409, detail: "A report with this name already exists in this workspace" },
  REPORT_SCHEDULE_NOT_FOUND: { status: 404, detail: "No such report schedule in this workspace" },
  REPORT_TOO_LARGE: { status: 422, detail: "The report has more rows than an export can hold: narrow the period or the dimensions" },
});
