/**
 * Stop or resume one campaign or one inbox: a tab each, searchable and paged, every row showing
 * whether it runs or since when, by whom and why it is stopped.
 */
import {
  Alert,
  Box,
  Button,
  Chip,
  Paper,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from "@mui/material";
import type { HoldTarget } from "@prospector/contracts";
import { useDeferredValue, useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState } from "../../../ui/page-intro.tsx";
import { TablePager } from "../../../ui/table-pager/table-pager.tsx";
import { usePager } from "../../../ui/table-pager/use-pager.ts";
import { useHoldTargets } from "../api/use-sending-ops.ts";
import type { HoldTargetRef } from "./hold-dialogs.tsx";

type Scope = "campaign" | "inbox";

export function HoldTargetsCard({
  canChange,
  onStop,
  onResume,
}: {
  canChange: boolean;
  onStop: (t: HoldTargetRef) => void;
  onResume: (holdId: string, label: string) => void;
}) {
  const [scope, setScope] = useState<Scope>("campaign");
  const [search, setSearch] = useState("");
  const deferred = useDeferredValue(search.trim());
  const pager = usePager({ resetKeys: [scope, deferred] });
  const q = useHoldTargets(scope, pager.page, pager.perPage, deferred);
  const noun = scope === "campaign" ? "campaign" : "inbox";
  return (
    <Paper variant="outlined">
      <Box sx={{ px: 2, pt: 1.5 }}>
        <Typography variant="h6" component="h3">
          Stop one campaign or inbox
        </Typography>
      </Box>
      <Tabs value={scope} onChange={(_, v: Scope) => setScope(v)} sx={{ px: 1, borderBottom: 1, borderColor: "divider" }}>
        <Tab value="campaign" label="Campaigns" />
        <Tab value="inbox" label="Inboxes" />
      </Tabs>
      <Box sx={{ p: 2, pb: 0 }}>
        <TextField
          size="small"
          label={scope === "campaign" ? "Search campaigns" : "Search inboxes"}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ width: { xs: "100%", sm: 320 } }}
        />
      </Box>
      {q.isError ? (
        <Alert severity="error" sx={{ m: 2 }} action={<Button onClick={() => q.refetch()}>Retry</Button>}>
          {errorMessage(q.error)}
        </Alert>
      ) : !q.data ? (
        <LoadingScreen />
      ) : q.data.total === 0 ? (
        <Box sx={{ p: 2 }}>
          <EmptyState
            title={
              deferred ? `No ${noun} matches “${deferred}”` : scope === "campaign" ? "No campaign that can send" : "No inbox connected"
            }
            hint={
              deferred
                ? "Try another name."
                : scope === "campaign"
                  ? "Campaigns that are active, scheduled, paused or in draft show here. Create one on the Campaigns page."
                  : "Connect an inbox on the Inboxes page; it shows here to be stopped at once if it misbehaves."
            }
          />
        </Box>
      ) : (
        <>
          <TableContainer>
            <Table size="small" aria-label={scope === "campaign" ? "Campaigns" : "Inboxes"}>
              <TableHead>
                <TableRow>
                  <TableCell>{scope === "campaign" ? "Campaign" : "Inbox"}</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Kill switch</TableCell>
                  <TableCell align="right">Action</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(q.data?.items ?? []).map((t) => (
                  <TargetRow key={t.id} target={t} scope={scope} canChange={canChange} onStop={onStop} onResume={onResume} />
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

function TargetRow({
  target,
  scope,
  canChange,
  onStop,
  onResume,
}: {
  target: HoldTarget;
  scope: Scope;
  canChange: boolean;
  onStop: (t: HoldTargetRef) => void;
  onResume: (holdId: string, label: string) => void;
}) {
  const h = target.hold;
  return (
    <TableRow hover>
      <TableCell sx={{ overflowWrap: "anywhere", minWidth: 140 }}>{target.label}</TableCell>
      <TableCell>{target.status}</TableCell>
      <TableCell sx={{ minWidth: 180 }}>
        {h ? (
          <>
            <Chip size="small" color="error" label="Stopped" sx={{ mr: 1 }} />
            <Typography variant="body2" component="span" sx={{ overflowWrap: "anywhere" }}>
              since {formatDateTime(h.held_at)} by {h.held_by?.name || h.held_by?.email || "a former member"}: {h.reason}
            </Typography>
          </>
        ) : (
          <Chip size="small" color="success" variant="outlined" label="Running" />
        )}
      </TableCell>
      <TableCell align="right">
        {canChange &&
          (h ? (
            <Button size="small" color="success" onClick={() => onResume(h.id, target.label)} aria-label={`Resume ${target.label}`}>
              Resume
            </Button>
          ) : (
            <Button
              size="small"
              color="error"
              onClick={() => onStop({ scope, id: target.id, label: target.label })}
              aria-label={`Stop ${target.label}`}
            >
              Stop
            </Button>
          ))}
      </TableCell>
    </TableRow>
  );
}
