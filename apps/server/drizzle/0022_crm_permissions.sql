-- Data only (a custom migration, written by hand): organizations created before the CRM get its
-- role permissions, the same ones ROLE_PERMISSIONS (packages/contracts/src/roles.ts) seeds for new
-- organizations: manager crm:*, sales_rep crm:read/create/update, viewer and analyst crm:read; admin already
-- has *:*. ON CONFLICT keeps it idempotent and leaves grants an admin already made alone.
INSERT INTO "role_permissions" ("id", "organization_id", "role", "resource", "action", "effect")
SELECT gen_random_uuid(), o."id", g."role", 'crm', g."action", 'allow'
FROM "organizations" o
CROSS JOIN (VALUES ('manager', '*'), ('sales_rep', 'read'), ('sales_rep', 'create'), ('sales_rep', 'update'), ('viewer', 'read'), ('analyst', 'read')) AS g("role", "action")
ON CONFLICT DO NOTHING;
