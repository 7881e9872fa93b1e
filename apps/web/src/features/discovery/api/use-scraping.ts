/**
 * Scraping jobs (POST /api/leads/scrape/{source}, GET/DELETE /api/leads/scraping-jobs) and the
 * sources this server can run. Job lists follow `scraping_job.progress` on the team socket and
 * poll while a job is active, in case the socket is down.
 */
import type { ScrapingJob, ScrapingJobProgress, ScrapingSourceStatus } from "@prospector/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { useSocketEvent, useSocketStatus } from "../../../lib/use-socket.tsx";
import { leadKeys } from "../../leads/api/lead-keys.ts";
import { isActiveJob, POLL_WITH_SOCKET_MS, POLL_WITHOUT_SOCKET_MS } from "../../leads/api/use-job-progress.ts";
import { discoveryKeys } from "./discovery-keys.ts";

export type ScrapePath = "website" | "google-maps" | "linkedin" | "multi-source";

export function useScrapingSources() {
  return useQuery({
    queryKey: discoveryKeys.sources(),
    queryFn: ({ signal }) => api.get<ScrapingSourceStatus[]>("/leads/scraping-sources", { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

type JobList = { items: ScrapingJob[]; total: number };

export function useScrapingJobs(params: { skip: number; limit: number; status?: string }) {
  const socketStatus = useSocketStatus();
  return useQuery({
    queryKey: discoveryKeys.list(params),
    queryFn: ({ signal }) => api.getList<ScrapingJob>("/leads/scraping-jobs/", { params, signal }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
    refetchInterval: (q) =>
      (q.state.data as JobList | undefined)?.items.some((j) => isActiveJob(j))
        ? socketStatus === "open"
          ? POLL_WITH_SOCKET_MS
          : POLL_WITHOUT_SOCKET_MS
        : false,
  });
}

/** Mounted once on the page: applies pushed progress to every cached job list. */
export function useLiveScrapingJobs(): void {
  const queryClient = useQueryClient();
  useSocketEvent<ScrapingJobProgress>("scraping_job.progress", (payload) => {
    if (!payload?.id) return;
    let found = false;
    queryClient.setQueriesData<JobList>({ queryKey: discoveryKeys.lists() }, (data) => {
      if (!data) return data;
      const items = data.items.map((j) => {
        if (j.id !== payload.id) return j;
        found = true;
        return { ...j, ...payload };
      });
      return { ...data, items };
    });
    // A job started elsewhere, or one that just ended (its notes and created leads come from the API).
    if (!found || !isActiveJob(payload)) void queryClient.invalidateQueries({ queryKey: discoveryKeys.lists() });
    if (!isActiveJob(payload)) void queryClient.invalidateQueries({ queryKey: leadKeys.all });
  });
}

export function useStartScrape() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: { path: ScrapePath; body: unknown }) => api.post<ScrapingJob>(`/leads/scrape/${path}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discoveryKeys.lists() }),
  });
}

export function useCancelScrape() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<ScrapingJob>(`/leads/scraping-jobs/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: discoveryKeys.lists() }),
  });
}
