/** Every table of the app, one import per feature. drizzle-kit reads this file. */
export * from "../features/access/access.table.ts";
export * from "../features/account-security/account-security.table.ts";
export * from "../features/api-keys/api-keys.table.ts";
export * from "../features/billing/billing.table.ts";
export * from "../features/campaigns/campaigns.table.ts";
export * from "../features/data-exports/data-exports.table.ts";
export * from "../features/enrichment/enrichment.table.ts";
export * from "../features/error-reports/error-reports.table.ts";
export * from "../features/identity/identity.table.ts";
export * from "../features/leads/leads.table.ts";
export * from "../features/mailbox/mailbox.table.ts";
export * from "../features/newsletter/newsletter.table.ts";
export * from "../features/notifications/notifications.table.ts";
export * from "../features/organizations/organizations.table.ts";
export * from "../features/plans/plans.table.ts";
export * from "../features/scraping/scraping.table.ts";
export * from "../features/user-settings/user-settings.table.ts";
