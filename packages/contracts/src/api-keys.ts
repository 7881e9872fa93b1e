/**
 * Personal API keys (outreach-core §3 "API keys", "Permissions catalogue", "Usage stats"; §9
 * limits): a key acts as its owner within one workspace, limited to the permissions chosen here.
 */
import { z } from "zod";

export const MAX_API_KEYS = 10;
/** Every key starts with this, so leaked keys are easy to recognise and scan for. */
export const API_KEY_PREFIX = "psk_";
export const API_KEY_RATE_LIMITS = { perMinute: 100, perHour: 1000, perDay: 10_000 } as const;

export const ApiPermission = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
});
export type ApiPermission = z.infer<typeof ApiPermission>;

/** What a key may do; each id is a `resource:action` that routes declare. */
export const API_PERMISSIONS: readonly ApiPermission[] = [
  { id: "leads:read", name: "Read leads", description: "List and view leads", category: "Leads" },
  { id: "leads:create", name: "Create leads", description: "Add and import leads", category: "Leads" },
  { id: "leads:update", name: "Update leads", description: "Edit, enrich and merge leads", category: "Leads" },
  { id: "leads:delete", name: "Delete leads", description: "Delete leads", category: "Leads" },
  { id: "crm:read", name: "Read CRM", description: "List and view customers, deals, stages, tasks and interactions", category: "CRM" },
  {
    id: "crm:create",
    name: "Create CRM records",
    description: "Add customers, deals, tasks and interactions; convert leads",
    category: "CRM",
  },
  {
    id: "crm:update",
    name: "Update CRM records",
    description: "Edit records, move deals and change the pipeline's stages",
    category: "CRM",
  },
  { id: "crm:delete", name: "Delete CRM records", description: "Delete customers, deals, stages, tasks and interactions", category: "CRM" },
  { id: "campaigns:read", name: "Read campaigns", description: "List and view campaigns and their metrics", category: "Campaigns" },
  { id: "campaigns:create", name: "Create campaigns", description: "Create and duplicate campaigns", category: "Campaigns" },
  {
    id: "campaigns:update",
    name: "Update campaigns",
    description: "Edit, launch, pause, resume and stop campaigns",
    category: "Campaigns",
  },
  { id: "campaigns:delete", name: "Delete campaigns", description: "Delete campaigns", category: "Campaigns" },
  { id: "templates:create", name: "Create templates", description: "Create email templates", category: "Campaigns" },
  { id: "analytics:read", name: "Read analytics", description: "View analytics, pipeline health and forecasts", category: "Analytics" },
  { id: "reports:create", name: "Create reports", description: "Create reports", category: "Analytics" },
  { id: "exports:create", name: "Create exports", description: "Export data", category: "Data" },
  { id: "team:read", name: "Read team", description: "View workspace members and teams", category: "Team" },
  { id: "integrations:create", name: "Create integrations", description: "Connect integrations", category: "Developer" },
  { id: "webhooks:create", name: "Create webhooks", description: "Register webhooks", category: "Developer" },
  {
    id: "settings:update",
    name: "Manage workspace settings",
    description: "Backups, restores and workspace-wide settings",
    category: "Administration",
  },
  { id: "audit:read", name: "Read system logs", description: "Export the workspace's access and audit log", category: "Administration" },
  { id: "billing:update", name: "Manage billing", description: "Change the plan and the billing address", category: "Administration" },
];

export const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** The first characters of the key, enough to recognise it in a list. */
  prefix: z.string(),
  permissions: z.array(z.string()),
  lastUsed: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  isActive: z.boolean(),
  usageCount: z.number().int(),
});
export type ApiKey = z.infer<typeof ApiKey>;

/** Returned once, at creation: the only time the secret is shown. */
export const ApiKeyCreated = ApiKey.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;

export const ApiKeyCreate = z.object({
  name: z.string().trim().min(1, "Name is required").max(100),
  description: z.string().trim().max(500).nullable().optional(),
  permissions: z.array(z.string().max(100)).min(1, "Choose at least one permission").max(100),
  expiresAt: z.iso.datetime({ offset: true, message: "Use an ISO 8601 date and time" }).nullable().optional(),
});
export type ApiKeyCreate = z.infer<typeof ApiKeyCreate>;

export const ApiKeyUpdate = z.object({
  name: z.string().trim().min(1, "Name is required").max(100).optional(),
  description: z.string().trim().max(500).nullable().optional(),
  permissions: z.array(z.string().max(100)).min(1, "Choose at least one permission").max(100).optional(),
  expiresAt: z.iso.datetime({ offset: true, message: "Use an ISO 8601 date and time" }).nullable().optional(),
  isActive: z.boolean().optional(),
});
export type ApiKeyUpdate = z.infer<typeof ApiKeyUpdate>;

export const ApiKeyUsage = z.object({
  totalRequests: z.number().int(),
  requestsThisMonth: z.number().int(),
  lastRequestAt: z.string().nullable(),
  topEndpoints: z.array(z.object({ endpoint: z.string(), count: z.number().int() })),
  rateLimits: z.object({ perMinute: z.number().int(), perHour: z.number().int(), perDay: z.number().int() }),
});
export type ApiKeyUsage = z.infer<typeof ApiKeyUsage>;
