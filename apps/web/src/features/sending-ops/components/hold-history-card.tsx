/** Who stopped and resumed what, when and why: every hold of the workspace, newest first, paged and filterable by scope. */
import { Alert, Box, Button, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import type { Hold, HoldScope } from "@prospector/contracts";
import { useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { FilterSelect } from "../../../ui/filter-select.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState } from "../../../ui/page-intro.tsx";
import { TablePager } from "../../../ui/table-pager/table-pager.tsx";
import { usePager } from "../../../ui/table-pager/use-pager.ts";
import { useHoldHistory } from "../api/use-sending-ops.ts";

const SCOPES = [
  { value: "workspace", label: "Whole workspace" },
  { value: "campaign", label: "Campaigns" },
  { value: "inbox", label: "Inboxes" },
] as const;

const who = (a: Hold["held_by"]) => a?.name || a?.email || "a former member";

export function HoldHistoryCard() {
  const [scope, setScope] = useState<HoldScope | "">("");
  const pager = usePager({ resetKeys: [scope] });
  const q = useHoldHistory(pager.page, pager.perPage, scope);
  return (
    <Paper variant="outlined">
      <Box sx={{ p: 2, display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}>
        <Typography variant="h6" component="h3" sx={{ flex: 1 }}>
          History
        </Typography>
        <FilterSelect label="What" value={scope} onChange={(v) => setScope(v as HoldScope | "")} options={SCOPES} anyLabel="Everything" />
      </Box>
      {q.isError ? (
        <Alert severity="error" sx={{ m: 2 }} action={<Button onClick={() => q.refetch()}>Retry</Button>}>
          {errorMessage(q.error)}
        </Alert>
      ) : !q.data ? (
        <LoadingScreen />
      ) : q.data.total === 0 ? (
        <Box sx={{ p: 2, pt: 0 }}>
          <EmptyState
            title="Nothing has been stopped yet"
            hint="Every stop and resume shows here with who did it, when and why, and stays here after it is resumed."
          />
        </Box>
      ) : (
        <>
          <TableContainer>
            <Table size="small" aria-label="Kill switch history">
              <TableHead>
                <TableRow>
                  <TableCell>What</TableCell>
                  <TableCell>Reason</TableCell>
                  <TableCell>Stopped</TableCell>
                  <TableCell>Resumed</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(q.data?.holds ?? []).map((h) => (
                  <TableRow key={h.id}>
                    <TableCell sx={{ overflowWrap: "anywhere", minWidth: 120 }}>
                      {h.target_label}
                      <Typography variant="caption" color="textSecondary" component="div">
                        {h.scope === "workspace" ? "all sending" : h.scope}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ overflowWrap: "anywhere", minWidth: 160 }}>{h.reason}</TableCell>
                    <TableCell sx={{ minWidth: 140 }}>
                      {formatDateTime(h.held_at)}
                      <Typography variant="caption" color="textSecondary" component="div">
                        by {who(h.held_by)}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ minWidth: 140 }}>
                      {h.released_at ? (
                        <>
                          {formatDateTime(h.released_at)}
                          <Typography variant="caption" color="textSecondary" component="div" sx={{ overflowWrap: "anywhere" }}>
                            by {who(h.released_by)}
                            {h.release_note ? `: ${h.release_note}` : ""}
                          </Typography>
                        </>
                      ) : (
                        <Typography variant="body2" color="error">
                          Still stopped
                        </Typography>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePager pager={pager} count={q.data?.total ?? 0} />
        </>
      )}
    </Paper>
  );
}
