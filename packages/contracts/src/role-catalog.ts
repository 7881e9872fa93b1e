/**
 * The role catalogue (shell spec §6) and the seeded role permissions and rate limits
 * (outreach-core §6) as plain values, without zod: the web app's shell reads ROLES and
 * ROLE_PERMISSIONS on every signed-in page, and importing them from roles.ts (which builds the
 * RoleId and Permission schemas) put zod into that first load (bench/README.md, bench/web fifth
 * round). roles.ts re-exports all of it beside the schemas.
 */

export const ROLE_IDS = ["admin", "manager", "developer", "sales_rep", "marketing", "analyst", "support", "viewer"] as const;
type RoleId = (typeof ROLE_IDS)[number];

export const DEFAULT_ROLE: RoleId = "viewer";

export interface RoleInfo {
  id: RoleId;
  label: string;
  priority: number;
  scope: string;
  color: string;
  icon: string;
}

export const ROLES: Record<RoleId, RoleInfo> = {
  admin: { id: "admin", label: "Administrator", priority: 100, scope: "Full access", color: "#d32f2f", icon: "AdminPanelSettings" },
  manager: {
    id: "manager",
    label: "Manager",
    priority: 90,
    scope: "Team management and oversight",
    color: "#7b1fa2",
    icon: "SupervisorAccount",
  },
  developer: { id: "developer", label: "Developer", priority: 80, scope: "API and integration management", color: "#1976d2", icon: "Code" },
  sales_rep: {
    id: "sales_rep",
    label: "Sales Representative",
    priority: 70,
    scope: "Campaigns and leads",
    color: "#388e3c",
    icon: "TrendingUp",
  },
  marketing: {
    id: "marketing",
    label: "Marketing Specialist",
    priority: 70,
    scope: "Campaigns and analytics",
    color: "#f57c00",
    icon: "Campaign",
  },
  analyst: { id: "analyst", label: "Data Analyst", priority: 60, scope: "Analytics and reporting", color: "#0097a7", icon: "Analytics" },
  support: {
    id: "support",
    label: "Support Agent",
    priority: 50,
    scope: "Customer support and troubleshooting",
    color: "#5d4037",
    icon: "SupportAgent",
  },
  viewer: { id: "viewer", label: "Viewer", priority: 30, scope: "Read-only", color: "#616161", icon: "Visibility" },
};

/** Seed permissions per role, `resource:action`; `*` is a wildcard on either side. */
export const ROLE_PERMISSIONS: Record<RoleId, string[]> = {
  admin: ["*:*"],
  // crm:* extends the spec's table, which predates the CRM (docs/crm.md, "Permissions").
  manager: ["campaigns:create", "campaigns:read", "campaigns:update", "leads:read", "leads:update", "analytics:read", "team:read", "crm:*"],
  sales_rep: ["campaigns:read", "campaigns:update", "leads:read", "leads:update", "crm:read", "crm:create", "crm:update"],
  marketing: ["campaigns:create", "campaigns:read", "analytics:read", "templates:create"],
  viewer: ["campaigns:read", "leads:read", "analytics:read", "crm:read"],
  developer: ["api:read", "api:update", "integrations:create", "webhooks:create"],
  analyst: ["analytics:read", "reports:create", "exports:create", "crm:read"],
  support: ["incidents:read", "incidents:update", "team:read"],
};

/** Requests per minute by role (outreach-core §6); any other caller gets the fallback. */
export const ROLE_RATE_LIMITS: Record<RoleId, number> = {
  admin: 1000,
  manager: 500,
  sales_rep: 200,
  marketing: 300,
  viewer: 100,
  developer: 1000,
  analyst: 300,
  support: 200,
};
export const FALLBACK_RATE_LIMIT = 100;
