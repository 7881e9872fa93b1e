/** One inbox's score and its checklist: each task done or not, why, its points, where to fix it and when first completed. */
import CheckCircle from "@mui/icons-material/CheckCircle";
import RadioButtonUnchecked from "@mui/icons-material/RadioButtonUnchecked";
import { Box, Button, Card, CardContent, CardHeader, Chip, LinearProgress, List, ListItem, Stack, Typography } from "@mui/material";
import type { GameInbox } from "@prospector/contracts";
import { Link as RouterLink } from "react-router";
import { formatDate, scoreColor } from "./reputation-format.ts";

export function InboxTasksCard({ inbox }: { inbox: GameInbox }) {
  const open = inbox.tasks.filter((t) => !t.done);
  // Open tasks first, the most points first: the quickest way up.
  const tasks = [...open.sort((a, b) => b.points - a.points), ...inbox.tasks.filter((t) => t.done)];
  return (
    <Card variant="outlined" component="section" aria-label={`Inbox ${inbox.email}`}>
      <CardHeader
        title={inbox.email}
        subheader={`${inbox.tasks_done} of ${inbox.tasks.length} tasks done${open.length ? ` · ${open.reduce((n, t) => n + t.points, 0)} points to win` : ""}`}
        slotProps={{ title: { variant: "subtitle1", component: "h3", sx: { wordBreak: "break-all" } } }}
        action={
          <Chip color={scoreColor(inbox.score)} label={`${inbox.score} / 100`} aria-label={`Score ${inbox.score} of 100`} sx={{ mt: 1 }} />
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <LinearProgress
          variant="determinate"
          value={inbox.score}
          color={inbox.score >= 80 ? "success" : inbox.score >= 60 ? "warning" : "error"}
          sx={{ mb: 1.5, height: 8, borderRadius: 4 }}
          aria-label={`Score of ${inbox.email}`}
        />
        <List disablePadding aria-label={`Tasks of ${inbox.email}`}>
          {tasks.map((t) => (
            <ListItem
              key={t.key}
              disableGutters
              divider
              sx={{ alignItems: "flex-start", gap: 1.5, py: 1 }}
              aria-label={`${t.title}: ${t.done ? "done" : "to do"}`}
            >
              {t.done ? (
                <CheckCircle color="success" aria-hidden sx={{ mt: 0.25 }} />
              ) : (
                <RadioButtonUnchecked color="disabled" aria-hidden sx={{ mt: 0.25 }} />
              )}
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
                  <Typography variant="subtitle2" component="h4">
                    {t.title}
                  </Typography>
                  <Chip
                    size="small"
                    variant={t.done ? "filled" : "outlined"}
                    color={t.done ? "success" : "default"}
                    label={t.done ? `+${t.points}` : `${t.points} pts`}
                  />
                </Stack>
                <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: "anywhere" }}>
                  {t.why}
                </Typography>
                <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap", mt: 0.5 }}>
                  {!t.done && (
                    <Button component={RouterLink} to={t.link} size="small" variant="outlined">
                      {t.link_label}
                    </Button>
                  )}
                  {t.first_done_at && (
                    <Typography variant="caption" color="textSecondary">
                      {t.done
                        ? `Completed on ${formatDate(t.first_done_at)}`
                        : `First completed on ${formatDate(t.first_done_at)}, undone since`}
                    </Typography>
                  )}
                </Stack>
              </Box>
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
