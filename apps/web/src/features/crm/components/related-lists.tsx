/** Short lists of the records linked to a customer or a deal, each entry a link that opens it on its page. */
import { Box, Chip, Link, List, ListItem, ListItemText, Typography } from "@mui/material";
import type { CrmDeal, CrmInteraction, CrmTask } from "@prospector/contracts";
import { Link as RouterLink } from "react-router";
import { formatDateTime } from "../../../lib/format.ts";
import { useRelated } from "../api/use-records.ts";
import {
  DEAL_STATUS_COLORS,
  DEAL_STATUS_LABELS,
  formatDay,
  formatMoney,
  INTERACTION_TYPE_LABELS,
  isOverdue,
  TASK_STATUS_COLORS,
  TASK_STATUS_LABELS,
} from "../lib/crm-labels.ts";

function Empty({ text }: { text: string }) {
  return (
    <Typography variant="body2" color="textSecondary">
      {text}
    </Typography>
  );
}

function More({ shown, total }: { shown: number; total: number }) {
  return total > shown ? <Typography variant="caption" color="textSecondary">{`${shown} of ${total} shown`}</Typography> : null;
}

export function RelatedDeals({ by, id, empty }: { by: string; id: string; empty: string }) {
  const deals = useRelated<CrmDeal>("deals", by, id);
  if (deals.isPending) return <Empty text="Loading..." />;
  if (deals.isError) return <Empty text="The deals could not be loaded." />;
  if (deals.data.items.length === 0) return <Empty text={empty} />;
  return (
    <Box>
      <List dense disablePadding>
        {deals.data.items.map((d) => (
          <ListItem
            key={d.id}
            disableGutters
            secondaryAction={<Chip size="small" label={DEAL_STATUS_LABELS[d.status]} color={DEAL_STATUS_COLORS[d.status]} />}
          >
            <ListItemText
              primary={
                <Link component={RouterLink} to={`/crm/deals?selected=${d.id}`}>
                  {d.name}
                </Link>
              }
              secondary={`${formatMoney(d.value, d.currency)} · ${d.stage}`}
            />
          </ListItem>
        ))}
      </List>
      <More shown={deals.data.items.length} total={deals.data.total} />
    </Box>
  );
}

export function RelatedTasks({ by, id, empty }: { by: string; id: string; empty: string }) {
  const tasks = useRelated<CrmTask>("tasks", by, id);
  if (tasks.isPending) return <Empty text="Loading..." />;
  if (tasks.isError) return <Empty text="The tasks could not be loaded." />;
  if (tasks.data.items.length === 0) return <Empty text={empty} />;
  return (
    <Box>
      <List dense disablePadding>
        {tasks.data.items.map((t) => (
          <ListItem
            key={t.id}
            disableGutters
            secondaryAction={<Chip size="small" label={TASK_STATUS_LABELS[t.status]} color={TASK_STATUS_COLORS[t.status]} />}
          >
            <ListItemText
              primary={
                <Link component={RouterLink} to={`/crm/tasks?selected=${t.id}`}>
                  {t.title}
                </Link>
              }
              secondary={t.due_date ? `${isOverdue(t) ? "Overdue · " : ""}due ${formatDay(t.due_date)}` : "No due date"}
              slotProps={{ secondary: { color: isOverdue(t) ? "error" : undefined } }}
            />
          </ListItem>
        ))}
      </List>
      <More shown={tasks.data.items.length} total={tasks.data.total} />
    </Box>
  );
}

export function RelatedInteractions({ by, id, empty }: { by: string; id: string; empty: string }) {
  const list = useRelated<CrmInteraction>("interactions", by, id);
  if (list.isPending) return <Empty text="Loading..." />;
  if (list.isError) return <Empty text="The interactions could not be loaded." />;
  if (list.data.items.length === 0) return <Empty text={empty} />;
  return (
    <Box>
      <List dense disablePadding>
        {list.data.items.map((i) => (
          <ListItem key={i.id} disableGutters>
            <ListItemText
              primary={
                <Link component={RouterLink} to={`/crm/interactions?selected=${i.id}`}>
                  {i.subject}
                </Link>
              }
              secondary={`${INTERACTION_TYPE_LABELS[i.type]} · ${formatDateTime(i.date)}`}
            />
          </ListItem>
        ))}
      </List>
      <More shown={list.data.items.length} total={list.data.total} />
    </Box>
  );
}
