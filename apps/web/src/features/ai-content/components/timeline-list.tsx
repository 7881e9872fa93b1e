/** A lead's timeline items, newest first: when, what, the text, and where to look further. */

import { Box, Chip, Link, List, ListItem, Stack, Typography } from "@mui/material";
import type { TimelineItem } from "@prospector/contracts";
import { Link as RouterLink } from "react-router";
import { formatUtcDateTime } from "../../../lib/format.ts";
import { CHANNEL_COLORS, CHANNEL_LABELS, KIND_LABELS } from "./timeline-labels.ts";

export function TimelineList({ items, label }: { items: TimelineItem[]; label: string }) {
  return (
    <List aria-label={label} disablePadding>
      {items.map((item) => (
        <ListItem key={item.id} divider alignItems="flex-start" sx={{ px: 0 }}>
          <Stack direction="row" spacing={2} sx={{ width: "100%" }}>
            <Typography variant="body2" color="textSecondary" sx={{ minWidth: 150, flexShrink: 0 }}>
              {formatUtcDateTime(item.at)}
            </Typography>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
                <Chip size="small" label={CHANNEL_LABELS[item.channel]} color={CHANNEL_COLORS[item.channel]} variant="outlined" />
                <Chip size="small" label={KIND_LABELS[item.kind]} />
                {item.reply_class && <Chip size="small" color="success" label={`Class: ${item.reply_class.replace(/_/g, " ")}`} />}
              </Stack>
              <Typography sx={{ mt: 0.5, overflowWrap: "anywhere" }}>
                {item.link ? (
                  <Link component={RouterLink} to={item.link}>
                    {item.title}
                  </Link>
                ) : (
                  item.title
                )}
              </Typography>
              {item.body && (
                <Typography variant="body2" color="textSecondary" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                  {item.body}
                </Typography>
              )}
            </Box>
          </Stack>
        </ListItem>
      ))}
    </List>
  );
}
