/**
 * The decision log: status tabs with their counts, search on the question, "waiting for my vote",
 * newest or due-soonest order, an optional linked-record filter (from a lead, deal or campaign),
 * and keyset pages (Newer / Older).
 */
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControlLabel,
  LinearProgress,
  MenuItem,
  Stack,
  Switch,
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
import type { DecisionStatus } from "@prospector/contracts";
import { useEffect, useState } from "react";
import { formatDateTime } from "../../../lib/format.ts";
import { useDebounced } from "../../../lib/use-debounced.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { EmptyState } from "../../../ui/page-intro.tsx";
import { type DecisionFilters, PAGE_SIZE, useDecisionList } from "../api/use-decisions.ts";
import { LINK_LABEL, STATUS_LABEL } from "./decision-format.ts";

const STATUSES: DecisionStatus[] = ["open", "decided", "cancelled"];

export function DecisionList({
  link,
  onClearLink,
  onOpen,
  onNew,
}: {
  link?: DecisionFilters["link"];
  onClearLink: () => void;
  onOpen: (id: string) => void;
  onNew: (() => void) | null;
}) {
  const [status, setStatus] = useState<DecisionStatus>("open");
  const [mineToVote, setMineToVote] = useState(false);
  const [text, setText] = useState("");
  const [sort, setSort] = useState<"newest" | "due">("newest");
  const search = useDebounced(text.trim(), 300);
  const filters: DecisionFilters = { status, mineToVote, search, sort, link };
  const filterKey = JSON.stringify(filters);
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter starts again from the first page
  useEffect(() => setCursors([undefined]), [filterKey]);
  const list = useDecisionList(filters, cursors.at(-1));
  const counts = list.data?.counts;
  const rows = list.data?.items ?? [];
  const first = (cursors.length - 1) * PAGE_SIZE;
  const filtered = mineToVote || !!search || !!link;
  const nothingYet = !filtered && counts && counts.open + counts.decided + counts.cancelled === 0;

  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  if (nothingYet)
    return (
      <EmptyState
        title="No decisions yet"
        hint="A decision log keeps what the team decided and why: ask a question with 2 to 10 options, let members vote, then record the outcome and its rationale. Link leads, deals or campaigns so the decision is found from them."
      >
        {onNew && (
          <Button variant="contained" onClick={onNew}>
            Ask the team
          </Button>
        )}
      </EmptyState>
    );

  return (
    <Stack spacing={2}>
      <Tabs value={status} onChange={(_, v) => setStatus(v)} aria-label="Decision status">
        {STATUSES.map((s) => (
          <Tab key={s} value={s} label={`${STATUS_LABEL[s]}${counts ? ` (${counts[s]})` : ""}`} />
        ))}
      </Tabs>
      <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "center" }}>
        <TextField label="Search questions" size="small" value={text} onChange={(e) => setText(e.target.value)} sx={{ minWidth: 240 }} />
        <TextField
          select
          label="Order"
          size="small"
          value={sort}
          onChange={(e) => setSort(e.target.value as "newest" | "due")}
          sx={{ width: 170 }}
        >
          <MenuItem value="newest">Newest first</MenuItem>
          <MenuItem value="due">Vote-by date soonest</MenuItem>
        </TextField>
        <FormControlLabel
          control={<Switch checked={mineToVote} onChange={(e) => setMineToVote(e.target.checked)} />}
          label="Waiting for my vote"
        />
        {link && <Chip label={`Linked to ${LINK_LABEL[link.kind].toLowerCase()} ${link.id.slice(0, 8)}…`} onDelete={onClearLink} />}
      </Box>
      {list.isFetching && <LinearProgress aria-label="Loading decisions" />}
      {mineToVote && status !== "open" && <Alert severity="info">"Waiting for my vote" lists open decisions only.</Alert>}
      {list.data && rows.length === 0 ? (
        <Typography color="textSecondary" sx={{ py: 3, textAlign: "center" }}>
          {filtered ? "No decision matches these filters." : `No ${STATUS_LABEL[status].toLowerCase()} decisions.`}
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Decisions">
            <TableHead>
              <TableRow>
                <TableCell>Question</TableCell>
                <TableCell>{status === "decided" ? "Outcome" : "Votes"}</TableCell>
                <TableCell>Vote by</TableCell>
                <TableCell>Asked by</TableCell>
                <TableCell>Asked</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id} hover sx={{ cursor: "pointer" }} onClick={() => onOpen(r.id)}>
                  <TableCell>
                    <Button variant="text" sx={{ textTransform: "none", textAlign: "left", p: 0 }} onClick={() => onOpen(r.id)}>
                      {r.question}
                    </Button>
                    {r.status === "open" && !r.my_vote && <Chip size="small" label="Not voted" sx={{ ml: 1 }} />}
                  </TableCell>
                  <TableCell>
                    {r.status === "decided"
                      ? r.outcome_label
                      : `${r.votes_count} vote${r.votes_count === 1 ? "" : "s"} · ${r.options_count} options`}
                  </TableCell>
                  <TableCell>{r.due_at ? formatDateTime(r.due_at) : "—"}</TableCell>
                  <TableCell>{r.created_by?.name ?? "Former member"}</TableCell>
                  <TableCell>{formatDateTime(r.created_at)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {(cursors.length > 1 || list.data?.next_cursor) && (
        <Box sx={{ display: "flex", gap: 1, alignItems: "center", justifyContent: "flex-end" }}>
          <Typography variant="body2" color="textSecondary">
            {rows.length ? `${first + 1}–${first + rows.length}` : ""}
            {counts && !mineToVote && !search ? ` of ${counts[status]}` : ""}
          </Typography>
          <Button disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
            Newer
          </Button>
          <Button disabled={!list.data?.next_cursor} onClick={() => setCursors((c) => [...c, list.data?.next_cursor ?? undefined])}>
            Older
          </Button>
        </Box>
      )}
    </Stack>
  );
}
