/**
 * /mailbox, for the instance admin: every system email this instance produced. Without SMTP they
 * were never sent, so this is where a reset or verification link can still be read.
 */
import Close from "@mui/icons-material/Close";
import MarkunreadMailboxOutlined from "@mui/icons-material/MarkunreadMailboxOutlined";
import {
  Alert,
  AlertTitle,
  Box,
  Card,
  Drawer,
  IconButton,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import type { MailStatus } from "@prospector/contracts";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { ApiError, errorMessage } from "../../../lib/errors.ts";
import { timeAgo } from "../../../lib/format.ts";
import { useDebounced } from "../../../lib/use-debounced.ts";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { TablePager } from "../../../ui/table-pager/table-pager.tsx";
import { usePager } from "../../../ui/table-pager/use-pager.ts";
import { useMailbox } from "../api/use-mailbox.ts";
import { MailMessageView } from "../components/mail-message-view.tsx";
import { MailStatusChip } from "../components/mail-status-chip.tsx";

export const NOT_DELIVERED_LABEL = "Not delivered — no SMTP configured";

export default function MailboxPage() {
  const [params, setParams] = useSearchParams();
  const selected = params.get("selected");
  const [status, setStatus] = useState<MailStatus | "">("");
  const [to, setTo] = useState("");
  const toFilter = useDebounced(to.trim(), 300);
  const pager = usePager({ resetKeys: [status, to] });
  const list = useMailbox({ page: pager.page + 1, per_page: pager.perPage, status: status || undefined, to: toFilter || undefined });

  const select = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set("selected", id);
    else next.delete("selected");
    setParams(next, { replace: true });
  };

  if (list.isError && list.error instanceof ApiError && list.error.status === 403) {
    return (
      <Alert severity="info" sx={{ maxWidth: 700 }}>
        <AlertTitle>Administrators only</AlertTitle>
        The local mailbox holds every account's system email (verification and reset links), so only the instance administrator can read it.
      </Alert>
    );
  }

  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h5" component="h2">
          Local Mailbox
        </Typography>
        <Typography color="text.secondary" variant="body2">
          System email produced by this instance: account verification, password resets and invitations.
        </Typography>
      </Box>
      {list.data && !list.data.smtp_configured && (
        <Alert severity="warning" icon={<MarkunreadMailboxOutlined />}>
          <AlertTitle>{NOT_DELIVERED_LABEL}</AlertTitle>
          No email leaves this machine. Messages are kept here instead, so you can open a reset or verification link yourself or pass it on.
          Set SMTP_URL to deliver them.
        </Alert>
      )}
      <Card>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ p: 2 }}>
          <TextField size="small" label="Recipient" value={to} onChange={(e) => setTo(e.target.value)} sx={{ minWidth: 240 }} />
          <TextField
            select
            size="small"
            label="Status"
            value={status}
            onChange={(e) => setStatus(e.target.value as MailStatus | "")}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="">Any status</MenuItem>
            <MenuItem value="local">Kept locally</MenuItem>
            <MenuItem value="queued">Queued</MenuItem>
            <MenuItem value="sent">Delivered to SMTP</MenuItem>
            <MenuItem value="failed">Failed</MenuItem>
          </TextField>
        </Stack>
        {list.isPending && <LoadingScreen />}
        {list.isError && (
          <Alert severity="error" sx={{ m: 2 }}>
            {errorMessage(list.error)}
          </Alert>
        )}
        {list.data && list.data.messages.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 4, textAlign: "center" }}>
            {toFilter || status
              ? "No message matches these filters."
              : "No email has been produced yet. Sign-up verification and password resets will appear here."}
          </Typography>
        )}
        {list.data && list.data.messages.length > 0 && (
          <>
            <TableContainer>
              <Table size="small" aria-label="Messages">
                <TableHead>
                  <TableRow>
                    <TableCell>To</TableCell>
                    <TableCell>Subject</TableCell>
                    <TableCell sx={{ display: { xs: "none", md: "table-cell" } }}>Kind</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell sx={{ display: { xs: "none", sm: "table-cell" } }}>When</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {list.data.messages.map((m) => (
                    <TableRow
                      key={m.id}
                      hover
                      selected={m.id === selected}
                      onClick={() => select(m.id)}
                      onKeyDown={(e) => e.key === "Enter" && select(m.id)}
                      tabIndex={0}
                      sx={{ cursor: "pointer" }}
                    >
                      <TableCell>{m.to}</TableCell>
                      <TableCell sx={{ fontWeight: 500 }}>{m.subject}</TableCell>
                      <TableCell sx={{ display: { xs: "none", md: "table-cell" } }}>{m.kind}</TableCell>
                      <TableCell>
                        <MailStatusChip status={m.status} />
                      </TableCell>
                      <TableCell sx={{ display: { xs: "none", sm: "table-cell" }, whiteSpace: "nowrap" }}>
                        {timeAgo(m.created_at)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <TablePager pager={pager} count={list.data.total} />
          </>
        )}
      </Card>
      <Drawer
        anchor="right"
        open={selected !== null}
        onClose={() => select(null)}
        slotProps={{ paper: { sx: { width: { xs: "100%", sm: 560, md: 720 }, p: 3 } } }}
      >
        <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
          <IconButton aria-label="Close message" onClick={() => select(null)}>
            <Close />
          </IconButton>
        </Box>
        {selected && <MailMessageView id={selected} />}
      </Drawer>
    </Stack>
  );
}
