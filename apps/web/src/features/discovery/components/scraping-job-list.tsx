/** The workspace's discovery jobs, newest first, live over the socket, filterable by status and paged. */
import TravelExploreOutlined from "@mui/icons-material/TravelExploreOutlined";
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { JobStatus } from "@prospector/contracts";
import { useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { TablePager } from "../../../ui/table-pager/table-pager.tsx";
import { usePager } from "../../../ui/table-pager/use-pager.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useCancelScrape, useLiveScrapingJobs, useScrapingJobs } from "../api/use-scraping.ts";
import { JOB_STATUS } from "../lib/job-labels.ts";
import { ScrapingJobCard } from "./scraping-job-card.tsx";

export function ScrapingJobList() {
  const [status, setStatus] = useState("");
  const pager = usePager({ perPageOptions: [10, 20, 50], resetKeys: [status] });
  const jobs = useScrapingJobs({ skip: pager.page * pager.perPage, limit: pager.perPage, status: status || undefined });
  const cancel = useCancelScrape();
  const toast = useToast();
  useLiveScrapingJobs();

  return (
    <Stack spacing={1.5}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2 }}>
        <Typography variant="h6" component="h3" sx={{ flex: 1 }}>
          Jobs
        </Typography>
        <TextField select size="small" label="Status" value={status} onChange={(e) => setStatus(e.target.value)} sx={{ minWidth: 160 }}>
          <MenuItem value="">All</MenuItem>
          {JobStatus.options.map((s) => (
            <MenuItem key={s} value={s}>
              {JOB_STATUS[s].label}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {jobs.isPending && <LoadingScreen />}
      {jobs.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => jobs.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(jobs.error)}
        </Alert>
      )}
      {jobs.isSuccess && jobs.data.items.length === 0 && (
        <Box sx={{ py: 6, textAlign: "center", color: "text.secondary" }}>
          <TravelExploreOutlined sx={{ fontSize: 44 }} aria-hidden />
          <Typography>{status ? "No jobs with this status." : "No discovery jobs yet. Start one above."}</Typography>
        </Box>
      )}
      {jobs.data?.items.map((job) => (
        <ScrapingJobCard
          key={job.id}
          job={job}
          cancelling={cancel.isPending && cancel.variables === job.id}
          onCancel={() =>
            cancel.mutate(job.id, {
              onSuccess: () => toast.info("Job cancelled"),
              onError: (e) => toast.error(errorMessage(e)),
            })
          }
        />
      ))}
      {jobs.data && jobs.data.total > pager.perPage && <TablePager pager={pager} count={jobs.data.total} />}
    </Stack>
  );
}
