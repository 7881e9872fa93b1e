/**
 * The message log's sent part (GET …/messages): every outbox row newest first with its lead, step,
 * inbox, status and what it led to — the first human open (machine opens only counted), click,
 * reply, bounce or unsubscribe — filtered by status, step and lead, paged on the server.
 */
import {
  Alert,
  Box,
  Card,
  CardHeader,
  Chip,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { type MessageLogEntry, MessageStatus } from "@prospector/contracts";
import { useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { useDebounced } from "../../../lib/use-debounced.ts";
import { TablePager } from "../../../ui/table-pager/table-pager.tsx";
import { usePager } from "../../../ui/table-pager/use-pager.ts";
import { useCampaignMessages } from "../api/use-campaign-details.ts";
import { MESSAGE_STATUS_COLORS, MESSAGE_STATUS_LABELS, num, variantLetter } from "../lib/campaign-labels.ts";

type ChipColor = "success" | "info" | "warning" | "error" | "primary";

/** What happened after the send, in the order a person goes through it. */
const OUTCOMES: { key: keyof MessageLogEntry; label: string; color: ChipColor }[] = [
  { key: "opened_at", label: "Opened", color: "info" },
  { key: "clicked_at", label: "Clicked", color: "primary" },
  { key: "replied_at", label: "Replied", color: "success" },
  { key: "bounced_at", label: "Bounced", color: "error" },
  { key: "unsubscribed_at", label: "Unsubscribed", color: "warning" },
];

function Outcomes({ m }: { m: MessageLogEntry }) {
  const shown = OUTCOMES.filter((o) => m[o.key]);
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
      {shown.map((o) => {
        const count = o.key === "opened_at" && m.opens > 1 ? ` ×${m.opens}` : o.key === "clicked_at" && m.clicks > 1 ? ` ×${m.clicks}` : "";
        return (
          <Tooltip key={o.key} title={`${o.label} ${formatDateTime(m[o.key] as string)}`}>
            <Chip size="small" variant="outlined" color={o.color} label={`${o.label}${count}`} />
          </Tooltip>
        );
      })}
      {m.bot_opens > 0 && (
        <Tooltip title="Opens by mail-privacy proxies or security scanners: not counted as opens">
          <Typography variant="caption" color="textSecondary">
            {`${num(m.bot_opens)} machine ${m.bot_opens === 1 ? "open" : "opens"}`}
          </Typography>
        </Tooltip>
      )}
      {shown.length === 0 && m.bot_opens === 0 && (
        <Typography variant="caption" color="textSecondary">
          —
        </Typography>
      )}
    </Stack>
  );
}

export function SentMessages({ campaignId, steps }: { campaignId: string; steps: number }) {
  const [status, setStatus] = useState<MessageStatus | undefined>();
  const [step, setStep] = useState<number | undefined>();
  const [searchInput, setSearchInput] = useState("");
  // §9: search waits 300 ms after the last keystroke.
  const search = useDebounced(searchInput.trim(), 300);
  const pager = usePager({ resetKeys: [status, step, searchInput] });
  const q = useCampaignMessages(campaignId, { page: pager.page + 1, perPage: pager.perPage, status, step, search });
  const data = q.data;
  const filtered = Boolean(status || step || search);

  return (
    <Card variant="outlined">
      <CardHeader
        title="Sent messages"
        subheader={
          data
            ? `${num(data.total)} ${data.total === 1 ? "message" : "messages"}${filtered ? (data.total === 1 ? " matches" : " match") : ""}`
            : undefined
        }
        slotProps={{ title: { variant: "subtitle1" } }}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ px: 2, pb: 1, flexWrap: "wrap", alignItems: "center" }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }} role="group" aria-label="Filter messages by status">
          <Chip label="All" color={status ? "default" : "primary"} onClick={() => setStatus(undefined)} />
          {MessageStatus.options.map((s) => (
            <Chip
              key={s}
              label={MESSAGE_STATUS_LABELS[s]}
              color={status === s ? "primary" : "default"}
              variant={status === s ? "filled" : "outlined"}
              onClick={() => setStatus(s)}
            />
          ))}
        </Stack>
        <Box sx={{ flex: 1 }} />
        <TextField
          select
          size="small"
          label="Step"
          value={step ?? ""}
          onChange={(e) => setStep(e.target.value === "" ? undefined : Number(e.target.value))}
          sx={{ minWidth: 110 }}
        >
          <MenuItem value="">All steps</MenuItem>
          {Array.from({ length: steps }, (_, i) => i + 1).map((n) => (
            <MenuItem key={n} value={n}>{`Step ${n}`}</MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="Search leads"
          placeholder="Name or email"
          value={searchInput}
          onChange={(e) => setSearchInput(e.target.value)}
          sx={{ minWidth: 220 }}
        />
      </Stack>
      {q.isError ? (
        <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
          {errorMessage(q.error)}
        </Alert>
      ) : (
        <>
          {data && data.messages.length === 0 ? (
            <Typography color="textSecondary" sx={{ p: 2 }}>
              {filtered ? "No message matches these filters." : "Nothing has been sent yet."}
            </Typography>
          ) : (
            <Box sx={{ overflowX: "auto" }}>
              <Table size="small" aria-label="Sent messages">
                <TableHead>
                  <TableRow>
                    <TableCell>To</TableCell>
                    <TableCell>Step</TableCell>
                    <TableCell>Subject and inbox</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell>Sent</TableCell>
                    <TableCell sx={{ minWidth: 240 }}>Outcome</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {(data?.messages ?? []).map((m) => (
                    <TableRow key={m.id}>
                      <TableCell sx={{ whiteSpace: "nowrap" }}>
                        {m.lead ? (
                          <>
                            <Typography variant="body2">{m.lead.name || m.lead.email}</Typography>
                            <Typography variant="caption" color="textSecondary">
                              {m.lead.email}
                            </Typography>
                          </>
                        ) : (
                          <Typography variant="body2" color="textSecondary">
                            Deleted lead
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: "nowrap" }}>
                        {m.variant > 0 ? `${m.step} · ${variantLetter(m.variant)}` : m.step}
                      </TableCell>
                      <TableCell sx={{ maxWidth: 320 }}>
                        <Tooltip title={m.message_id ? `Message-ID ${m.message_id}` : ""}>
                          <Typography variant="body2" noWrap>
                            {m.subject || "—"}
                          </Typography>
                        </Tooltip>
                        <Typography variant="caption" color="textSecondary" noWrap component="div">
                          {m.inbox_email ? `from ${m.inbox_email}` : m.inbox_id ? "from a removed inbox" : ""}
                        </Typography>
                      </TableCell>
                      <TableCell sx={{ maxWidth: 260 }}>
                        <Chip size="small" label={MESSAGE_STATUS_LABELS[m.status]} color={MESSAGE_STATUS_COLORS[m.status]} />
                        {m.error && m.status !== "sent" && (
                          <Tooltip title={m.error}>
                            <Typography
                              variant="caption"
                              color="error"
                              component="div"
                              sx={{ display: "-webkit-box", WebkitLineClamp: 2, WebkitBoxOrient: "vertical", overflow: "hidden", mt: 0.5 }}
                            >
                              {m.error}
                            </Typography>
                          </Tooltip>
                        )}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(m.sent_at) || "—"}</TableCell>
                      <TableCell>
                        <Outcomes m={m} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
          <TablePager pager={pager} count={data?.total ?? 0} />
        </>
      )}
    </Card>
  );
}
