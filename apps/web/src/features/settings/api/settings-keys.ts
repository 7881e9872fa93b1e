/** Query-key factory for everything under /api/user-settings, so a save refreshes exactly its entries. */
export const settingsKeys = {
  all: ["user-settings"] as const,
  settings: () => [...settingsKeys.all, "settings"] as const,
  security: () => [...settingsKeys.all, "security"] as const,
  sessions: () => [...settingsKeys.all, "sessions"] as const,
  apiKeys: () => [...settingsKeys.all, "api-keys"] as const,
  apiPermissions: () => [...settingsKeys.all, "api-keys", "permissions"] as const,
  apiUsage: (id?: string) => [...settingsKeys.all, "api-keys", "usage", id ?? "all"] as const,
  exports: () => [...settingsKeys.all, "exports"] as const,
  scheduledExports: () => [...settingsKeys.all, "scheduled-exports"] as const,
  backupSettings: () => [...settingsKeys.all, "backups", "settings"] as const,
  backups: () => [...settingsKeys.all, "backups", "list"] as const,
  billing: () => [...settingsKeys.all, "billing"] as const,
  billingPlans: () => [...settingsKeys.all, "billing", "plans"] as const,
};
