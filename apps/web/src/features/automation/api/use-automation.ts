/** Automation and nurture calls: rules, dry run, run log, sequences, enrolments; the campaigns and leads the pickers offer. */
import type {
  AutomationDryRun,
  AutomationRule,
  AutomationRuleInput,
  AutomationRuleList,
  AutomationRunList,
  CampaignList,
  Lead,
  NurtureEnrollmentList,
  NurtureSequence,
  NurtureSequenceInput,
  NurtureSequenceList,
} from "@prospector/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, type QueryParams } from "../../../lib/api-client.ts";

export const automationKeys = {
  all: ["automation"] as const,
  rules: (q: QueryParams) => ["automation", "rules", q] as const,
  runs: (q: QueryParams) => ["automation", "runs", q] as const,
  sequences: (q: QueryParams) => ["automation", "sequences", q] as const,
  enrollments: (q: QueryParams) => ["automation", "enrollments", q] as const,
  campaigns: ["automation", "campaign-options"] as const,
  leads: (search: string) => ["automation", "lead-options", search] as const,
};

const id = (s: string) => encodeURIComponent(s);

export function useRules(q: QueryParams) {
  return useQuery({
    queryKey: automationKeys.rules(q),
    queryFn: ({ signal }) => api.get<AutomationRuleList>("/automation/rules", { params: q, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRuns(q: QueryParams) {
  return useQuery({
    queryKey: automationKeys.runs(q),
    queryFn: ({ signal }) => api.get<AutomationRunList>("/automation/runs", { params: q, signal }),
    placeholderData: keepPreviousData,
    // The job system runs rules in the background: the log catches up on its own.
    refetchInterval: 15_000,
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: automationKeys.all });
}

export function useSaveRule(ruleId: string | null) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: AutomationRuleInput) =>
      ruleId ? api.put<AutomationRule>(`/automation/rules/${id(ruleId)}`, input) : api.post<AutomationRule>("/automation/rules", input),
    onSuccess: () => invalidate(),
  });
}

export function useToggleRule() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { id: string; enabled: boolean }) =>
      api.post<AutomationRule>(`/automation/rules/${id(v.id)}/enabled`, { enabled: v.enabled }),
    onSettled: () => invalidate(),
  });
}

export function useDeleteRule() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (ruleId: string) => api.delete<void>(`/automation/rules/${id(ruleId)}`),
    onSuccess: () => invalidate(),
  });
}

export function useDryRun(ruleId: string) {
  return useMutation({
    mutationFn: (input: { lead_id: string; campaign_id?: string | null }) =>
      api.post<AutomationDryRun>(`/automation/rules/${id(ruleId)}/dry-run`, input),
  });
}

export function useSequences(q: QueryParams) {
  return useQuery({
    queryKey: automationKeys.sequences(q),
    queryFn: ({ signal }) => api.get<NurtureSequenceList>("/nurture/sequences", { params: q, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

export function useSaveSequence(sequenceId: string | null) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: NurtureSequenceInput) =>
      sequenceId
        ? api.put<NurtureSequence>(`/nurture/sequences/${id(sequenceId)}`, input)
        : api.post<NurtureSequence>("/nurture/sequences", input),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteSequence() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (sequenceId: string) => api.delete<void>(`/nurture/sequences/${id(sequenceId)}`),
    onSuccess: () => invalidate(),
  });
}

export function useEnrollments(q: QueryParams) {
  return useQuery({
    queryKey: automationKeys.enrollments(q),
    queryFn: ({ signal }) => api.get<NurtureEnrollmentList>("/nurture/enrollments", { params: q, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

/** The workspace's campaigns for the pickers (the 100 newest). */
export function useCampaignOptions() {
  return useQuery({
    queryKey: automationKeys.campaigns,
    queryFn: ({ signal }) => api.get<CampaignList>("/campaigns/", { params: { per_page: 100 }, signal }),
    staleTime: 30_000,
  });
}

/** Leads matching a search, for the dry run's picker. */
export function useLeadOptions(search: string) {
  return useQuery({
    queryKey: automationKeys.leads(search),
    queryFn: ({ signal }) => api.getList<Lead>("/leads/", { params: { search: search || undefined, limit: 20 }, signal }),
    placeholderData: keepPreviousData,
  });
}
