/**
 * What the model pages read and do (docs/ai/models.md): the registry, versions (keyset pages), one
 * version's weights, deployments, drift and the feature store. Keys live under ["ai-models"], so a
 * deploy or a training refreshes every page; a deploy also refreshes lead scoring's pages.
 */
import type {
  AiModelDeploymentPage,
  AiModelRegistry,
  AiModelVersionDetail,
  AiModelVersionPage,
  DeployResult,
  DriftOverview,
  FeatureStore,
  FeatureVector,
  SendTimeTrainAccepted,
  TrainedModelTask,
} from "@prospector/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const aiModelsKeys = {
  all: ["ai-models"] as const,
  registry: () => ["ai-models", "registry"] as const,
  versions: (task: TrainedModelTask, cursor?: string) => ["ai-models", "versions", task, cursor ?? null] as const,
  version: (task: TrainedModelTask, version: number) => ["ai-models", "version", task, version] as const,
  deployments: (task: TrainedModelTask | null, cursor?: string) => ["ai-models", "deployments", task, cursor ?? null] as const,
  drift: (days: number) => ["ai-models", "drift", days] as const,
  featureStore: () => ["ai-models", "feature-store"] as const,
  vector: (lead: string) => ["ai-models", "vector", lead] as const,
};

export function useRegistry(opts: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: aiModelsKeys.registry(),
    queryFn: ({ signal }) => api.get<AiModelRegistry>("/ai-models/registry", { signal }),
    staleTime: 30_000,
    refetchInterval: opts.poll ? 2000 : false,
  });
}

export function useVersions(task: TrainedModelTask, cursor: string | undefined, limit = 25) {
  return useQuery({
    queryKey: aiModelsKeys.versions(task, cursor),
    queryFn: ({ signal }) => api.get<AiModelVersionPage>("/ai-models/versions", { params: { task, limit, cursor }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useVersion(task: TrainedModelTask, version: number | null) {
  return useQuery({
    queryKey: aiModelsKeys.version(task, version ?? 0),
    queryFn: ({ signal }) => api.get<AiModelVersionDetail>(`/ai-models/${task}/versions/${version}`, { signal }),
    enabled: version !== null,
    staleTime: 60_000,
  });
}

export function useDeployments(task: TrainedModelTask | null, cursor: string | undefined, limit = 25) {
  return useQuery({
    queryKey: aiModelsKeys.deployments(task, cursor),
    queryFn: ({ signal }) =>
      api.get<AiModelDeploymentPage>("/ai-models/deployments", { params: { task: task ?? undefined, limit, cursor }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

function useRefreshAfterSwitch() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: aiModelsKeys.all });
    void queryClient.invalidateQueries({ queryKey: ["lead-scoring"] });
  };
}

export function useDeploy() {
  const refresh = useRefreshAfterSwitch();
  return useMutation({
    mutationFn: (input: { task: TrainedModelTask; version: number; force: boolean; reason: string }) =>
      api.post<DeployResult>(`/ai-models/${input.task}/deploy`, { version: input.version, force: input.force, reason: input.reason }),
    onSuccess: refresh,
  });
}

export function useRollback() {
  const refresh = useRefreshAfterSwitch();
  return useMutation({
    mutationFn: (input: { task: TrainedModelTask; reason: string }) =>
      api.post<DeployResult>(`/ai-models/${input.task}/rollback`, { reason: input.reason }),
    onSuccess: refresh,
  });
}

export function useTrainSendTime() {
  return useMutation({
    mutationFn: (input: { days: number }) => api.post<SendTimeTrainAccepted>("/ai-models/send-time/train", input),
  });
}

export function useDrift(days: number) {
  return useQuery({
    queryKey: aiModelsKeys.drift(days),
    queryFn: ({ signal }) => api.get<DriftOverview>("/ai-models/drift", { params: { days }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useComputeDrift(days: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<DriftOverview>("/ai-models/drift/compute", undefined, { params: { days } }),
    onSuccess: (data) => queryClient.setQueryData(aiModelsKeys.drift(days), data),
  });
}

export function useFeatureStore() {
  return useQuery({
    queryKey: aiModelsKeys.featureStore(),
    queryFn: ({ signal }) => api.get<FeatureStore>("/ai-models/feature-store", { signal }),
    staleTime: 30_000,
  });
}

export function useFeatureVector(lead: string | null) {
  return useQuery({
    queryKey: aiModelsKeys.vector(lead ?? ""),
    queryFn: ({ signal }) => api.get<FeatureVector>("/ai-models/feature-store/vector", { params: { lead: lead ?? "" }, signal }),
    enabled: Boolean(lead),
    retry: false,
  });
}
