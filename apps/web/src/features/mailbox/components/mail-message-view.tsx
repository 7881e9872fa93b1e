/** One message of the local mailbox: headers, the text with working links, and the HTML version sandboxed. */
import { Alert, Box, Divider, Link, Stack, Tab, Tabs, Typography } from "@mui/material";
import { Fragment, useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { useMailMessage } from "../api/use-mailbox.ts";
import { MailStatusChip } from "./mail-status-chip.tsx";

const URL_PATTERN = /(https?:\/\/[^\s<>"')]+)/g;

/** Plain text with its URLs as links: reset and verification links must be clickable here. */
function LinkifiedText({ text }: { text: string }) {
  // Segments keyed by their offset in the text: stable for a given message.
  const segments: Array<{ at: number; text: string; url: boolean }> = [];
  let at = 0;
  for (const [i, part] of text.split(URL_PATTERN).entries()) {
    segments.push({ at, text: part, url: i % 2 === 1 });
    at += part.length;
  }
  return (
    <Typography component="pre" sx={{ whiteSpace: "pre-wrap", wordBreak: "break-word", fontFamily: "inherit", m: 0 }}>
      {segments.map((seg) =>
        seg.url ? (
          <Link key={seg.at} href={seg.text} rel="noopener noreferrer">
            {seg.text}
          </Link>
        ) : (
          <Fragment key={seg.at}>{seg.text}</Fragment>
        ),
      )}
    </Typography>
  );
}

export function MailMessageView({ id }: { id: string }) {
  const message = useMailMessage(id);
  const [view, setView] = useState<"text" | "html">("text");
  if (message.isPending) return <LoadingScreen />;
  if (message.isError) return <Alert severity="error">{errorMessage(message.error)}</Alert>;
  const m = message.data;
  return (
    <Stack spacing={1.5}>
      <Typography variant="h6" component="h3">
        {m.subject}
      </Typography>
      <Box sx={{ display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 2, rowGap: 0.5, fontSize: 14 }}>
        <Typography variant="body2" color="text.secondary">
          From
        </Typography>
        <Typography variant="body2">{m.from}</Typography>
        <Typography variant="body2" color="text.secondary">
          To
        </Typography>
        <Typography variant="body2">{m.to}</Typography>
        <Typography variant="body2" color="text.secondary">
          Created
        </Typography>
        <Typography variant="body2">{formatDateTime(m.created_at)}</Typography>
        <Typography variant="body2" color="text.secondary">
          Status
        </Typography>
        <Box>
          <MailStatusChip status={m.status} />
        </Box>
      </Box>
      {!m.delivered && (
        <Alert severity="warning">This message was not delivered. Nobody but the administrators of this instance can read it.</Alert>
      )}
      {m.error && <Alert severity="error">{m.error}</Alert>}
      <Divider />
      {m.html && (
        <Tabs value={view} onChange={(_, v) => setView(v)}>
          <Tab value="text" label="Text" />
          <Tab value="html" label="HTML" />
        </Tabs>
      )}
      {view === "html" && m.html ? (
        // Sandboxed without scripts: the HTML came from a template, but it is shown as a guest.
        <Box
          component="iframe"
          title="HTML version"
          sandbox=""
          srcDoc={m.html}
          sx={{ width: "100%", minHeight: 420, border: 1, borderColor: "divider", borderRadius: 1, bgcolor: "#fff" }}
        />
      ) : (
        <LinkifiedText text={m.text} />
      )}
    </Stack>
  );
}
