/** The sign-in log: every recorded attempt (the workspace's members; everything for the instance admin), newest first. */
import { Box, Button, Card, CardContent, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { useState } from "react";
import { formatUtcDateTime } from "../../../lib/format.ts";
import { useSignInLog } from "../api/use-threats.ts";

export function ThreatSignInLog() {
  const [cursors, setCursors] = useState<string[]>([]);
  const log = useSignInLog(cursors.at(-1));
  const items = log.data?.items ?? [];
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
          Sign-in log
        </Typography>
        {log.data && items.length === 0 && cursors.length === 0 ? (
          <Typography color="textSecondary">
            No sign-ins recorded yet: every sign-in through the sign-in page is recorded from now on.
          </Typography>
        ) : (
          <Box sx={{ overflowX: "auto" }}>
            <Table size="small" aria-label="Sign-in attempts, newest first">
              <TableHead>
                <TableRow>
                  <TableCell>When</TableCell>
                  <TableCell>Outcome</TableCell>
                  <TableCell>Account</TableCell>
                  <TableCell>Address</TableCell>
                  <TableCell>Method</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((e) => (
                  <TableRow key={e.id}>
                    <TableCell>{formatUtcDateTime(e.at)}</TableCell>
                    <TableCell>
                      <Chip size="small" color={e.outcome === "success" ? "success" : "default"} label={e.outcome.replaceAll("_", " ")} />
                    </TableCell>
                    <TableCell>{e.email}</TableCell>
                    <TableCell title={e.user_agent ?? undefined}>{e.ip ?? "—"}</TableCell>
                    <TableCell>{e.method.replace("_", "-")}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: "flex-end" }}>
          <Button disabled={cursors.length === 0} onClick={() => setCursors((c) => c.slice(0, -1))} aria-label="Previous sign-ins">
            Previous
          </Button>
          <Button
            disabled={!log.data?.next_cursor}
            onClick={() => log.data?.next_cursor && setCursors((c) => [...c, log.data.next_cursor as string])}
            aria-label="Next sign-ins"
          >
            Next
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
