/**
 * The message box: Enter sends, Shift+Enter starts a new line. Offline it still sends: the message
 * waits in the socket's queue and shows as pending until the server stores it.
 */
import Send from "@mui/icons-material/Send";
import { Box, IconButton, TextField, Tooltip, Typography } from "@mui/material";
import { TEAM_CHAT_BODY_MAX } from "@prospector/contracts";
import { type KeyboardEvent, useState } from "react";

export function ChatComposer({ channel, online, onSend }: { channel: string; online: boolean; onSend: (body: string) => void }) {
  const [text, setText] = useState("");
  const tooLong = text.length > TEAM_CHAT_BODY_MAX;
  const empty = text.trim().length === 0;

  const submit = () => {
    if (empty || tooLong) return;
    onSend(text);
    setText("");
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // An IME composing a word uses Enter to pick it; that is not "send".
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <Box sx={{ borderTop: 1, borderColor: "divider", p: 1.5 }}>
      <Box sx={{ display: "flex", gap: 1, alignItems: "flex-end" }}>
        <TextField
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={`Message #${channel}`}
          slotProps={{ htmlInput: { "aria-label": `Message #${channel}` } }}
          multiline
          maxRows={8}
          fullWidth
          size="small"
          error={tooLong}
          helperText={tooLong ? `At most ${TEAM_CHAT_BODY_MAX} characters (${text.length})` : undefined}
        />
        <Tooltip title="Send (Enter)">
          <span>
            <IconButton color="primary" aria-label="Send message" onClick={submit} disabled={empty || tooLong}>
              <Send />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      <Typography variant="caption" color={online ? "textSecondary" : "warning.main"} sx={{ display: "block", mt: 0.5 }}>
        {online
          ? "Enter to send · Shift+Enter for a new line"
          : "Offline — reconnecting. What you send now waits and goes out when the connection is back."}
      </Typography>
    </Box>
  );
}
