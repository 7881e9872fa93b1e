/**
 * /ai-activity: every AI action in the workspace (docs/ai/activity.md) — who asked, what went in,
 * what came out, what it cost — filterable and paged newest first, one action in full in a drawer,
 * and this month's spend against the cap (admins set the cap here). Opening it marks the actions seen.
 */
import {
  Alert,
  Box,
  Button,
  Chip,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { AiActionKind } from "@prospector/contracts";
import { useDeferredValue, useEffect, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { usePermissions } from "../../../app/permissions/index.ts";
import { formatUtcDateTime } from "../../../lib/format.ts";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { type ActivityFilters, PAGE_SIZE, useActivity, useAiUsage, useMarkSeen } from "../api/use-ai-activity.ts";
import { ActionDrawer } from "../components/action-drawer.tsx";
import { dollars, durationLabel, kindLabel, OUTCOME_COLOR, subjectHref, tokensLabel } from "../components/ai-format.ts";
import { UsageCard } from "../components/usage-card.tsx";

const QUESTION = "What has AI done in this workspace: who asked, what went in, what came out, and what did it cost?";

const OUTCOMES = ["ok", "error", "refused", "over_budget"] as const;

export default function AiActivityPage() {
  const { can } = usePermissions();
  const [params, setParams] = useSearchParams();
  const usage = useAiUsage();
  const markSeen = useMarkSeen();
  const [text, setText] = useState("");
  const q = useDeferredValue(text.trim());
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [openId, setOpenId] = useState<string | null>(params.get("action"));

  // Opening the page is reading it: the nav's count starts again from now.
  const { mutate: seen } = markSeen;
  useEffect(() => seen(), [seen]);

  const filters: ActivityFilters = useMemo(
    () => ({
      kind: params.get("kind") || undefined,
      engine: (params.get("engine") as ActivityFilters["engine"]) || undefined,
      outcome: (params.get("outcome") as ActivityFilters["outcome"]) || undefined,
      user_id: params.get("user_id") || undefined,
      subject_type: params.get("subject_type") || undefined,
      subject_id: params.get("subject_id") || undefined,
      q: q || undefined,
    }),
    [params, q],
  );
  const filterKey = JSON.stringify(filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter starts again from the first page
  useEffect(() => setCursors([undefined]), [filterKey]);
  const cursor = cursors.at(-1);
  const list = useActivity(filters, cursor);
  const filtered = Object.values(filters).some(Boolean);

  const setFilter = (key: string, value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  const rows = list.data?.items ?? [];
  const first = (cursors.length - 1) * PAGE_SIZE;
  const nothingYet = !filtered && cursors.length === 1 && list.data && rows.length === 0;

  return (
    <Stack spacing={3}>
      <PageIntro
        question={QUESTION}
        summary="Every language-model call and every built-in model's decision is recorded here with its input, output, explanation and cost."
      />
      {usage.isError && <Alert severity="error">{usage.error.message}</Alert>}
      {usage.data && <UsageCard usage={usage.data} canSetCap={can("analytics:update")} />}

      {nothingYet ? (
        <EmptyState
          title="No AI actions yet"
          hint="Write an email on Compose, try prompts in the LLM Console, or let an agent or a trained model work: each action shows up here with who asked, what went in, what came out and its cost."
        >
          <Button component={Link} to="/compose" variant="contained">
            Open Compose
          </Button>
          <Button component={Link} to="/ai-tools/llm-console">
            Open the LLM Console
          </Button>
        </EmptyState>
      ) : (
        <Box>
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: "wrap", mb: 2 }}>
            <TextField
              size="small"
              label="Search model, kind or error"
              value={text}
              onChange={(e) => setText(e.target.value)}
              sx={{ minWidth: 240 }}
            />
            <TextField
              select
              size="small"
              label="Kind"
              value={filters.kind ?? ""}
              onChange={(e) => setFilter("kind", e.target.value)}
              sx={{ minWidth: 180 }}
            >
              <MenuItem value="">All kinds</MenuItem>
              {AiActionKind.options.map((k) => (
                <MenuItem key={k} value={k}>
                  {kindLabel(k)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Engine"
              value={filters.engine ?? ""}
              onChange={(e) => setFilter("engine", e.target.value)}
              sx={{ minWidth: 150 }}
            >
              <MenuItem value="">Both engines</MenuItem>
              <MenuItem value="llm">Language model</MenuItem>
              <MenuItem value="builtin">Built-in</MenuItem>
            </TextField>
            <TextField
              select
              size="small"
              label="Outcome"
              value={filters.outcome ?? ""}
              onChange={(e) => setFilter("outcome", e.target.value)}
              sx={{ minWidth: 140 }}
            >
              <MenuItem value="">Any outcome</MenuItem>
              {OUTCOMES.map((o) => (
                <MenuItem key={o} value={o}>
                  {o.replace("_", " ")}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Who"
              value={filters.user_id ?? ""}
              onChange={(e) => setFilter("user_id", e.target.value)}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="">Everyone</MenuItem>
              {(usage.data?.by_user ?? [])
                .filter((u) => u.user_id)
                .map((u) => (
                  <MenuItem key={u.user_id} value={u.user_id!}>
                    {u.name}
                  </MenuItem>
                ))}
            </TextField>
            {filters.subject_id && (
              <Chip
                label={`About ${filters.subject_type ?? "record"} ${filters.subject_id.slice(-6)}`}
                onDelete={() => {
                  setFilter("subject_type", "");
                  setFilter("subject_id", "");
                }}
              />
            )}
          </Stack>
          {list.isError && <Alert severity="error">{list.error.message}</Alert>}
          <TableContainer sx={{ border: 1, borderColor: "divider", borderRadius: 2 }}>
            <Table size="small" aria-label="AI actions, newest first">
              <TableHead>
                <TableRow>
                  <TableCell>When (UTC)</TableCell>
                  <TableCell>Who</TableCell>
                  <TableCell>What</TableCell>
                  <TableCell>Model</TableCell>
                  <TableCell align="right">Tokens in / out</TableCell>
                  <TableCell align="right">Cost</TableCell>
                  <TableCell align="right">Time</TableCell>
                  <TableCell>Outcome</TableCell>
                  <TableCell>About</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((a) => {
                  const href = a.subject && subjectHref(a.subject);
                  return (
                    <TableRow key={a.id} hover>
                      <TableCell>
                        <Button
                          size="small"
                          onClick={() => setOpenId(a.id)}
                          aria-label={`Open the action of ${formatUtcDateTime(a.created_at)}`}
                        >
                          {formatUtcDateTime(a.created_at)}
                        </Button>
                      </TableCell>
                      <TableCell>{a.user?.name ?? "Job or agent"}</TableCell>
                      <TableCell>{kindLabel(a.kind)}</TableCell>
                      <TableCell>
                        {a.model}
                        <Typography variant="caption" color="textSecondary" component="div">
                          {a.engine === "llm" ? "language model" : "built-in"}
                        </Typography>
                      </TableCell>
                      <TableCell align="right">{tokensLabel(a)}</TableCell>
                      <TableCell align="right">{dollars(a.cost_usd)}</TableCell>
                      <TableCell align="right">{durationLabel(a.duration_ms)}</TableCell>
                      <TableCell>
                        <Chip size="small" label={a.outcome.replace("_", " ")} color={OUTCOME_COLOR[a.outcome]} variant="outlined" />
                      </TableCell>
                      <TableCell>{a.subject ? href ? <Link to={href}>{a.subject.type}</Link> : a.subject.type : "—"}</TableCell>
                    </TableRow>
                  );
                })}
                {list.data && rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={9}>
                      <Typography color="textSecondary">No AI action matches these filters.</Typography>
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
          <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: "center", justifyContent: "flex-end" }}>
            {rows.length > 0 && (
              <Typography variant="body2" color="textSecondary">{`Actions ${first + 1}–${first + rows.length}`}</Typography>
            )}
            <Button disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
              Previous
            </Button>
            <Button
              disabled={!list.data?.next_cursor || list.isPlaceholderData}
              onClick={() => setCursors((c) => [...c, list.data!.next_cursor!])}
            >
              Next
            </Button>
          </Stack>
        </Box>
      )}
      <ActionDrawer id={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
