/** What did receivers make of my message? A stored message of the local mailbox, or headers pasted from a test sent to your own mailbox. */

import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  List,
  ListItemButton,
  ListItemText,
  Skeleton,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from "@mui/material";
import type { HeaderAnalysis } from "@prospector/contracts";
import { useState } from "react";
import { ApiError, errorMessage } from "../../../lib/errors.ts";
import { TablePager } from "../../../ui/table-pager/table-pager.tsx";
import { usePager } from "../../../ui/table-pager/use-pager.ts";
import { useAnalyzeHeaders, useStoredHeaders, useStoredMessages } from "../api/use-deliverability.ts";
import { HeaderAnalysisView } from "./header-analysis.tsx";

function PasteHeaders() {
  const [raw, setRaw] = useState("");
  const analyze = useAnalyzeHeaders();
  const [result, setResult] = useState<HeaderAnalysis | null>(null);
  const fieldError = analyze.error instanceof ApiError ? (analyze.error.errors?.[0]?.message ?? analyze.error.message) : null;
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="textSecondary">
        Send a test from one of your inboxes to a mailbox of your own (Gmail, Outlook), open the message's source ("Show original" in Gmail,
        "View message source" in Outlook), copy everything above the body and paste it here. Nothing you paste is stored.
      </Typography>
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          analyze.mutate(raw, { onSuccess: setResult });
        }}
      >
        <TextField
          label="Message headers"
          multiline
          minRows={6}
          maxRows={16}
          fullWidth
          value={raw}
          onChange={(e) => setRaw(e.target.value)}
          error={Boolean(fieldError)}
          helperText={fieldError ?? " "}
          slotProps={{ htmlInput: { style: { fontFamily: "monospace", fontSize: 12 } } }}
        />
        <Button type="submit" variant="contained" disabled={!raw.trim() || analyze.isPending}>
          Explain these headers
        </Button>
      </Box>
      {analyze.error && !(analyze.error instanceof ApiError) && <Alert severity="error">{errorMessage(analyze.error)}</Alert>}
      {result && <HeaderAnalysisView analysis={result} />}
    </Stack>
  );
}

function StoredMessages() {
  const pager = usePager({ perPageOptions: [10] });
  const list = useStoredMessages(pager.page + 1, pager.perPage);
  const [selected, setSelected] = useState<string | null>(null);
  const analysis = useStoredHeaders(selected);
  if (list.isPending) return <Skeleton variant="rounded" height={120} />;
  if (list.isError) return <Alert severity="error">{errorMessage(list.error)}</Alert>;
  if (list.data.total === 0)
    return (
      <Typography color="textSecondary">
        The local mailbox is empty: campaigns that send from the local mailbox and one-off emails to it land here. For a message that really
        crossed the internet, use "Paste headers".
      </Typography>
    );
  return (
    <Stack spacing={2}>
      <List dense aria-label="Stored messages" sx={{ border: 1, borderColor: "divider", borderRadius: 1 }}>
        {list.data.items.map((m) => (
          <ListItemButton key={m.id} selected={m.id === selected} onClick={() => setSelected(m.id)}>
            <ListItemText
              primary={m.subject || "(no subject)"}
              secondary={`${m.from} → ${m.to} · ${new Date(m.created_at).toLocaleString()}`}
            />
          </ListItemButton>
        ))}
      </List>
      <TablePager pager={pager} count={list.data.total} />
      {analysis.isError && <Alert severity="error">{errorMessage(analysis.error)}</Alert>}
      {analysis.data && <HeaderAnalysisView analysis={analysis.data} />}
    </Stack>
  );
}

export function HeadersCard() {
  const [tab, setTab] = useState<"paste" | "stored">("paste");
  return (
    <Card variant="outlined" component="section" aria-label="What receivers made of a message">
      <CardHeader
        title="What did receivers make of my message?"
        slotProps={{ title: { component: "h3", variant: "h6" } }}
        subheader="Authentication-Results, Received-SPF, DKIM-Signature and ARC headers, explained."
      />
      <CardContent sx={{ pt: 0 }}>
        <Tabs value={tab} onChange={(_, v) => setTab(v)} sx={{ mb: 2 }} variant="scrollable" allowScrollButtonsMobile>
          <Tab value="paste" label="Paste headers" />
          <Tab value="stored" label="Local mailbox" />
        </Tabs>
        {tab === "paste" ? <PasteHeaders /> : <StoredMessages />}
      </CardContent>
    </Card>
  );
}
