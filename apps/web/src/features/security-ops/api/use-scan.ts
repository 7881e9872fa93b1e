/** What the configuration scan page reads and does (docs/security-incidents.md): live checks, recording a run, the history. */
import type { ScanHistory, ScanResult, ScanRunRecorded } from "@prospector/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const scanKeys = {
  all: ["security-scan"] as const,
  live: ["security-scan", "live"] as const,
  history: ["security-scan", "history"] as const,
};

export function useScan() {
  return useQuery({ queryKey: scanKeys.live, queryFn: ({ signal }) => api.get<ScanResult>("/security/scan", { signal }) });
}

export function useScanHistory() {
  return useQuery({
    queryKey: scanKeys.history,
    queryFn: ({ signal }) => api.get<ScanHistory>("/security/scan/history", { params: { limit: 30 }, signal }),
  });
}

export function useRecordScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ScanRunRecorded>("/security/scan"),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scanKeys.all }),
  });
}
