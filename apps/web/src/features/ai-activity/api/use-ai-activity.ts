/**
 * What /ai-activity, /ai-tools/llm-console and the nav's unread badge read and do (docs/ai/activity.md):
 * the ledger in keyset pages, one action in full, this month's spend against the cap, the cap, the
 * unread count, console runs and saved email templates. Keys live under ["ai-activity"].
 */
import type {
  AiActionDetail,
  AiActionPage,
  AiSettings,
  AiSettingsInput,
  AiUnreadCount,
  AiUsage,
  Lead,
  LlmConsoleRun,
  LlmConsoleRunInput,
  SavedEmailTemplate,
  SavedEmailTemplateInput,
  SavedEmailTemplatePage,
} from "@prospector/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export interface ActivityFilters {
  kind?: string;
  engine?: "llm" | "builtin";
  outcome?: "ok" | "error" | "refused" | "over_budget";
  user_id?: string;
  subject_type?: string;
  subject_id?: string;
  q?: string;
}

export const aiActivityKeys = {
  all: ["ai-activity"] as const,
  list: (f: ActivityFilters, cursor: string | undefined) => ["ai-activity", "list", f, cursor ?? null] as const,
  detail: (id: string) => ["ai-activity", "detail", id] as const,
  usage: ["ai-activity", "usage"] as const,
  unread: ["ai-activity", "unread"] as const,
  templates: (cursor: string | undefined) => ["ai-activity", "templates", cursor ?? null] as const,
};

export const PAGE_SIZE = 25;

export function useActivity(filters: ActivityFilters, cursor: string | undefined) {
  return useQuery({
    queryKey: aiActivityKeys.list(filters, cursor),
    queryFn: ({ signal }) => api.get<AiActionPage>("/ai/activity", { params: { ...filters, limit: PAGE_SIZE, cursor }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function useActivityDetail(id: string | null) {
  return useQuery({
    queryKey: aiActivityKeys.detail(id ?? ""),
    queryFn: ({ signal }) => api.get<AiActionDetail>(`/ai/activity/${id}`, { signal }),
    enabled: Boolean(id),
    staleTime: 60_000,
  });
}

export function useAiUsage() {
  return useQuery({
    queryKey: aiActivityKeys.usage,
    queryFn: ({ signal }) => api.get<AiUsage>("/ai/usage", { signal }),
    staleTime: 30_000,
  });
}

export function useSaveAiSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AiSettingsInput) => api.put<AiSettings>("/ai/settings", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiActivityKeys.usage }),
  });
}

/** The nav's badge: polled every 60 s while signed in (and allowed), never reported as an app error. */
export function useAiUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: aiActivityKeys.unread,
    queryFn: ({ signal }) => api.get<AiUnreadCount>("/ai/activity/unread-count", { signal, report: false }),
    enabled,
    retry: false,
    refetchInterval: enabled ? 60_000 : false,
    staleTime: 30_000,
  });
}

export function useMarkSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<AiUnreadCount>("/ai/activity/seen", undefined, { report: false }),
    onSuccess: (r) => queryClient.setQueryData(aiActivityKeys.unread, r),
  });
}

export function useConsoleRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LlmConsoleRunInput) => api.post<LlmConsoleRun>("/ai/console/run", input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["ai-activity", "list"] });
      void queryClient.invalidateQueries({ queryKey: aiActivityKeys.usage });
    },
  });
}

export function useSavedTemplates(cursor: string | undefined) {
  return useQuery({
    queryKey: aiActivityKeys.templates(cursor),
    queryFn: ({ signal }) => api.get<SavedEmailTemplatePage>("/ai/email-templates", { params: { limit: 20, cursor }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SavedEmailTemplateInput) => api.post<SavedEmailTemplate>("/ai/email-templates", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["ai-activity", "templates"] }),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/ai/email-templates/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["ai-activity", "templates"] }),
  });
}

/** Leads to pick in the console, by name, address or company (the leads list's own search). */
export function useConsoleLeadOptions(search: string) {
  return useQuery({
    queryKey: ["ai-activity", "lead-options", search],
    queryFn: ({ signal }) => api.getList<Lead>("/leads/", { params: { search: search || undefined, limit: 20 }, signal }),
    placeholderData: keepPreviousData,
  });
}
