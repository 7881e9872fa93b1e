/**
 * The billing feature's public surface: an organization's plan and its usage against the plan's
 * limits, and the billing tables. Metered features report their figures through the
 * "billing.usage" hook (declared in billing.usage.ts).
 */

export { invoices, organizationBilling } from "./billing.table.ts";
export { type Metric, organizationPlan, storageUsage, type Usage, type UsageFigures } from "./billing.usage.ts";
