/**
 * /crm: how the pipeline stands today. Open deals by stage (count, value, value weighted by the
 * stage's probability), tasks due (overdue, today, next 7 days) and the latest interactions, from
 * GET /api/crm/overview. Every figure links to the list it counts.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Link,
  List,
  ListItem,
  ListItemText,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import type { CrmOverview } from "@prospector/contracts";
import { Link as RouterLink } from "react-router";
import { errorMessage } from "../../../lib/errors.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useOverview } from "../api/use-deals.ts";
import { formatTotals, INTERACTION_TYPE_LABELS, isOverdue, TASK_STATUS_LABELS } from "../lib/crm-labels.ts";

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;

function StagesCard({ stages }: { stages: CrmOverview["stages"] }) {
  const max = Math.max(1, ...stages.map((s) => s.count));
  const open = stages.reduce((n, s) => n + s.count, 0);
  return (
    <Card variant="outlined" sx={{ gridColumn: { md: "1 / -1" } }}>
      <CardContent sx={{ display: "grid", gap: 1 }}>
        <Typography variant="h6" component="h3">
          Open deals by stage
        </Typography>
        <Typography variant="body2" color="textSecondary">
          Weighted value = each deal's value × its probability (its own, or its stage's default). Won and lost deals are not counted.
        </Typography>
        {open === 0 ? (
          <EmptyState title="No open deals" hint="Convert a lead that replied, or add a deal on the Deals page.">
            <Button component={RouterLink} to="/crm/deals" variant="outlined">
              Go to Deals
            </Button>
          </EmptyState>
        ) : (
          <Box sx={{ overflowX: "auto" }}>
            <Table size="small" aria-label="Open deals by stage">
              <TableHead>
                <TableRow>
                  <TableCell>Stage</TableCell>
                  <TableCell align="right">Deals</TableCell>
                  <TableCell sx={{ width: "25%" }}>
                    <Box component="span" sx={visuallyHidden}>
                      Share of open deals
                    </Box>
                  </TableCell>
                  <TableCell align="right">Value</TableCell>
                  <TableCell align="right">Weighted</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {stages.map((s) => (
                  <TableRow key={s.stage_id}>
                    <TableCell>
                      <Link component={RouterLink} to={`/crm/deals?view=table&stage_id=${s.stage_id}`}>
                        {s.name}
                      </Link>
                      <Typography variant="caption" color="textSecondary" component="div">{`${s.probability}% likely`}</Typography>
                    </TableCell>
                    <TableCell align="right">{s.count}</TableCell>
                    <TableCell>
                      <LinearProgress variant="determinate" value={(s.count / max) * 100} aria-label={`${s.name}: ${s.count} deals`} />
                    </TableCell>
                    <TableCell align="right">{s.count ? formatTotals(s.totals) : "—"}</TableCell>
                    <TableCell align="right">
                      {s.count ? formatTotals(s.totals.map((t) => ({ currency: t.currency, value: t.weighted_value }))) : "—"}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function TasksCard({ tasks }: { tasks: CrmOverview["tasks_due"] }) {
  const figures = [
    { label: "Overdue", value: tasks.overdue, due: "overdue", color: tasks.overdue ? "error.main" : "text.primary" },
    { label: "Due today", value: tasks.today, due: "today", color: "text.primary" },
    { label: "Next 7 days", value: tasks.next_7_days, due: "week", color: "text.primary" },
  ];
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: "grid", gap: 1.5 }}>
        <Typography variant="h6" component="h3">
          Tasks due
        </Typography>
        <Box sx={{ display: "grid", gridTemplateColumns: "repeat(3, 1fr)", gap: 1 }}>
          {figures.map((f) => (
            <Link
              key={f.due}
              component={RouterLink}
              to={`/crm/tasks?due=${f.due}`}
              underline="hover"
              sx={{ display: "block", color: "inherit" }}
            >
              <Typography variant="h4" component="p" sx={{ color: f.color }}>
                {f.value}
              </Typography>
              <Typography variant="body2" color="textSecondary">
                {f.label}
              </Typography>
            </Link>
          ))}
        </Box>
        {tasks.items.length === 0 ? (
          <Typography variant="body2" color="textSecondary">
            Nothing due this week. Add tasks to deals to plan their next steps.
          </Typography>
        ) : (
          <List dense disablePadding aria-label="Soonest tasks">
            {tasks.items.map((t) => (
              <ListItem key={t.id} disableGutters>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={`/crm/tasks?selected=${t.id}`}>
                      {t.title}
                    </Link>
                  }
                  secondary={`${TASK_STATUS_LABELS[t.status] ?? t.status}${t.due_date ? ` · due ${formatDateTime(t.due_date)}` : ""}`}
                  slotProps={{ secondary: { color: isOverdue(t) ? "error" : "textSecondary" } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

function InteractionsCard({ items }: { items: CrmOverview["recent_interactions"] }) {
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: "grid", gap: 1 }}>
        <Typography variant="h6" component="h3">
          Recent interactions
        </Typography>
        {items.length === 0 ? (
          <Typography variant="body2" color="textSecondary">
            None yet. Replies, emails sent from Compose and booked meetings are recorded here by themselves; log calls and notes on the
            Interactions page.
          </Typography>
        ) : (
          <List dense disablePadding aria-label="Recent interactions">
            {items.map((i) => (
              <ListItem key={i.id} disableGutters>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={`/crm/interactions?selected=${i.id}`}>
                      {i.subject}
                    </Link>
                  }
                  secondary={`${INTERACTION_TYPE_LABELS[i.type] ?? i.type} · ${formatDateTime(i.date)}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

export default function CrmOverviewPage() {
  const overview = useOverview();
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "minmax(0, 1fr)" }}>
      <PageIntro title="CRM overview" question="What is in the pipeline, what is due, and who did we last talk to?" />
      {overview.isPending && <LoadingScreen />}
      {overview.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => overview.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(overview.error)}
        </Alert>
      )}
      {overview.data && (
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" } }}>
          <StagesCard stages={overview.data.stages} />
          <TasksCard tasks={overview.data.tasks_due} />
          <InteractionsCard items={overview.data.recent_interactions} />
        </Box>
      )}
    </Box>
  );
}
