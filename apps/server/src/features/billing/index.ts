/**
 * The billing feature's public surface: an organization's plan and its usage against the plan's
 * limits, and the billing tables.
 */
export { type Metric, organizationPlan, storageUsage, type Usage } from "./billing.usage.ts";
export { invoices, organizationBilling } from "./billing.table.ts";
