/** Data quality: the report (GET /api/leads/quality-report) and merging duplicates (dry run, then for real). */
import type { MergeDuplicatesResult, QualityReport } from "@prospector/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { leadKeys } from "./lead-keys.ts";

export function useQualityReport(enabled = true) {
  return useQuery({
    queryKey: leadKeys.quality(),
    queryFn: ({ signal }) => api.get<QualityReport>("/leads/quality-report", { signal }),
    enabled,
    staleTime: 30_000,
  });
}

export function useMergeDuplicates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dryRun: boolean) => api.post<MergeDuplicatesResult>("/leads/merge-duplicates", { dry_run: dryRun }),
    onSuccess: (result) => {
      if (!result.dry_run) return queryClient.invalidateQueries({ queryKey: leadKeys.all });
    },
  });
}
