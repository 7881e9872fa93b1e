/**
 * A channel's messages, oldest at the top: older pages load when scrolled to the top (or with the
 * button), the view follows new messages while the reader is at the bottom, messages not yet stored
 * show as pending (queued offline, sending, or not sent with a retry), and "Seen by …" sits under
 * the last message. The newest message counts as read once it is on screen in a visible tab.
 */
import { Alert, Avatar, Box, Button, CircularProgress, Link, Stack, Tooltip, Typography } from "@mui/material";
import type { ChatMessage, ChatReadState } from "@prospector/contracts";
import { Fragment, type ReactNode, useEffect, useLayoutEffect, useRef } from "react";
import { formatDateTime } from "../../../lib/format.ts";
import { type PendingMessage, seenBy } from "../api/use-team-chat.ts";
import { avatarColor, initials } from "./presence-avatars.tsx";

export interface ChatMessageListProps {
  messages: ChatMessage[];
  pending: PendingMessage[];
  readMarks: Map<string, ChatReadState>;
  me: string | null;
  online: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onSeen: (message: ChatMessage) => void;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
}

const time = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { weekday: "long", month: "long", day: "numeric" });

export function ChatMessageList(props: ChatMessageListProps) {
  const { messages, pending, readMarks, me, online, hasOlder, loadingOlder, onLoadOlder, onSeen } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const newestRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const before = useRef({ first: "", height: 0 });
  const newest = messages.at(-1);

  // Older messages went in above: keep what the reader looked at in place. New ones below (stored
  // or pending): follow them if the reader was at the bottom.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the rows change, reads the DOM
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const first = messages[0]?.id ?? "";
    if (before.current.first && first !== before.current.first && !atBottom.current) {
      el.scrollTop += el.scrollHeight - before.current.height;
    } else if (atBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
    before.current = { first, height: el.scrollHeight };
  }, [messages, pending.length]);

  // Read when seen: the newest message on screen while the tab is visible.
  useEffect(() => {
    const el = newestRef.current;
    if (!newest || !el) return;
    const visible = () => typeof document === "undefined" || document.visibilityState !== "hidden";
    if (typeof IntersectionObserver === "undefined") {
      if (visible()) onSeen(newest);
      return;
    }
    let inView = false;
    const io = new IntersectionObserver((entries) => {
      inView = entries.some((e) => e.isIntersecting);
      if (inView && visible()) onSeen(newest);
    });
    io.observe(el);
    const onVisibility = () => inView && visible() && onSeen(newest);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      io.disconnect();
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [newest, onSeen]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
    if (el.scrollTop < 40 && hasOlder && !loadingOlder) onLoadOlder();
  };

  const seen = newest ? seenBy(newest, readMarks, me) : [];
  let lastDay = "";
  return (
    <Box
      ref={scroller}
      onScroll={onScroll}
      role="log"
      aria-label="Messages"
      aria-live="polite"
      sx={{ flex: 1, overflowY: "auto", px: { xs: 1.5, sm: 2 }, py: 1.5, minHeight: 0 }}
    >
      {hasOlder && (
        <Box sx={{ textAlign: "center", mb: 1 }}>
          <Button
            size="small"
            onClick={onLoadOlder}
            disabled={loadingOlder}
            startIcon={loadingOlder ? <CircularProgress size={14} /> : null}
          >
            Load older messages
          </Button>
        </Box>
      )}
      <Stack spacing={1.25}>
        {messages.map((m) => {
          const d = day(m.created_at);
          const divider = d !== lastDay;
          lastDay = d;
          return (
            <Fragment key={m.id}>
              {divider && (
                <Typography variant="caption" color="textSecondary" sx={{ textAlign: "center", display: "block", pt: 1 }}>
                  {d}
                </Typography>
              )}
              <Box ref={m.id === newest?.id ? newestRef : undefined}>
                <MessageRow
                  author={m.user?.name ?? "Deleted user"}
                  authorId={m.user?.id ?? m.id}
                  mine={m.user?.id === me}
                  body={m.body}
                  meta={
                    <Tooltip title={formatDateTime(m.created_at)}>
                      <span>{time(m.created_at)}</span>
                    </Tooltip>
                  }
                />
              </Box>
            </Fragment>
          );
        })}
        {seen.length > 0 && (
          <Typography variant="caption" color="textSecondary" sx={{ textAlign: "right" }} data-testid="seen-by">
            {`Seen by ${seen.join(", ")}`}
          </Typography>
        )}
        {pending.map((p) => (
          <Box key={p.client_id} sx={{ opacity: p.state === "failed" ? 1 : 0.65 }} data-testid="pending-message">
            <MessageRow
              author="You"
              authorId={me ?? "me"}
              mine
              body={p.body}
              meta={<PendingMeta p={p} online={online} onRetry={props.onRetry} onDiscard={props.onDiscard} />}
            />
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

function PendingMeta({
  p,
  online,
  onRetry,
  onDiscard,
}: {
  p: PendingMessage;
  online: boolean;
  onRetry: (id: string) => void;
  onDiscard: (id: string) => void;
}) {
  if (p.state === "failed") {
    return (
      <Box component="span" sx={{ color: "error.main" }}>
        {`Not sent${p.error ? ` (${p.error})` : ""} · `}
        <Link component="button" type="button" variant="caption" onClick={() => onRetry(p.client_id)}>
          Retry
        </Link>
        {" · "}
        <Link component="button" type="button" variant="caption" color="inherit" onClick={() => onDiscard(p.client_id)}>
          Discard
        </Link>
      </Box>
    );
  }
  return <span>{p.state === "queued" || !online ? "Waiting for connection — sends when you are back online" : "Sending…"}</span>;
}

function MessageRow({
  author,
  authorId,
  mine,
  body,
  meta,
}: {
  author: string;
  authorId: string;
  mine: boolean;
  body: string;
  meta: ReactNode;
}) {
  return (
    <Box sx={{ display: "flex", gap: 1.25, alignItems: "flex-start" }}>
      <Avatar sx={{ width: 32, height: 32, fontSize: 13, bgcolor: avatarColor(authorId), color: "#fff" }} aria-hidden>
        {initials(author)}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ display: "flex", gap: 1, alignItems: "baseline", flexWrap: "wrap" }}>
          <Typography variant="subtitle2" component="span" color={mine ? "primary" : "textPrimary"}>
            {author}
          </Typography>
          <Typography variant="caption" color="textSecondary" component="span">
            {meta}
          </Typography>
        </Box>
        <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {body}
        </Typography>
      </Box>
    </Box>
  );
}

/** Shown instead of the list when the channel has no message yet. */
export function ChatEmpty({ channel }: { channel: string }) {
  return (
    <Box sx={{ flex: 1, display: "flex", alignItems: "center", justifyContent: "center", p: 3, textAlign: "center" }}>
      <Box>
        <Typography variant="h6" component="p">
          No messages yet — say hello to your team
        </Typography>
        <Typography color="textSecondary">{`Write below and press Enter: everyone in the workspace sees it in #${channel}, live.`}</Typography>
      </Box>
    </Box>
  );
}

export function ChatLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
