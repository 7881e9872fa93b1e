/**
 * The message log's waiting part: every queued message with why it has not gone yet (outside the
 * window, daily cap, step delay…), the totals by reason and the estimated finish (GET …/queue).
 */
import { Alert, Box, Card, CardHeader, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { ApiError, errorMessage } from "../../../lib/errors.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { TablePager } from "../../../ui/table-pager/table-pager.tsx";
import { usePager } from "../../../ui/table-pager/use-pager.ts";
import { useCampaignQueue } from "../api/use-campaign-details.ts";
import { num, waitReasonText } from "../lib/campaign-labels.ts";

export function MessageQueue({ campaignId }: { campaignId: string }) {
  const pager = usePager();
  const q = useCampaignQueue(campaignId, pager.page + 1, pager.perPage);
  const data = q.data;
  const missing = q.error instanceof ApiError && q.error.status === 404 && q.error.code !== "CAMPAIGN_NOT_FOUND";
  return (
    <Card variant="outlined">
      <CardHeader
        title="Message queue"
        subheader={
          data
            ? `${num(data.remaining_messages)} messages to send · ${
                data.estimate.finish_at ? `estimated finish ${formatDateTime(data.estimate.finish_at)}` : "no finish estimate yet"
              } · ${num(data.estimate.daily_capacity)} a day`
            : undefined
        }
        slotProps={{ title: { variant: "subtitle1" } }}
      />
      {q.isError ? (
        <Alert severity={missing ? "info" : "error"} sx={{ mx: 2, mb: 2 }}>
          {missing ? "This server does not report the send queue." : errorMessage(q.error)}
        </Alert>
      ) : (
        <>
          {data && Object.keys(data.reasons).length > 0 && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ px: 2, pb: 1, flexWrap: "wrap" }} aria-label="Waiting by reason">
              {Object.entries(data.reasons).map(([r, n]) => (
                <Chip key={r} size="small" variant="outlined" label={`${waitReasonText(r)}: ${num(n)}`} />
              ))}
            </Stack>
          )}
          {data && data.items.length === 0 ? (
            <Typography color="textSecondary" sx={{ p: 2 }}>
              Nothing is waiting to be sent.
            </Typography>
          ) : (
            <Box sx={{ overflowX: "auto" }}>
              <Table size="small" aria-label="Queued messages">
                <TableHead>
                  <TableRow>
                    <TableCell>To</TableCell>
                    <TableCell>Step</TableCell>
                    <TableCell>Not before</TableCell>
                    <TableCell>Why it is waiting</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {(data?.items ?? []).map((i) => (
                    <TableRow key={`${i.lead_id}-${i.step}`}>
                      <TableCell>
                        <Typography variant="body2">{[i.first_name, i.last_name].filter(Boolean).join(" ") || i.email}</Typography>
                        <Typography variant="caption" color="textSecondary">
                          {i.email}
                        </Typography>
                      </TableCell>
                      <TableCell>{i.step}</TableCell>
                      <TableCell>{formatDateTime(i.next_send_at) || "—"}</TableCell>
                      <TableCell>{i.reason_text || waitReasonText(i.reason)}</TableCell>
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
