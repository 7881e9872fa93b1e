/** Error codes of the CRM records: stages, customers, deals and lead conversion. */
import { defineErrors } from "./define-errors.ts";

export const crmErrors = defineErrors({
  CRM_STAGE_NOT_FOUND: { status: 404, detail: "Stage not found" },
  CRM_STAGE_NAME_EXISTS: { status: 409, detail: "A stage with this name already exists" },
  CRM_STAGE_IN_USE: { status: 409, detail: "Deals are in this stage: move them to another stage first" },
  CRM_LAST_OPEN_STAGE: { status: 409, detail: "The pipeline needs at least one open stage" },
  CRM_STAGE_ORDER_INVALID: { status: 422, detail: "List every stage of the pipeline exactly once" },
  CRM_CUSTOMER_NOT_FOUND: { status: 404, detail: "Customer not found" },
  CRM_DEAL_NOT_FOUND: { status: 404, detail: "Deal not found" },
  CUSTOMER_HAS_DEALS: { status: 409, detail: "This customer has deals: choose whether to detach or delete them" },
  LEAD_ALREADY_CONVERTED: { status: 409, detail: "This lead is already converted to a customer" },
});
