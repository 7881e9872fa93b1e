/** The workspace's one-off sends from /compose, newest first (GET /api/compose/sent), a page at a time. */
import {
  Alert,
  Card,
  CardContent,
  CardHeader,
  Chip,
  List,
  ListItem,
  ListItemText,
  Pagination,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
} from "@mui/material";
import type { ComposeMessage, ComposeStatus } from "@prospector/contracts";
import { useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { formatDateTime, timeAgo } from "../../../lib/format.ts";
import { useSentEmails } from "../api/use-compose.ts";

const PER_PAGE = 10;

type ChipLook = { label: string; color: "default" | "primary" | "success" | "warning" | "error" | "info" };

const STATUS: Record<ComposeStatus, ChipLook> = {
  sending: { label: "Sending", color: "info" },
  sent: { label: "Delivered to SMTP", color: "success" },
  local: { label: "Not delivered — local mailbox", color: "warning" },
  bounced: { label: "Bounced", color: "error" },
  failed: { label: "Failed", color: "error" },
};

/** A reply read over the inbox's IMAP outranks "delivered"; a bounce notice makes the status itself "bounced". */
function look(m: ComposeMessage): ChipLook {
  if (m.status === "sent" && m.replied_at) return { label: "Replied", color: "primary" };
  return STATUS[m.status];
}

function engagement(m: ComposeMessage): string | null {
  const parts: string[] = [];
  if (m.track_opens) parts.push(`${m.opens} ${m.opens === 1 ? "open" : "opens"}`);
  if (m.track_clicks) parts.push(`${m.clicks} ${m.clicks === 1 ? "click" : "clicks"}`);
  if (m.replied_at) parts.push(`replied ${timeAgo(m.replied_at)}`);
  return parts.length ? parts.join(" · ") : null;
}

function SentRow({ m }: { m: ComposeMessage }) {
  const status = look(m);
  const when = m.sent_at ?? m.created_at;
  const to = m.to_name ? `${m.to_name} <${m.to}>` : m.to;
  // Opens and clicks only mean something for mail that reached someone.
  const extra = m.status === "sent" ? engagement(m) : m.error;
  return (
    <ListItem divider aria-label={`${m.subject} to ${m.to}`} sx={{ alignItems: "flex-start", px: 0 }}>
      <ListItemText
        primary={m.subject}
        secondary={
          <>
            <span>{`To ${to} · from ${m.from}`}</span>
            {extra && (
              <Typography component="span" variant="body2" sx={{ display: "block", color: m.error ? "error.main" : "text.secondary" }}>
                {extra}
              </Typography>
            )}
          </>
        }
        slotProps={{ primary: { noWrap: true }, secondary: { component: "div" } }}
        sx={{ minWidth: 0, mr: 1 }}
      />
      <Stack spacing={0.5} sx={{ alignItems: "flex-end", flexShrink: 0 }}>
        <Chip size="small" variant="outlined" color={status.color} label={status.label} />
        <Tooltip title={formatDateTime(when)}>
          <Typography variant="caption" color="textSecondary">
            {timeAgo(when)}
          </Typography>
        </Tooltip>
      </Stack>
    </ListItem>
  );
}

export function RecentlySentCard() {
  const [page, setPage] = useState(1);
  const sent = useSentEmails(page, PER_PAGE);
  return (
    <Card variant="outlined" component="section" aria-label="Recently sent">
      <CardHeader
        title="Recently sent"
        subheader={sent.data ? `${sent.data.total} one-off ${sent.data.total === 1 ? "email" : "emails"} from this workspace` : undefined}
        slotProps={{ title: { variant: "subtitle1", component: "h3" } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {sent.isPending && <Skeleton variant="rounded" height={96} />}
        {sent.isError && <Alert severity="error">{errorMessage(sent.error)}</Alert>}
        {sent.isSuccess && sent.data.total === 0 && <Typography color="textSecondary">Nothing sent from Compose yet.</Typography>}
        {sent.isSuccess && sent.data.messages.length > 0 && (
          <List dense disablePadding>
            {sent.data.messages.map((m) => (
              <SentRow key={m.id} m={m} />
            ))}
          </List>
        )}
        {sent.isSuccess && sent.data.total_pages > 1 && (
          <Pagination
            sx={{ mt: 1 }}
            size="small"
            count={sent.data.total_pages}
            page={page}
            onChange={(_e, p) => setPage(p)}
            aria-label="Recently sent pages"
          />
        )}
      </CardContent>
    </Card>
  );
}
