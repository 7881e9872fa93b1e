/**
 * The slot under the navigation (the spec's "Total Leads This Month"). It shows the real count
 * from GET /api/leads/count for users who may read leads, and nothing while no such figure exists.
 */

import { Box, LinearProgress, Typography } from "@mui/material";
import type { LeadCount, Me } from "@prospector/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { permits } from "./nav-items.ts";

export function LeadsThisMonth({ user, collapsed }: { user: Me; collapsed: boolean }) {
  const allowed = permits(user.permissions, "leads:read");
  const { data } = useQuery({
    queryKey: ["leads", "count", "month-start"],
    queryFn: ({ signal }) => api.get<LeadCount>("/leads/count", { signal, report: false }),
    enabled: allowed,
    retry: false,
    staleTime: 60_000,
  });
  if (!allowed || !data || typeof data.count !== "number" || collapsed) return null;
  const { limit, used } = data.plan;
  return (
    <Box sx={{ m: 2, p: 2, borderRadius: 2, bgcolor: "action.hover" }}>
      <Typography variant="caption" color="text.secondary">
        Total Leads This Month
      </Typography>
      <Typography variant="h5" component="p">
        {data.count.toLocaleString()}
      </Typography>
      {limit !== null && limit > 0 && (
        <>
          <LinearProgress
            variant="determinate"
            value={Math.min(100, (used / limit) * 100)}
            sx={{ mt: 1 }}
            aria-label="Plan allowance used"
          />
          <Typography variant="caption" color="text.secondary">
            {used.toLocaleString()} of {limit.toLocaleString()} on the {data.plan.plan} plan
          </Typography>
        </>
      )}
    </Box>
  );
}
