/** One queue's failed jobs, newest first, each retryable; "Retry all" puts every failed job back in line. */

import CloseIcon from "@mui/icons-material/Close";
import { Alert, Box, Button, Chip, Divider, Drawer, IconButton, Stack, Typography } from "@mui/material";
import type { QueueSummary } from "@prospector/contracts";
import { useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { formatDateTime, timeAgo } from "../../../lib/format.ts";
import { ConfirmDialog } from "../../../ui/confirm-dialog.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useFailures, useRetryJobs } from "../api/use-system-monitor.ts";

export function FailuresDrawer({ queue, onClose }: { queue: QueueSummary | null; onClose: () => void }) {
  const name = queue?.name ?? "";
  const q = useFailures(queue ? name : null);
  const retry = useRetryJobs(name);
  const toast = useToast();
  const [confirmAll, setConfirmAll] = useState(false);
  const jobs = q.data?.pages.flatMap((p) => p.jobs) ?? [];
  const backInLine = (n: number) => (n === 1 ? "1 job is back in the queue" : `${n} jobs are back in the queue`);
  const retryOne = (jobId: string) =>
    toast
      .promise(retry.mutateAsync(jobId), {
        loading: "Retrying the job…",
        success: (r) => backInLine(r.retried),
        error: (e) => errorMessage(e),
      })
      .catch(() => {});
  const retryAll = () =>
    retry.mutate(undefined, {
      onSuccess: (r) => {
        toast.success(backInLine(r.retried));
        setConfirmAll(false);
      },
    });
  return (
    <Drawer anchor="right" open={Boolean(queue)} onClose={onClose} slotProps={{ paper: { sx: { width: { xs: "100%", sm: 560 } } } }}>
      <Box sx={{ p: 2, display: "flex", alignItems: "center", gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1, fontFamily: "monospace", wordBreak: "break-all" }}>
          Failures of {name}
        </Typography>
        <Button
          variant="outlined"
          size="small"
          disabled={jobs.length === 0 || retry.isPending}
          onClick={() => {
            retry.reset();
            setConfirmAll(true);
          }}
        >
          Retry all
        </Button>
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
      <Box sx={{ p: 2, overflowY: "auto" }}>
        {q.isError ? (
          <LoadError error={q.error} onRetry={() => void q.refetch()} />
        ) : q.isPending ? (
          <Typography color="textSecondary">Reading the failures…</Typography>
        ) : jobs.length === 0 ? (
          <Alert severity="success">No failed job is waiting in this queue: the failures were retried or have been cleaned up.</Alert>
        ) : (
          <Stack spacing={2} divider={<Divider flexItem />}>
            {jobs.map((j) => (
              <Box key={j.id} component="article" aria-label={`Failed job ${j.id}`}>
                <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
                  <Typography variant="body2" title={j.failed_at ? formatDateTime(j.failed_at) : undefined}>
                    Failed {j.failed_at ? timeAgo(j.failed_at) : ""} · {j.attempts} of {j.retry_limit + 1} attempts
                  </Typography>
                  <Box sx={{ flex: 1 }} />
                  <Button size="small" disabled={retry.isPending} onClick={() => void retryOne(j.id)} aria-label={`Retry job ${j.id}`}>
                    Retry
                  </Button>
                </Box>
                <Typography variant="body2" sx={{ color: "error.main", mt: 0.5, wordBreak: "break-word" }}>
                  {j.error}
                </Typography>
                {j.stack_head && (
                  <Box component="pre" sx={{ fontSize: 12, bgcolor: "action.hover", p: 1, borderRadius: 1, overflowX: "auto", my: 1 }}>
                    {j.stack_head}
                  </Box>
                )}
                <Box sx={{ display: "flex", gap: 0.5, flexWrap: "wrap" }}>
                  {Object.entries(j.data_summary).map(([k, v]) => (
                    <Chip key={k} size="small" variant="outlined" label={`${k}: ${v}`} />
                  ))}
                </Box>
                <Typography variant="caption" color="textSecondary">
                  Job {j.id} · created {formatDateTime(j.created_at)}
                </Typography>
              </Box>
            ))}
          </Stack>
        )}
        {q.hasNextPage && (
          <Button sx={{ mt: 2 }} onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage}>
            Load older failures
          </Button>
        )}
      </Box>
      <ConfirmDialog
        open={confirmAll}
        title={`Retry every failed job of ${name}?`}
        confirmLabel="Retry all"
        pending={retry.isPending}
        error={confirmAll ? retry.error : undefined}
        onClose={() => setConfirmAll(false)}
        onConfirm={retryAll}
      >
        Each goes back in line with one more attempt. Jobs that fail for the same reason will fail again: fix the cause first.
      </ConfirmDialog>
    </Drawer>
  );
}
