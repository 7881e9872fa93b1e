/**
 * Roles: each role of the catalogue (label, colour, icon, priority, scope) with what it grants,
 * grouped by resource, and how many members hold it. Role grants are seeded per organization and
 * the API has no call to change them, so they are shown, not edited; the tab says where to change
 * what someone may do instead.
 */
import { Box, Card, CardContent, Chip, Stack, Typography } from "@mui/material";
import type { RoleSummary } from "@prospector/contracts";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useSession } from "../../auth/api/use-session.ts";
import { useMembers, useRoles } from "../api/use-roles.ts";
import { actionLabel, groupByResource, resourceLabel } from "../lib/grants.ts";
import { RoleIcon, useRoleColor } from "./role-chip.tsx";
import { TabQuery } from "./tab-states.tsx";

function RoleCard({ role, holders }: { role: RoleSummary; holders: number | null }) {
  const groups = groupByResource(role.permissions);
  const color = useRoleColor(role.id);
  return (
    <Card variant="outlined" component="section" aria-labelledby={`role-${role.id}`} sx={{ borderLeft: 4, borderLeftColor: color }}>
      <CardContent>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, mb: 0.5, flexWrap: "wrap" }}>
          <RoleIcon role={role.id} />
          <Typography variant="subtitle1" component="h3" id={`role-${role.id}`} sx={{ fontWeight: 600 }}>
            {role.label}
          </Typography>
          <Chip size="small" label={`Priority ${role.priority}`} variant="outlined" />
          {holders !== null && (
            <Typography variant="body2" color="textSecondary">
              {holders === 1 ? "1 member" : `${holders} members`}
            </Typography>
          )}
        </Box>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
          {role.scope}
        </Typography>
        {groups.length === 0 ? (
          <Typography variant="body2">No permissions: members with this role can only sign in.</Typography>
        ) : (
          <Stack component="dl" spacing={0.5} sx={{ m: 0 }}>
            {groups.map((g) => (
              <Box key={g.resource} sx={{ display: "flex", gap: 1, alignItems: "baseline", flexWrap: "wrap" }}>
                <Typography component="dt" variant="body2" sx={{ fontWeight: 500, minWidth: 110 }}>
                  {resourceLabel(g.resource)}
                </Typography>
                <Box component="dd" sx={{ m: 0, display: "flex", gap: 0.5, flexWrap: "wrap" }}>
                  {g.grants.map((p) => (
                    <Chip
                      key={`${p.action}:${p.effect}:${p.resource_id ?? ""}`}
                      size="small"
                      color={p.effect === "deny" ? "error" : "default"}
                      label={`${p.effect === "deny" ? "not " : ""}${actionLabel(p.action)}`}
                    />
                  ))}
                </Box>
              </Box>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

export default function RolesTab() {
  const roles = useRoles();
  const { user } = useSession();
  const members = useMembers(user?.workspace.id);
  const count = (role: string) => (members.data ? members.data.items.filter((m) => m.role === role).length : null);

  return (
    <>
      <PageIntro
        dense
        question="What does each role allow?"
        summary="Higher priority roles outrank lower ones: nobody assigns a role above their own. Role grants are seeded for the organization; to give someone more or less, use a team grant, a policy or an access request."
      />
      <TabQuery query={roles} label="Loading roles">
        {(data) =>
          data.length === 0 ? (
            <EmptyState title="No roles" hint="The server answered no roles; restart it so it seeds the role catalogue." />
          ) : (
            <Box sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
              {data.map((r) => (
                <RoleCard key={r.id} role={r} holders={count(r.id)} />
              ))}
            </Box>
          )
        }
      </TabQuery>
    </>
  );
}
