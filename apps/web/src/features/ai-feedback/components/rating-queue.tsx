/** Recent AI outputs to rate: what went in and came out (a line each), why, the team's thumbs and the caller's own. */
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  FormControlLabel,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { type AiActionKind, AiActionKind as Kinds } from "@prospector/contracts";
import { useState } from "react";
import { formatUtcDateTime } from "../../../lib/format.ts";
import { AiFeedbackButtons } from "../../../ui/ai-feedback-buttons.tsx";
import { FilterSelect } from "../../../ui/filter-select.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { EmptyState } from "../../../ui/page-intro.tsx";
import { useFeedbackQueue } from "../api/use-ai-feedback.ts";
import { kindLabel } from "./ai-kind-labels.ts";

const PER_PAGE = 20;
const KIND_OPTIONS = Kinds.options.map((k) => ({ value: k, label: kindLabel(k) }));

export function RatingQueue() {
  const [kind, setKind] = useState<AiActionKind | "">("");
  const [unrated, setUnrated] = useState(false);
  // Keyset paging goes forward; back is the stack of the cursors before.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const q = useFeedbackQueue({ kind, unrated, limit: PER_PAGE, cursor: cursors.at(-1) });
  const page = q.data;
  const reset = () => setCursors([undefined]);
  const filtered = kind !== "" || unrated;

  return (
    <Card variant="outlined">
      <CardHeader
        title="Rate recent AI outputs"
        subheader="Newest first. Your thumbs count towards the team's judgement below; press a pressed thumb again to take it back."
        slotProps={{ title: { variant: "subtitle1", component: "h3" } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: "wrap", alignItems: "center" }} useFlexGap>
          <FilterSelect
            label="Kind"
            value={kind}
            anyLabel="All kinds"
            options={KIND_OPTIONS}
            minWidth={200}
            onChange={(v) => {
              setKind(v as AiActionKind | "");
              reset();
            }}
          />
          <FormControlLabel
            control={
              <Switch
                checked={unrated}
                onChange={(e) => {
                  setUnrated(e.target.checked);
                  reset();
                }}
              />
            }
            label="Only outputs I have not rated"
          />
        </Stack>
        {q.error ? (
          <LoadError error={q.error} onRetry={() => void q.refetch()} />
        ) : !page ? (
          <Typography color="textSecondary">Loading recent outputs…</Typography>
        ) : page.items.length === 0 ? (
          filtered ? (
            <EmptyState
              title="Nothing to rate here"
              hint="No AI output matches these filters: choose all kinds or show rated outputs too."
            />
          ) : (
            <EmptyState
              title="No AI outputs yet"
              hint="AI outputs appear here when the workspace uses AI: write an email with AI in a campaign, try the LLM console, train lead scoring, or receive replies (each is classified)."
            />
          )
        ) : (
          <>
            <TableContainer sx={{ overflowX: "auto" }}>
              <Table size="small" aria-label="Recent AI outputs">
                <TableHead>
                  <TableRow>
                    <TableCell>When</TableCell>
                    <TableCell>Kind and model</TableCell>
                    <TableCell>In → out</TableCell>
                    <TableCell align="right">Team</TableCell>
                    <TableCell>Your rating</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {page.items.map((a) => (
                    <TableRow key={a.action_id}>
                      <TableCell sx={{ whiteSpace: "nowrap", verticalAlign: "top" }}>{formatUtcDateTime(a.created_at)}</TableCell>
                      <TableCell sx={{ verticalAlign: "top" }}>
                        <Typography variant="body2">{kindLabel(a.kind)}</Typography>
                        <Typography variant="caption" color="textSecondary">
                          {a.model} · {a.engine === "llm" ? "language model" : "built-in"}
                        </Typography>
                        {a.outcome !== "ok" && <Chip size="small" color="warning" label={a.outcome} sx={{ ml: 1 }} />}
                      </TableCell>
                      <TableCell sx={{ maxWidth: 520, verticalAlign: "top" }}>
                        <Typography variant="body2" sx={{ wordBreak: "break-word" }}>
                          <Box component="span" sx={{ color: "text.secondary" }}>
                            In:{" "}
                          </Box>
                          {a.input || "—"}
                        </Typography>
                        <Typography variant="body2" sx={{ wordBreak: "break-word" }}>
                          <Box component="span" sx={{ color: "text.secondary" }}>
                            Out:{" "}
                          </Box>
                          {a.output || "—"}
                        </Typography>
                        {a.why && (
                          <Typography variant="caption" color="textSecondary">
                            Why: {a.why}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: "nowrap", verticalAlign: "top" }}>
                        {`${a.thumbs_up} up · ${a.thumbs_down} down`}
                      </TableCell>
                      <TableCell sx={{ verticalAlign: "top" }}>
                        <AiFeedbackButtons actionId={a.action_id} rating={a.my_rating} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: "flex-end" }}>
              <Button size="small" disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
                Newer
              </Button>
              <Button size="small" disabled={!page.next_cursor} onClick={() => setCursors((c) => [...c, page.next_cursor ?? undefined])}>
                Older
              </Button>
            </Stack>
          </>
        )}
      </CardContent>
    </Card>
  );
}
