/**
 * /deliverability-game: What is each inbox's deliverability score, and which tasks raise it? The
 * workspace's score, level, streak and latest completions, then each inbox's checklist: every task
 * is checked against real data each time the page is read (DNS checks, inbox settings, sends and
 * events, campaign templates), worth its points, with a link to where it is fixed.
 */
import { Box, Button, Card, CardContent, Chip, LinearProgress, List, ListItem, Stack, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { formatDateTime } from "../../../lib/format.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { TablePager } from "../../../ui/table-pager/table-pager.tsx";
import { usePager } from "../../../ui/table-pager/use-pager.ts";
import { useGameBoard } from "../api/use-reputation.ts";
import { InboxTasksCard } from "../components/inbox-tasks-card.tsx";
import { formatDate, scoreColor } from "../components/reputation-format.ts";

export default function DeliverabilityGamePage() {
  const pager = usePager({ perPageOptions: [10, 25, 50] });
  const board = useGameBoard(pager.page + 1, pager.perPage);
  const b = board.data;
  const intro = (
    <PageIntro
      title="Deliverability Score"
      question="What is each inbox's deliverability score, and which tasks raise it?"
      summary={
        b ? `Every task is checked against your data each time this page opens (last ${formatDateTime(b.evaluated_at)}).` : undefined
      }
      actions={
        b && b.total > 0 ? (
          <Button variant="outlined" onClick={() => board.refetch()} disabled={board.isFetching}>
            {board.isFetching ? "Checking…" : "Check again"}
          </Button>
        ) : undefined
      }
    />
  );
  if (board.isPending) return <LoadingScreen />;
  if (board.isError)
    return (
      <Stack spacing={3}>
        {intro}
        <LoadError error={board.error} onRetry={() => board.refetch()} />
      </Stack>
    );
  if (!b || b.total === 0 || b.score === null || !b.level)
    return (
      <Stack spacing={3}>
        {intro}
        <EmptyState
          title="No inbox to score yet"
          hint="Each inbox that really delivers gets a score from 0 to 100 and a checklist: connect an inbox (SMTP), then come back to see what raises it. The local test mailbox reaches nobody and is not scored."
        >
          <Button component={RouterLink} to="/inboxes" variant="contained">
            Connect an inbox
          </Button>
        </EmptyState>
      </Stack>
    );

  const level = b.level;
  const levelFloor = [0, 40, 60, 80, 95][level.level - 1] ?? 0;
  const toNext = level.next_at === null ? 100 : Math.round(((b.score - levelFloor) / (level.next_at - levelFloor)) * 100);
  return (
    <Stack spacing={3}>
      {intro}
      <Card variant="outlined" component="section" aria-label="Workspace score">
        <CardContent>
          <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", md: "repeat(3, 1fr)" } }}>
            <Box>
              <Typography variant="overline" color="textSecondary">
                Workspace score
              </Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: "baseline" }}>
                <Typography
                  variant="h3"
                  component="p"
                  color={scoreColor(b.score) === "default" ? undefined : `${scoreColor(b.score)}.main`}
                >
                  {b.score}
                </Typography>
                <Typography color="textSecondary">
                  / 100, the mean of {b.total} inbox{b.total === 1 ? "" : "es"}
                </Typography>
              </Stack>
            </Box>
            <Box>
              <Typography variant="overline" color="textSecondary">
                Level {level.level} of 5
              </Typography>
              <Typography variant="h5" component="p">
                {level.name}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={Math.max(0, Math.min(100, toNext))}
                sx={{ my: 1, height: 8, borderRadius: 4 }}
                aria-label="Progress to the next level"
              />
              <Typography variant="body2" color="textSecondary">
                {level.next_at === null
                  ? "The top level: keep every task done."
                  : `${level.next_at - b.score} points to the next level (${level.next_at}).`}
              </Typography>
            </Box>
            <Box>
              <Typography variant="overline" color="textSecondary">
                Streak and tasks
              </Typography>
              <Typography variant="h5" component="p">
                {b.streak_days} day{b.streak_days === 1 ? "" : "s"}
              </Typography>
              <Typography variant="body2" color="textSecondary">
                {`in a row at ${b.streak_score} or more · ${b.tasks_done} of ${b.tasks_total} tasks done`}
              </Typography>
            </Box>
          </Box>
        </CardContent>
      </Card>
      {b.recent_completions.length > 0 && (
        <Card variant="outlined" component="section" aria-label="Latest completions">
          <CardContent>
            <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
              Latest completions
            </Typography>
            <List dense disablePadding>
              {b.recent_completions.map((c) => (
                <ListItem key={`${c.inbox_email}:${c.key}`} disableGutters sx={{ gap: 1, flexWrap: "wrap" }}>
                  <Chip size="small" color="success" variant="outlined" label={formatDate(c.first_done_at)} />
                  <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>{`${c.title} · ${c.inbox_email}`}</Typography>
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
      )}
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", lg: "repeat(2, 1fr)" }, alignItems: "start" }}>
        {b.inboxes.map((i) => (
          <InboxTasksCard key={i.inbox_id} inbox={i} />
        ))}
      </Box>
      <TablePager pager={pager} count={b.total} />
    </Stack>
  );
}
