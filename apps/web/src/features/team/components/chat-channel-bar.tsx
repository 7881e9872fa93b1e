/**
 * The channels of the workspace's chat: "general" and every channel that has messages, each with
 * the caller's unread count; a new channel starts by naming it and sending its first message.
 */
import Add from "@mui/icons-material/Add";
import { Badge, Box, Button, Chip, TextField } from "@mui/material";
import { type ChatUnread, TEAM_CHAT_DEFAULT_CHANNEL } from "@prospector/contracts";
import { type FormEvent, useState } from "react";

const CHANNEL_RE = /^[a-z0-9][a-z0-9_-]*$/;

/** What is wrong with a channel name the user typed, or null. */
export function channelNameProblem(name: string): string | null {
  if (!name) return "Name the channel";
  if (name.length > 50) return "At most 50 characters";
  if (!CHANNEL_RE.test(name)) return "Lower-case letters, digits, - and _ only";
  return null;
}

export function ChatChannelBar({
  channel,
  unread,
  onSelect,
}: {
  channel: string;
  unread: ChatUnread | undefined;
  onSelect: (channel: string) => void;
}) {
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState("");
  const [touched, setTouched] = useState(false);
  const counts = new Map((unread?.channels ?? []).map((c) => [c.channel, c.unread]));
  const names = [
    TEAM_CHAT_DEFAULT_CHANNEL,
    ...(unread?.channels ?? []).map((c) => c.channel).filter((c) => c !== TEAM_CHAT_DEFAULT_CHANNEL),
  ];
  if (!names.includes(channel)) names.push(channel);
  const problem = channelNameProblem(name.trim());

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem) return;
    onSelect(name.trim());
    setAdding(false);
    setName("");
    setTouched(false);
  };

  return (
    <Box
      role="navigation"
      aria-label="Channels"
      sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "center", p: 1.5, borderBottom: 1, borderColor: "divider" }}
    >
      {names.map((c) => {
        const n = c === channel ? 0 : (counts.get(c) ?? 0);
        return (
          <Badge key={c} color="primary" badgeContent={n > 99 ? "99+" : n} invisible={n === 0}>
            <Chip
              label={`#${c}`}
              color={c === channel ? "primary" : "default"}
              variant={c === channel ? "filled" : "outlined"}
              onClick={() => onSelect(c)}
              aria-current={c === channel ? "page" : undefined}
              aria-label={n > 0 ? `#${c}, ${n} unread` : `#${c}`}
            />
          </Badge>
        );
      })}
      {adding ? (
        <Box component="form" onSubmit={submit} sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
          <TextField
            size="small"
            autoFocus
            label="Channel name"
            value={name}
            onChange={(e) => setName(e.target.value.toLowerCase())}
            error={touched && Boolean(problem)}
            helperText={touched && problem ? problem : "e.g. deals-eu"}
          />
          <Button type="submit" variant="outlined">
            Open
          </Button>
          <Button onClick={() => setAdding(false)}>Cancel</Button>
        </Box>
      ) : (
        <Button size="small" startIcon={<Add />} onClick={() => setAdding(true)}>
          New channel
        </Button>
      )}
    </Box>
  );
}
