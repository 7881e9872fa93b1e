/** The scan's checks grouped by status (fails first), each with its evidence and the fix with a link to the page that makes it. */
import { Box, Button, Card, CardContent, CardHeader, Chip, Stack, Typography } from "@mui/material";
import type { ScanCheck, ScanCheckStatus } from "@prospector/contracts";
import { Link as RouterLink } from "react-router";

const GROUPS: { status: ScanCheckStatus; title: string; color: "error" | "warning" | "success" }[] = [
  { status: "fail", title: "Fix first", color: "error" },
  { status: "warn", title: "Worth fixing", color: "warning" },
  { status: "pass", title: "Passing", color: "success" },
];

export function ScanChecks({ checks }: { checks: ScanCheck[] }) {
  return (
    <Stack spacing={2}>
      {GROUPS.map((g) => {
        const items = checks.filter((c) => c.status === g.status).sort((a, b) => b.weight - a.weight);
        if (items.length === 0) return null;
        return (
          <Card key={g.status} variant="outlined" component="section" aria-label={g.title}>
            <CardHeader title={`${g.title} (${items.length})`} slotProps={{ title: { variant: "h6" } }} />
            <CardContent sx={{ display: "grid", gap: 2, pt: 0 }}>
              {items.map((c) => (
                <Box key={c.id} sx={{ borderLeft: 3, borderColor: `${g.color}.main`, pl: 1.5 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                    <Typography sx={{ fontWeight: 600 }}>{c.title}</Typography>
                    <Chip size="small" color={g.color} label={c.status.toUpperCase()} />
                    <Typography variant="caption" color="textSecondary">
                      weight {c.weight}
                    </Typography>
                  </Stack>
                  <Typography variant="body2">{c.evidence}</Typography>
                  {c.status !== "pass" && (
                    <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "center" }, mt: 0.5 }}>
                      <Typography variant="body2" color="textSecondary">
                        Fix: {c.fix}
                      </Typography>
                      {c.fix_link ? (
                        <Button size="small" component={RouterLink} to={c.fix_link}>
                          Open
                        </Button>
                      ) : (
                        <Typography variant="caption" color="textSecondary">
                          (server setting: an operator's change)
                        </Typography>
                      )}
                    </Stack>
                  )}
                </Box>
              ))}
            </CardContent>
          </Card>
        );
      })}
    </Stack>
  );
}
