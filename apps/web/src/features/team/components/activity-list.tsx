/** Activity items as a list: who did what, when, and a link to the subject when it has a page. */
import { Link, List, ListItem, ListItemText } from "@mui/material";
import type { ActivityItem } from "@prospector/contracts";
import { Link as RouterLink } from "react-router";
import { formatDateTime, timeAgo } from "../../../lib/format.ts";
import { subjectLink } from "../lib/team-labels.ts";

export function ActivityList({ items, label }: { items: ActivityItem[]; label: string }) {
  return (
    <List dense disablePadding aria-label={label}>
      {items.map((item) => {
        const to = subjectLink(item.subject_type, item.subject_id);
        const who = item.actor?.name ?? "Prospector";
        return (
          <ListItem key={item.id} disableGutters divider>
            <ListItemText
              primary={
                to ? (
                  <Link component={RouterLink} to={to}>
                    {item.summary}
                  </Link>
                ) : (
                  item.summary
                )
              }
              secondary={<span title={formatDateTime(item.created_at)}>{`${who} · ${timeAgo(item.created_at)} · ${item.kind}`}</span>}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
