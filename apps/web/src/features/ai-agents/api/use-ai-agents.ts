/**
 * What /ai-agents reads and does (docs/ai/agents.md): the agents' settings, the Run picker's
 * subjects, the runs (keyset pages, followed every second while one is active), a run's detail and
 * the decisions on its proposals. Keys live under ["ai-agents"].
 */
import type {
  AiAgentKind,
  AiAgentProposal,
  AiAgentRun,
  AiAgentRunCreate,
  AiAgentRunDetail,
  AiAgentRunPage,
  AiAgentSettings,
  AiAgentSettingsUpdate,
  AiAgentSubjects,
} from "@prospector/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export interface RunListParams {
  kind?: AiAgentKind;
  pending?: boolean;
  cursor?: string;
  limit: number;
}

export const aiAgentKeys = {
  all: ["ai-agents"] as const,
  settings: ["ai-agents", "settings"] as const,
  subjects: (kind: AiAgentKind, search: string) => ["ai-agents", "subjects", kind, search] as const,
  runs: (p: RunListParams) => ["ai-agents", "runs", p] as const,
  run: (id: string) => ["ai-agents", "run", id] as const,
};

export const isActive = (r: Pick<AiAgentRun, "status"> | undefined) => r?.status === "queued" || r?.status === "running";

export function useAgentSettings() {
  return useQuery({
    queryKey: aiAgentKeys.settings,
    queryFn: ({ signal }) => api.get<AiAgentSettings>("/ai/agents", { signal }),
    staleTime: 30_000,
  });
}

export function useUpdateAgentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AiAgentSettingsUpdate) => api.put<AiAgentSettings>("/ai/agents", input),
    onSuccess: (s) => queryClient.setQueryData(aiAgentKeys.settings, s),
  });
}

export function useAgentSubjects(kind: AiAgentKind, search: string, enabled: boolean) {
  return useQuery({
    queryKey: aiAgentKeys.subjects(kind, search),
    queryFn: ({ signal }) => api.get<AiAgentSubjects>(`/ai/agents/${kind}/subjects`, { params: { search: search || undefined }, signal }),
    enabled: enabled && kind !== "classify_replies",
    placeholderData: keepPreviousData,
  });
}

export function useStartRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: AiAgentKind } & AiAgentRunCreate) => {
      const { kind, ...body } = input;
      return api.post<AiAgentRun>(`/ai/agents/${kind}/runs`, body);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["ai-agents", "runs"] }),
  });
}

/** The runs; read again every second while one on the page is queued or running. */
export function useAgentRuns(p: RunListParams) {
  return useQuery({
    queryKey: aiAgentKeys.runs(p),
    queryFn: ({ signal }) =>
      api.get<AiAgentRunPage>("/ai/agent-runs", {
        params: { kind: p.kind, pending: p.pending ? "true" : undefined, cursor: p.cursor, limit: p.limit },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.runs.some(isActive) ? 1000 : false),
  });
}

export function useAgentRun(id: string | null) {
  return useQuery({
    queryKey: aiAgentKeys.run(id ?? ""),
    queryFn: ({ signal }) => api.get<AiAgentRunDetail>(`/ai/agent-runs/${id}`, { signal }),
    enabled: Boolean(id),
    refetchInterval: (q) => (isActive(q.state.data) ? 1000 : false),
  });
}

export type Decision = "approve" | "reject" | "revert";

export function useDecideProposal(runId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { proposalId: string; decision: Decision }) =>
      api.post<AiAgentProposal>(`/ai/agent-runs/${runId}/proposals/${input.proposalId}/${input.decision}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiAgentKeys.all }),
  });
}

export function useCancelRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<AiAgentRunDetail>(`/ai/agent-runs/${id}/cancel`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiAgentKeys.all }),
  });
}
